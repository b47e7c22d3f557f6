"""Score sheets (Spielzettel) of the current game or round: one A4 page per table, to write the
results on by hand; formats A–C in sheets_group, format D in sheets_knockout."""

from __future__ import annotations

from django.http import HttpRequest

from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.parts import Part
from tafelrunde.web.paper.sheets_group import group_sheets
from tafelrunde.web.paper.sheets_knockout import knockout_sheets


def sheets_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """The score sheets of every table of the current game or round (nothing before a draw)."""
    _, state = read_only(rec)
    if isinstance(state, KnockoutState):
        empty = translated(
            msg("No table is open now: score sheets are printed once a table is opened.")
        )
        found = knockout_sheets(state)
        return [Part("paper/part_sheets_knockout.html", {"sheets": found, "empty": empty},
                     blank=not found)]  # fmt: skip
    assert isinstance(state, TournamentState)
    empty = translated(
        msg("No table is playing now: score sheets are printed once a game is drawn.")
    )
    group = group_sheets(state)
    return [Part("paper/part_sheets_group.html", {"sheets": group, "empty": empty},
                 blank=not group)]  # fmt: skip
