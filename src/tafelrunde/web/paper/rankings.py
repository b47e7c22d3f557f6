"""Standings and rankings on paper: each stage's standing (formats A–C), the overall ranking
(provisional until the end) and format D's Schock-Aus-König list."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.results import (
    donation_total,
    schock_out_counts,
    schock_out_kings,
    schock_outs_unpaid,
)
from tafelrunde.engine.name_match import sort_key
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import ranking_data, stage_tables
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.parts import Part


def standings_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """Every stage's standing as on the screen page, the newest first, each on its own page."""
    _, state = read_only(rec)
    assert isinstance(state, TournamentState)
    empty = translated(msg("Nothing drawn yet: the standings are printed once a game is drawn."))
    return [Part("paper/part_standings.html", {"stages": stage_tables(rec, state),
                                               "empty": empty})]  # fmt: skip


def ranking_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """The overall ranking as on the screen page; "provisional" until the tournament is over."""
    return [Part("paper/part_ranking.html", ranking_data(rec))]


def kings_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """Format D: each player's Schock aus (counted with donation, not yet paid), most first;
    the king(s) marked; the donation total."""
    _, state = read_only(rec)
    assert isinstance(state, KnockoutState)
    counted, unpaid = schock_out_counts(state), schock_outs_unpaid(state)
    kings = set(schock_out_kings(state))
    players = state.players
    rows: list[dict[str, Any]] = [
        {"name": players[p].name, "counted": counted.get(p, 0), "unpaid": unpaid.get(p, 0),
         "king": p in kings}
        for p in set(counted) | set(unpaid)
    ]  # fmt: skip
    rows.sort(key=lambda r: (-r["counted"], -r["unpaid"], *sort_key(r["name"])))
    context = {
        "rows": rows,
        "kings": [players[p].name for p in sorted(kings)],
        "donation": state.rules.donation,
        "donations": len(state.donations),
        "total": donation_total(state),
        "finished": state.finished,
    }
    return [Part("paper/part_kings.html", context)]
