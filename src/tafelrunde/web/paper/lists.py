"""Lists to hang up or lay out: who sits where (all formats) and format D's registration list
with the entry fee, a paid mark and room to sign."""

from __future__ import annotations

from django.http import HttpRequest

from tafelrunde.i18n import msg
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.live.slides_common import hall_rows
from tafelrunde.web.paper.parts import Part


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
