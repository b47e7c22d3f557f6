"""The addresses of the web application: login, language, and each audience's app."""

from __future__ import annotations

from django.contrib.auth import views as auth
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from tafelrunde.web.core.views.language import language
from tafelrunde.web.core.writes import unlocked

handler500 = "tafelrunde.web.core.views.errors.server_error"  # the database out of reach: 503

urlpatterns = [
    # cookies only (a login's password check must not hold the writers' lock)
    path("anmelden/", unlocked(auth.LoginView.as_view()), name="login"),
    path("abmelden/", unlocked(auth.LogoutView.as_view()), name="logout"),
    path("i18n/setlang/", unlocked(language), name="set_language"),
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
