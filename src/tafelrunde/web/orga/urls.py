"""The addresses of the organisers' and referees' pages (readable by everyone where they show
a tournament)."""

from __future__ import annotations

from django.urls import include, path

from tafelrunde.web.orga.views import (
    board,
    board_rolloffs,
    club_presets,
    embed_page,
    event_of,
    events,
    logins,
    passes,
    planning,
    play,
    players,
    presence,
    projector,
    rules,
    sign_up_desk,
    tables_page,
    tournaments,
)

T = "turniere/<int:pk>/"

urlpatterns = [
    path("termine/neu/", events.edit, name="event-new"),
    path("termine/<int:pk>/", events.edit, name="event-edit"),
    path("termine/<int:pk>/loeschen/", events.delete, name="event-delete"),
    path("turniere/neu/", tournaments.create, name="tournament-new"),
    path(T + "termin/", event_of.tournament_event, name="tournament-event"),
    path("turniere/laden/", tournaments.import_file, name="tournament-import"),
    path("vorlagen/", club_presets.presets, name="club-presets"),
    path("vereinsseite/", embed_page.embed_page, name="embed-page"),
    path("vorlagen/<int:pk>/regeln.toml", club_presets.download, name="club-preset-file"),
    path("vorlagen/<int:pk>/loeschen/", club_presets.delete, name="club-preset-delete"),
    path("zugaenge/", logins.logins, name="logins"),
    path("zugaenge/<int:pk>/rolle/", logins.role, name="login-role"),
    path("zugaenge/<int:pk>/entfernen/", logins.remove, name="login-remove"),
    path("planung/", planning.start, name="planning"),
    path("planung/<int:pk>/", planning.show, name="plan"),
    path("planung/<int:pk>/stand/", planning.status, name="plan-status"),
    path("planung/<int:pk>/wiederholen/", planning.again, name="plan-again"),
    path(T + "loeschen/", tournaments.delete, name="tournament-delete"),
    path(T + "regeln/", rules.rules, name="rules"),
    path(T + "regeln/vorlage/", rules.save_preset, name="rules-preset"),
    path(T + "spieler/", players.players, name="players"),
    path(T + "paesse/", passes.passes_page, name="passes"),
    path(T + "online-anmeldung/", sign_up_desk.sign_up_desk, name="sign-up-desk"),
    path(T + "spieler/<str:pid>/entfernen/", players.remove, name="player-remove"),
    path(T + "spieler/<str:pid>/abmelden/", presence.withdraw, name="player-withdraw"),
    path(T + "spieler/nachmelden/", presence.join, name="player-join"),
    path(T + "auslosung/", play.draw, name="draw"),
    path(T + "tische/", tables_page.tables, name="tables"),
    path(T + "ergebnis/", play.result, name="result"),
    path(T + "stechen/", play.rolloff, name="rolloff"),
    path(T + "zuruecknehmen/", play.undo, name="undo"),
    path(T + "ergebnistafel/", board.results_board, name="board"),
    path(T + "ergebnistafel/bestaetigen/", board.settle, name="board-settle"),
    path(T + "ergebnistafel/stechen/", board_rolloffs.settle_rolloff, name="board-rolloff"),
    path(T + "tisch-links/", board.links, name="table-links"),
    path(T + "tisch-links/erneuern/", board.renew_links, name="table-links-renew"),
    path(T + "beamer/einstellungen/", projector.projector_settings, name="projector-settings"),
    path(T, include("tafelrunde.web.orga.urls_knockout")),
]
