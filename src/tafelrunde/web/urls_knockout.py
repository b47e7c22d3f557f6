"""The addresses of a format-D tournament's pages (below turniere/<pk>/)."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.views import knockout

urlpatterns = [
    path("anmeldung/", knockout.players, name="ko-players"),
    path("ko-tische/", knockout.tables, name="ko-tables"),
    path("leben/", knockout.standings, name="ko-standings"),
]
