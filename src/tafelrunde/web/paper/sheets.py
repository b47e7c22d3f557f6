"""Score sheets (Spielzettel) of the current game or round: one A4 page per table, to write the
results on by hand; formats A–C in sheets_group, format D in sheets_knockout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest

from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.parts import Part
from tafelrunde.web.paper.sheets_group import group_sheets
from tafelrunde.web.paper.sheets_knockout import knockout_sheets


def sheets_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """The score sheets of every table of the current game or round (nothing before a draw)."""
    template, make, empty = SHEETS[rec.family.key]
    found = make(read_only(rec)[1])
    context = {"sheets": found, "empty": translated(empty)}
    return [Part(template, context, blank=not found)]


# each family's score sheets, by its key: the template, the sheets, what an empty one says
SHEETS: dict[str, tuple[str, Callable[[Any], list[Any]], Message]] = {
    GROUP.key: (
        "paper/part_sheets_group.html",
        group_sheets,
        msg("No table is playing now: score sheets are printed once a game is drawn."),
    ),
    KNOCKOUT.key: (
        "paper/part_sheets_knockout.html",
        knockout_sheets,
        msg("No table is open now: score sheets are printed once a table is opened."),
    ),
}
