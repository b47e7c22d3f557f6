"""Where a player sits now and the link of that table: what a bound phone and a pass show."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.engine.seat_list import SeatRow
from tafelrunde.engine.seat_list import Where as At
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.table.ko_board import hall_where
from tafelrunde.web.table.links import Where, tokens_for
from tafelrunde.web.table.seat import where_of


def _group_link(state: Any, row: SeatRow) -> Where | None:
    """The link of a format A–C player's table in the running stage."""
    st = state.current
    if st is None or row.table is None or row.game is None:
        return None
    return where_of(st, row.table, row.game)


def _knockout_link(_state: Any, row: SeatRow) -> Where | None:
    """The link of the hall's table where a format-D player sits."""
    return hall_where(row.table) if row.table is not None else None


_LINKS: dict[str, Callable[[Any, SeatRow], Where | None]] = {
    GROUP.key: _group_link,
    KNOCKOUT.key: _knockout_link,
}


def row_of(rec: TournamentRecord, player: str) -> SeatRow | None:
    """The player's row of the seating now (None: not a player of it)."""
    return next((r for r in seating_of(rec).rows if r.player == player), None)


def table_token(rec: TournamentRecord, state: Any, row: SeatRow | None) -> str:
    """The token of the table link where the row's player sits now ("": not seated)."""
    if row is None or row.where is not At.SEATED:
        return ""
    where = _LINKS[rec.family.key](state, row)
    return tokens_for(rec, [where])[where] if where is not None else ""


def name_of(rec: TournamentRecord, player: str) -> str:
    """A player's name as the seating list shows it (the id if not found), from the state the
    page shows (a phone's page needs no seating of everybody for it)."""
    state: Any = read_only(rec)[1]
    found: str = state.name_of(player)
    return found
