"""The addresses of the pages everyone reads."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.public.views import (
    calendar,
    family_page,
    home,
    ko_standings,
    seats,
    standings,
    tournament,
)

T = "turniere/<int:pk>/"

urlpatterns = [
    path("", home.home, name="home"),
    path("termine.ics", calendar.all_dates, name="calendar"),
    path("termine/<str:slug>.ics", calendar.kind_dates, name="calendar-kind"),
    path(T, tournament.overview, name="tournament"),
    path(T + "seite/<slug:page>/", family_page.family_page, name="family-page"),
    path(T + "turnierdatei.json", tournament.export_json, name="export-json"),
    path(T + "endstand.csv", tournament.export_csv, name="export-csv"),
    path(T + "endstand.xlsx", tournament.export_xlsx, name="export-xlsx"),
    path(T + "protokoll/", tournament.log, name="log"),
    path(T + "stand/", standings.standings, name="standings"),
    path(T + "endstand/", standings.ranking, name="ranking"),
    path(T + "leben/", ko_standings.standings, name="ko-standings"),
    path(T + "wo-sitze-ich/", seats.seats, name="seats"),
]
