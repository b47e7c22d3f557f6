"""Results entered and confirmed at the table (formats A–C): the facts applied to a stage.

A player's entry is checked like the organiser's result but counts only once it is settled
under the ruleset's `confirmation` rule (engine/confirmation.py); then it is stored as the
table's result, numbered and signed as the entry. Results of the organiser or a referee
settle a table at once.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from tafelrunde.engine.confirmation import (
    STAFF,
    Status,
    TableConfirm,
    TableDecide,
    TableEntry,
    TableResult,
    not_from_phone,
)
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import Result, TableConfirmed, TableEntered, TableFact
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_situation import TournamentSituation
from tafelrunde.i18n import msg


def values_of(fact: TableEntered | Result) -> Hashable:
    """What two entries must share to be the same result."""
    return (
        tuple(sorted(fact.scores.items())),
        tuple(sorted(fact.pips.items())),
        tuple(sorted(fact.places.items())),
    )


def _table(state: TournamentSituation, st: StageState, game: int, index: int) -> TableResult:
    """The confirmation state of a table's game (a fresh one when nothing was entered)."""
    found = st.at_table.get((game, index))
    if found is not None:
        return found
    return TableResult(state.tournament.ruleset.confirmation, st.seated(game, index))


def apply(state: TournamentSituation, fact: TableFact) -> None:
    """Apply an entry, confirmation or decision made for a table; refuse what does not fit."""
    st = state.open_stage(fact.stage)
    if isinstance(fact, TableEntered):
        if fact.player == STAFF:
            raise RuleError(msg("Only a player of this table can do that."), field="player")
        state.check_result(st, fact.as_result())
        step: TableEntry | TableConfirm | TableDecide = TableEntry(
            fact.n, fact.player, values_of(fact), fact.phone
        )
    else:
        state.check_table(st, fact.game, fact.table)
        if (fact.game, fact.table) not in st.at_table:
            said = msg("Nothing has been entered at this table yet.")
            raise RuleError(said, field="entry")
        if isinstance(fact, TableConfirmed):
            step = TableConfirm(fact.n, fact.player, fact.entry, fact.phone)
        else:
            step = TableDecide(fact.n, fact.entry)
    table = _table(state, st, fact.game, fact.table)
    before = table.settled
    if before is None and isinstance(step, TableConfirm | TableDecide):
        entry = st.table_entries.get(step.entry)
        if entry is not None:  # a pending entry must still fit (a player may have withdrawn)
            state.check_result(st, entry.as_result())
    table.apply(step)  # refuses without changing anything
    st.at_table[(fact.game, fact.table)] = table
    if isinstance(fact, TableEntered):
        st.table_entries[fact.n] = fact
    if table.settled is not None and table.settled is not before:
        state.store_result(st, st.table_entries[table.settled.n].as_result())


def settled_by_staff(state: TournamentSituation, st: StageState, result: Result) -> None:
    """Note that the organiser or a referee entered (or corrected) a table's result."""
    key = (result.game, result.table)
    table = _table(state, st, *key)
    table.apply(TableEntry(result.n, STAFF, values_of(result)))
    st.at_table[key] = table


@dataclass(frozen=True)
class TableStatus:
    """Where a table's result stands: open, entered, confirmed, disputed or decided."""

    game: int
    table: int
    status: Status
    pending: tuple[TableEntered, ...]  # the versions awaiting a word, oldest first
    result: Result | None  # the result that counts
    by_staff: bool  # the result that counts was entered by the organiser or a referee
    confirmable: tuple[tuple[str, tuple[int, ...]], ...] = ()  # by player: what they may confirm

    def may_confirm(self, player: str, phone: str = "") -> tuple[int, ...]:
        """The versions this player may confirm now from this phone (the engine's answer
        for every page): not one entered on the same phone."""
        allowed = dict(self.confirmable).get(player, ())
        return not_from_phone(allowed, {e.n: e.phone for e in self.pending}, phone)


def table_status(st: StageState, game: int, index: int) -> TableStatus:
    """The state of one table's game."""
    table = st.at_table.get((game, index))
    result = st.results.get((game, index))
    if table is None:
        return TableStatus(game, index, "confirmed" if result else "open", (), result, True)
    pending = tuple(st.table_entries[e.n] for e in table.pending)
    by_staff = table.settled is not None and table.settled.player == STAFF
    confirmable = tuple((p, table.may_confirm(p)) for p in table.seats)
    return TableStatus(game, index, table.status, pending, result, by_staff, confirmable)


def current_game(st: StageState, index: int) -> int:
    """The game a table plays now: the latest drawn one, or at fixed tables the first one
    without a result (the last one when all have theirs)."""
    if st.rule.reseat_each_game:
        return st.drawn_games()
    for game in range(1, st.rule.games + 1):
        if (game, index) not in st.results:
            return game
    return st.rule.games
