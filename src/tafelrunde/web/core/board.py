"""The tables of the current game at a glance (formats A–C): their links and result states."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.table_rolloffs import TableRolloff, table_rolloff
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.web.core.seat import Seat, Where, seat_of, where_of

ORDER = {"disputed": 0, "entered": 1, "open": 2, "confirmed": 3, "decided": 3}


@dataclass(frozen=True)
class Row:
    """One table on the board: where its link points, and how its result stands."""

    where: Where
    seat: Seat
    rolloffs: tuple[TableRolloff, ...] = ()  # its disputed roll-offs: the organisers decide

    @property
    def status(self) -> str:
        """The table's state on the board: disputed while a roll-off of it is disputed."""
        return "disputed" if self.rolloffs else self.seat.status.status


def disputed_rolloffs(state: TournamentState) -> dict[tuple[int, int], list[TableRolloff]]:
    """The running stage's disputed roll-offs, by the game (0: the stage's standing) and
    table they were entered at."""
    st = state.current
    out: dict[tuple[int, int], list[TableRolloff]] = {}
    if st is None:
        return out
    for need in open_rolloffs(state):
        found = table_rolloff(st, need) if need.table is not None else None
        if found is not None and found.status == "disputed":
            out.setdefault((need.game, need.table or 0), []).append(found)
    return out


def _own(disputed: dict[tuple[int, int], list[TableRolloff]], game: int, index: int,
         latest: int) -> tuple[TableRolloff, ...]:  # fmt: skip
    """The disputed roll-offs a board row shows: of its game and table (the latest game's
    row also takes those of the stage's standing; a table kept for the stage (`game` 0)
    takes all of its own)."""
    return tuple(
        r for (g, t), found in disputed.items() if t == index
        and (g == game or not game or (not g and game == latest)) for r in found
    )  # fmt: skip


def current_tables(state: TournamentState) -> list[Row]:
    """Every table of the running stage's current game, with any earlier game still open
    (its result, or a roll-off of it disputed)."""
    st = state.current
    if st is None:
        return []
    disputed = disputed_rolloffs(state)
    rows = []
    latest = st.drawn_games()
    games = range(1, latest + 1) if st.rule.reseat_each_game else [0]
    for game in games:
        for index in range(1, len(st.tables(game or 1) or ()) + 1):
            seat = seat_of(state, where_of(st, index, game))
            if seat is None or not st.played(seat.game, index):
                continue  # everybody at this table withdrew
            own = _own(disputed, game, index, latest)
            if game not in (0, latest) and seat.status.result is not None and not own:
                continue  # an earlier game's table that is done
            rows.append(Row(where_of(st, index, game), seat, own))
    return rows


def board(state: TournamentState) -> tuple[list[Row], Counter[str]]:
    """The tables in the order the organisers need them (disputed first) and the counts."""
    rows = current_tables(state)
    counts: Counter[str] = Counter("confirmed" if r.status == "decided" else r.status for r in rows)
    rows.sort(key=lambda r: (ORDER[r.status], r.seat.game, r.seat.index))
    return rows, counts
