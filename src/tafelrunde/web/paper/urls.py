"""The print pages' addresses: the menu, each kind, everything at once, the club's look."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.paper.views import look, pages

T = "turniere/<int:pk>/drucken/"

urlpatterns = [
    path(T, pages.menu, name="print-menu"),
    path(T + "alles/", pages.everything, name="print-all"),
    path(T + "<slug:kind>/", pages.printed, name="print"),
    path("drucken/einstellungen/", look.settings, name="print-look"),
    path("drucken/logo.png", look.logo, name="print-logo"),
]
