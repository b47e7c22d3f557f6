"""Slides of every format: who sits where (alphabetically) and the final ranking with prizes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tafelrunde.engine.seat_list import Seating, Where
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import drawn, seating_of
from tafelrunde.web.core.parts import Parts
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.live.slide import Slide, paged

Final = Callable[[TournamentRecord, str], list[Slide]]  # (tournament, the slide's title)
FINAL: Parts[Final] = Parts("final ranking slides")  # each family's rows of its ranking

SEATING_ROWS, SEATING_COLUMNS = 15, 3  # names per column and columns per slide
RANKING_ROWS = 12  # places per slide


def seating(rec: TournamentRecord, now: float) -> list[Slide]:
    """'Who sits where': everybody at a table (format D: also who waits), alphabetically."""
    _, state = read_only(rec)
    if not drawn(state):
        return []
    found = seating_of(rec)
    rows = hall_rows(found, rec.family.waits)
    if not any("table" in r for r in rows):
        return []
    note = translated(found.title)
    if any(r.get("start") for r in rows):
        star = "★ " + translated(msg("start player"))
        note = f"{note} · {star}" if note else star
    title = translated(msg("Who sits where"))
    size = SEATING_ROWS * SEATING_COLUMNS
    return paged("seating", title, "live/slide_seating.html", rows, size, note=note)


def hall_rows(found: Seating, with_waiting: bool) -> list[dict[str, Any]]:
    """Everybody at a table (where tables open one by one: also who waits), alphabetically:
    name, table, seat, whether they start."""
    waits = translated(msg("waiting"))
    rows: list[dict[str, Any]] = []
    for r in found.rows:
        if r.where is Where.SEATED:
            rows.append({"name": r.name, "table": r.table, "seat": r.seat, "start": r.start == 1,
                         "game": r.game})  # fmt: skip
        elif r.where is Where.WAITING and with_waiting:
            rows.append({"name": r.name, "note": waits})
    return rows


def ranking(rec: TournamentRecord, now: float) -> list[Slide]:
    """The final ranking (format D: with the prizes and the Schock-Aus-König), once it is over."""
    if not read_only(rec)[1].finished:
        return []
    title = translated(msg("Final ranking"))
    return FINAL.of(rec.family)(rec, title)
