"""Format D entries shared by the command line and the web: tables to open, undo, table state."""

from __future__ import annotations

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.checks import known_table
from tafelrunde.engine.knockout.corrections import effective_facts
from tafelrunde.engine.knockout.facts import (
    GameLost,
    KnockoutFact,
    OpenTable,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
    Undo,
)
from tafelrunde.engine.knockout.ko_file import KnockoutTournament
from tafelrunde.engine.knockout.model import Status
from tafelrunde.engine.knockout.rules import Bracket
from tafelrunde.engine.knockout.state import KnockoutState
from tafelrunde.engine.knockout.steps import next_steps, one_text, openable_tables
from tafelrunde.i18n import msg

TABLE_LOSERS = (GameLost, TableLoserEntered, TableLoserConfirmed, TableLoserDecided)
AT = 0  # placeholder time; record_all gives every fact its real time


def hand_table(state: KnockoutState, ids: tuple[str, ...], bracket: Bracket | None) -> OpenTable:
    """Open a table by hand; without a bracket the first player's (a finalist's: grand final)."""
    if not ids:
        raise RuleError(
            msg("Please choose the table's players."),
            field="players",
        )
    first = state.players[ids[0]]
    chosen = bracket or first.bracket or Bracket.MAIN
    if first.status is Status.FINALIST and bracket is None:
        chosen = Bracket.GRAND_FINAL
    return OpenTable(n=0, at=AT, bracket=chosen, players=ids, by_hand=True)


def tables_to_open(state: KnockoutState, only: Bracket | None = None) -> list[OpenTable]:
    """Return the suggested tables (and the grand final) to open now; refuse when there is none."""
    tables = [
        OpenTable(n=0, at=AT, bracket=b, players=players)
        for b, players in openable_tables(state, only)[0]
    ]
    if state.grand_final_ready() and only in (None, Bracket.GRAND_FINAL):
        final = tuple(state.finalists)
        tables.append(OpenTable(n=0, at=AT, bracket=Bracket.GRAND_FINAL, players=final))
    if not tables:
        steps = one_text(*(s.text for s in next_steps(state)))
        raise RuleError(msg("there is no table to open now. {steps}", steps=steps), field="players")
    return tables


def undo_target(tour: KnockoutTournament) -> KnockoutFact:
    """Return the latest entry that still counts (also when it is a correction)."""
    counting = effective_facts(tour.facts)
    if not counting:
        raise RuleError(msg("There is nothing to undo."), field="file")
    return max(counting, key=lambda f: f.n)


def last_loss(
    tour: KnockoutTournament, table: int, state: KnockoutState | None = None
) -> KnockoutFact | None:
    """Return the fact that settled the latest game at a table (the one a correction replaces).

    A `GameLost` of the staff, or the table's entry, confirmation or decision that made the
    loser count. `state` is the tournament's state, replayed when not given.
    """
    state = state or tour.state()
    t = state.tables.get(table)
    if t is None or t.lost == 0:
        return None
    n = state.results[(table, t.lost)].history[-1].n
    return next(f for f in reversed(effective_facts(tour.facts)) if f.n == n)


def table_token(state: KnockoutState, number: int) -> str:
    """Return a short text of a table's state: who still plays with how many chips, open or not."""
    table = known_table(state, number)
    chips = ",".join(f"{p}={state.players[p].chips}" for p in table.remaining)
    return f"{number}:{chips}:{'open' if table.is_open else 'closed'}"


def table_changes(tour: KnockoutTournament, number: int, since: int) -> list[KnockoutFact]:
    """Return the entries after number `since` that changed a table (losers, their undos)."""
    at_table = {f.n for f in tour.facts if isinstance(f, TABLE_LOSERS) and f.table == number}
    return [
        f
        for f in tour.facts
        if f.n > since and (f.n in at_table or (isinstance(f, Undo) and f.target in at_table))
    ]
