"""Lists to hang up or lay out: who sits where (all formats) and format D's registration list
with the entry fee, a paid mark and room to sign."""

from __future__ import annotations

from django.http import HttpRequest

from tafelrunde.engine.knockout import KnockoutState, fees_total
from tafelrunde.engine.knockout.views_data import player_rows
from tafelrunde.engine.name_match import sort_key
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.live.slides_common import hall_rows
from tafelrunde.web.paper.parts import Part

LATE_LINES = 8  # empty numbered lines for late registrations


def seating_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """Everybody at a table alphabetically with table, seat and the start player marked, in
    two columns; format D also who waits."""
    found = seating_of(rec)
    rows = hall_rows(found, rec.family.waits)
    if not any("table" in r for r in rows):
        rows = []
    empty = translated(msg("Nobody sits at a table now: the list is printed once a game is "
                           "drawn."))  # fmt: skip
    context = {
        "rows": rows,
        "heading": translated(found.title),
        "word": translated(found.word),
        "starts": any(r.get("start") for r in rows),
        "empty": empty,
    }
    return [Part("paper/part_seating.html", context, blank=not rows)]


def registration_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """Format D: every registered player with a number, the entry fee, paid or an empty box,
    room to sign; empty lines for late registrations; the totals."""
    _, state = read_only(rec)
    assert isinstance(state, KnockoutState)
    rows = sorted(player_rows(state), key=lambda r: (*sort_key(r["name"]), r["id"]))
    start = len(rows) + 1
    context = {
        "rows": rows,
        "late": range(start, start + LATE_LINES),
        "fee": state.rules.entry_fee,
        "paid": sum(1 for r in rows if r["paid"]),
        "fees": fees_total(state),
        "day": rec.day,
    }
    return [Part("paper/part_registration.html", context)]
