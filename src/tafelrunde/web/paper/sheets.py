"""Score sheets (Spielzettel) of the current game or round: one A4 page per table, to write the
results on by hand; formats A–C in sheets_group, format D in sheets_knockout."""

from __future__ import annotations

from django.http import HttpRequest

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.family_parts import PAPER
from tafelrunde.web.paper.parts import Part


def sheets_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """The score sheets of every table of the current game or round (nothing before a draw)."""
    sheets = PAPER.of(rec.family).sheets
    found = sheets.make(rec)
    context = {"sheets": found, "empty": translated(sheets.empty)}
    return [Part(sheets.template, context, blank=not found)]
