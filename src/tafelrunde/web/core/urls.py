"""The addresses of the web application: login, language, and each audience's app."""

from __future__ import annotations

from django.contrib.auth import views as auth
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from tafelrunde.web.core.views.language import language

handler500 = "tafelrunde.web.core.views.errors.server_error"  # the database out of reach: 503

urlpatterns = [
    path("anmelden/", auth.LoginView.as_view(), name="login"),
    path("abmelden/", auth.LogoutView.as_view(), name="logout"),
    path("i18n/setlang/", language, name="set_language"),
    path("favicon.ico", RedirectView.as_view(url=static("web/favicon.svg"), permanent=True)),
    path("", include("tafelrunde.web.public.urls")),
    path("", include("tafelrunde.web.table.urls")),
    path("", include("tafelrunde.web.live.urls")),
    path("", include("tafelrunde.web.paper.urls")),
    path("", include("tafelrunde.web.club.urls")),
    path("", include("tafelrunde.web.api.urls")),
    path("", include("tafelrunde.web.player.urls")),
    path("", include("tafelrunde.web.orga.urls")),
]
