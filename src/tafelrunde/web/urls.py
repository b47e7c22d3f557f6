"""The addresses of the web application."""

from __future__ import annotations

from django.contrib.auth import views as auth
from django.urls import include, path

from tafelrunde.web.views import events, home, play, players, standings, tables_page, tournaments

T = "turniere/<int:pk>/"

urlpatterns = [
    path("", home.home, name="home"),
    path("anmelden/", auth.LoginView.as_view(), name="login"),
    path("abmelden/", auth.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("termine/neu/", events.edit, name="event-new"),
    path("termine/<int:pk>/", events.edit, name="event-edit"),
    path("termine/<int:pk>/loeschen/", events.delete, name="event-delete"),
    path("turniere/neu/", tournaments.create, name="tournament-new"),
    path("turniere/laden/", tournaments.import_file, name="tournament-import"),
    path(T, tournaments.overview, name="tournament"),
    path(T + "loeschen/", tournaments.delete, name="tournament-delete"),
    path(T + "regeln/", tournaments.rules, name="rules"),
    path(T + "turnierdatei.json", tournaments.export_json, name="export-json"),
    path(T + "endstand.csv", tournaments.export_csv, name="export-csv"),
    path(T + "protokoll/", tournaments.log, name="log"),
    path(T + "spieler/", players.players, name="players"),
    path(T + "spieler/<str:pid>/entfernen/", players.remove, name="player-remove"),
    path(T + "auslosung/", play.draw, name="draw"),
    path(T + "tische/", tables_page.tables, name="tables"),
    path(T + "ergebnis/", play.result, name="result"),
    path(T + "stechen/", play.rolloff, name="rolloff"),
    path(T + "zuruecknehmen/", play.undo, name="undo"),
    path(T + "stand/", standings.standings, name="standings"),
    path(T + "endstand/", standings.ranking, name="ranking"),
    path(T, include("tafelrunde.web.urls_knockout")),
]
