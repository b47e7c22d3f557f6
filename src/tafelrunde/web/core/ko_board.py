"""Format D on the results board and the links page: every open table and its current game."""

from __future__ import annotations

from collections import Counter

from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.table_entry import results_board
from tafelrunde.web.core.board_row import BoardRow
from tafelrunde.web.core.seat import Where, status_words
from tafelrunde.web.core.templatetags.tafel import translated

HALL = "hall"  # the stage of a physical table's link: its `table` is the hall's number


def where_of(table: int) -> Where:
    """The link of an opened table (its number counts the openings, so it is never reused)."""
    return Where("", 0, table)


def hall_where(place: int) -> Where:
    """The link of a physical table of the hall: it opens whichever table is open there now,
    so one printed card serves the whole evening."""
    return Where(HALL, 0, place)


def sitting_of(state: KnockoutState, stage: str, table: int) -> int | None:
    """The opened table a link leads to now: the one open at its physical table (a hall
    link), or the one it was made for (None: no such table, or its opening was undone)."""
    if stage == HALL:
        return next((t.number for t in state.open_tables() if t.place == table), None)
    return table if table in state.tables else None


def rows(state: KnockoutState) -> tuple[list[BoardRow], Counter[str]]:
    """The open tables as board rows (disputed first) and the counts of their states."""
    shown: list[BoardRow] = []
    counts = Counter[str]()
    for g in results_board(state):
        said, _ = status_words(g, g.mode)  # type: ignore[arg-type]
        name = state.players
        shown.append({
            "where": hall_where(g.place), "table": g.place, "game": g.game, "status": g.status,
            "said": translated(said), "stage": "", "key": g.table,
            "names": [name[p].name for p in state.tables[g.table].remaining],  # still there
            "versions": [{"n": v.entry, "by": name[v.player].name, "loser": name[v.loser].name}
                         for v in g.versions],
            "settled": g.loser is not None, "by_staff": g.by_staff,
            "mark": g.history[-1].n if g.history else 0,
        })  # fmt: skip
        counts["confirmed" if g.status == "decided" else g.status] += 1
    return shown, counts


def free_rows(state: KnockoutState) -> list[BoardRow]:
    """A links-page row for each table of the hall nobody plays at now (when the hall's size
    is set): its card can be printed and scanned before a table is opened there."""
    used = {t.place for t in state.open_tables()}
    return [
        {"where": hall_where(place), "table": place, "game": 0, "key": f"frei{place}",
         "names": [], "free": True}
        for place in range(1, (state.hall_tables or 0) + 1)
        if place not in used
    ]  # fmt: skip
