"""Slides of every format: who sits where (alphabetically) and the final ranking with prizes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tafelrunde.engine.export import knockout_ranking_rows, ranking_table
from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.results import schock_out_kings
from tafelrunde.engine.seat_list import Seating, Where
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import drawn, ranking_deciders, seating_of
from tafelrunde.web.core.templatetags.tafel import Translator, translated
from tafelrunde.web.live.slide import Slide, paged

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
    tour, state = read_only(rec)
    if not state.finished:
        return []
    title = translated(msg("Final ranking"))
    return FINAL[rec.family.key](tour, state, title)


def _knockout_final(_tour: Any, state: KnockoutState, title: str) -> list[Slide]:
    """A knockout's final ranking with its prizes and the Schock-Aus-König."""
    rows = [
        [(r["place"], "n"), (r["name"], "name"), (r["prize"] or "", "")]
        for r in knockout_ranking_rows(state)
    ]
    kings = ", ".join(state.players[p].name for p in schock_out_kings(state))
    note = translated(msg("Schock-Aus-König")) + ": " + kings if kings else ""
    return paged("ranking", title, "live/slide_ranking.html", rows, RANKING_ROWS,
                 note=note, prizes=True)  # fmt: skip


def _group_final(tour: Any, state: Any, title: str) -> list[Slide]:
    """A group format's final ranking with the stage each player reached."""
    _, table = ranking_table(tour, state)
    tr = Translator()  # the rows share their stage's title and labels
    rows = [
        [(place, "n"), (tr(name), "name"), (tr(stage), ""), (tr(values), "small"),
         (decided, "")]
        for (place, name, stage, _rank, values), decided in zip(
            table, ranking_deciders(state), strict=True)
    ]  # fmt: skip
    return paged("ranking", title, "live/slide_ranking.html", rows, RANKING_ROWS, prizes=False)


FINAL: dict[str, Callable[[Any, Any, str], list[Slide]]] = {  # by family key
    GROUP.key: _group_final,
    KNOCKOUT.key: _knockout_final,
}
MAKERS: dict[str, Callable[[TournamentRecord, float], list[Slide]]] = {
    "seating": seating,
    "ranking": ranking,
}
