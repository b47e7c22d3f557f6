"""„Wo sitze ich?": a player types their name and sees table, seat and start position now;
below, everybody alphabetically with table and seat. Read only, for everyone."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from tafelrunde.engine.limits import NAME_LENGTH
from tafelrunde.engine.name_match import name_key
from tafelrunde.engine.seat_list import SeatRow, Where
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.domain.store import latest
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.shared import empty, shared_page
from tafelrunde.web.core.templatetags.tafel import lang, translated
from tafelrunde.web.public.seating_rows import name_options, seating_rows

MAX_FOUND = 30  # players shown for a part of a name; more: type more of it


def printable(text: str) -> str:
    """What was typed, without control characters and noncharacters (which a browser shows
    as �), to show it again in the box."""
    return "".join(
        c for c in text if unicodedata.category(c) not in ("Cc", "Cs") and not _nonchar(c)
    )


def _nonchar(c: str) -> bool:
    """Say whether a character is one of Unicode's 66 noncharacters (U+FDD0, U+FFFF, …)."""
    code = ord(c)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def shown_row(row: SeatRow) -> dict[str, Any]:
    """A player's place in the active language."""
    return {
        "name": row.name,
        "seated": row.where is Where.SEATED,
        "table": row.table,
        "seat": row.seat,
        "start": row.start,
        "game": row.game,
        "start_text": translated(row.start_text()),
        "note": translated(row.note),
    }


def seating_block(rec: TournamentRecord) -> str:
    """The list of everybody (and the names to pick from), made once per state and language."""

    def make(now: TournamentRecord) -> str:
        found = seating_of(now)
        context = {
            "rows": bool(found.rows),
            "body": seating_rows(found),
            "options": name_options(found),
            "word": translated(found.word),
            "with_start": found.with_start,
        }
        return render_to_string("public/seating_list.html", context)

    return latest(rec, f"seating-list:{lang()}", make)


@require_safe
@shared_page(query={"name": empty})
def seats(request: HttpRequest, pk: int) -> HttpResponse:
    """Find a player's table by a typed name (any case, accents, a part of it); list all."""
    rec = record_of(pk)
    found = seating_of(rec)
    typed = request.GET.get("name", "")
    context: dict[str, Any] = {
        "typed": printable(typed)[:NAME_LENGTH],
        "title": translated(found.title),
        "note": translated(found.note),
        "word": translated(found.word),
        "seated": found.seated(),
        "everybody": len(found.rows),
        "list": mark_safe(seating_block(rec)),  # rendered from a template: escaped there
        "max_length": NAME_LENGTH,
    }
    status = 200
    if len(typed) > NAME_LENGTH:
        status = 400
        context["error"] = translated(
            msg("Name: at most {count} characters, please.", count=NAME_LENGTH)
        )
    elif name_key(typed):
        hits = found.index.find(typed)
        context["searched"] = True
        context["found"] = [shown_row(found.rows[i]) for i in hits[:MAX_FOUND]]
        context["more"] = max(0, len(hits) - MAX_FOUND)
        if not hits:
            close = found.index.close(typed)
            context["close"] = [found.rows[i].name for i in close]
    elif typed.strip():  # only spaces: as an empty box
        context["error"] = translated(msg("Name: please type a name."))
    response = page(request, rec, "public/seats.html", context)
    response.status_code = status
    return response
