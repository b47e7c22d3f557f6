"""The addresses of the web application: login, language, and each audience's app."""

from __future__ import annotations

from django.contrib.auth import views as auth
from django.urls import include, path

urlpatterns = [
    path("anmelden/", auth.LoginView.as_view(), name="login"),
    path("abmelden/", auth.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tafelrunde.web.public.urls")),
    path("", include("tafelrunde.web.table.urls")),
    path("", include("tafelrunde.web.live.urls")),
    path("", include("tafelrunde.web.paper.urls")),
    path("", include("tafelrunde.web.club.urls")),
    path("", include("tafelrunde.web.orga.urls")),
]
