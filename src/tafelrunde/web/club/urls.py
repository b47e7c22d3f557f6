"""The people pages' addresses: the registry, its import and merges, a tournament's players."""

from __future__ import annotations

from django.urls import path

from tafelrunde.web.club.views import (
    embeds,
    imports,
    merge,
    people,
    public,
    seasons,
    suggest,
    tournament,
)

T = "turniere/<int:pk>/personen/"
S = "saisons/<int:pk>/"

urlpatterns = [
    path("personen/", people.persons, name="persons"),
    path("personen/vorschlaege/", suggest.person_suggestions, name="person-suggest"),
    path("personen/neu/", people.person_new, name="person-new"),
    path("personen/import/", imports.member_import, name="person-import"),
    path("personen/import/uebernehmen/", imports.member_import_apply, name="person-import-apply"),
    path("personen/<int:person>/", public.person, name="person"),
    path("spielstaerke/", public.ratings, name="ratings"),
    path("statistik/", public.statistics, name="club-statistics"),
    path("personen/<int:person>/bearbeiten/", people.person_edit, name="person-edit"),
    path("personen/zusammenfuehren/zurueck/", merge.person_unmerge, name="person-unmerge"),
    path("personen/<int:person>/zusammenfuehren/", merge.person_merge, name="person-merge"),
    path("saisons/", seasons.seasons, name="seasons"),
    path("saisons/neu/", seasons.season_new, name="season-new"),
    path(S, seasons.season, name="season"),
    path(S + "bearbeiten/", seasons.season_edit, name="season-edit"),
    path(S + "loeschen/", seasons.season_delete, name="season-delete"),
    path(S + "export.csv", seasons.season_export_csv, name="season-csv"),
    path(S + "export.xlsx", seasons.season_export_xlsx, name="season-xlsx"),
    path(S + "drucken/", seasons.season_print, name="season-print"),
    path("einbetten/termine/", embeds.dates, name="embed-dates"),
    path("einbetten/turniere/<int:pk>/stand/", embeds.standings, name="embed-standings"),
    path("einbetten/turniere/<int:pk>/endstand/", embeds.ranking, name="embed-ranking"),
    path("einbetten/saisons/<int:pk>/", embeds.season, name="embed-season"),
    path(T, tournament.tournament_persons, name="tournament-persons"),
    path(T + "verknuepfen/", tournament.person_link, name="tournament-person-link"),
    path(T + "neu/", tournament.person_from_player, name="tournament-person-new"),
    path(T + "loesen/", tournament.person_unlink, name="tournament-person-unlink"),
    path(T + "alle/", tournament.link_all_certain, name="tournament-persons-certain"),
]
