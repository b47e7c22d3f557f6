"""A table's open roll-offs as its players see them: who may enter, their state, the versions
awaiting a word, and who may confirm which (the engine's answer for every page)."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.engine.confirmation import Status, not_from_phone
from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.facts import RolloffEntered
from tafelrunde.engine.groups.rolloff_entry import rolloff_key, rolloff_seats
from tafelrunde.engine.groups.stage_state import RolloffKey, RolloffNeed, StageState
from tafelrunde.engine.groups.tournament_state import TournamentState


@dataclass(frozen=True)
class TableRolloff:
    """An open roll-off of a table: who may enter it, its state, the pending versions."""

    need: RolloffNeed
    seats: tuple[str, ...]  # the players of the table, who may enter and confirm it
    status: Status  # open, entered or disputed (settled ones are no longer open)
    pending: tuple[RolloffEntered, ...]  # the versions awaiting a word, oldest first
    mark: int  # the number of its latest entry or confirmation (0: none): a form's version
    confirmable: tuple[tuple[str, tuple[int, ...]], ...] = ()  # by player: what they may confirm

    def may_confirm(self, player: str, phone: str = "") -> tuple[int, ...]:
        """The versions this player may confirm now from this phone: not one entered on it."""
        allowed = dict(self.confirmable).get(player, ())
        return not_from_phone(allowed, {e.n: e.phone for e in self.pending}, phone)


def rolloff_mark(st: StageState, key: RolloffKey) -> int:
    """The number of a roll-off's latest entry or confirmation at its table (0: none)."""
    found = st.rolloff_tables.get(key)
    return found.history[-1].n if found is not None and found.history else 0


def table_rolloff(st: StageState, need: RolloffNeed) -> TableRolloff:
    """The state of one open roll-off at its table."""
    key = rolloff_key(need.kind, need.game, need.players)
    seats = rolloff_seats(st, need)
    found = st.rolloff_tables.get(key)
    if found is None:
        return TableRolloff(need, seats, "open", (), 0)
    pending = tuple(st.rolloff_entries[e.n] for e in found.pending)
    confirmable = tuple((p, found.may_confirm(p)) for p in found.seats)
    return TableRolloff(need, seats, found.status, pending, rolloff_mark(st, key), confirmable)


def table_rolloffs(state: TournamentState, table: int) -> list[TableRolloff]:
    """The running stage's open roll-offs of one table, as its players see them."""
    st = state.current
    if st is None:
        return []
    return [table_rolloff(st, need) for need in open_rolloffs(state, table)]
