"""Format D: the game losers the organisers or a referee record, as every way in makes them.

The organisers' tables page, the results board and the command line only read their input
and call these builders (facts numbered 0 at time 0 for `record_all`, which checks them
against the rules); each refuses here what any of those ways refused before.
"""

from __future__ import annotations

from collections.abc import Sequence

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.checks import known_table
from tafelrunde.engine.knockout.facts import (
    GameLost,
    KnockoutFact,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
)
from tafelrunde.engine.knockout.state import KnockoutState
from tafelrunde.i18n import msg

LOSERS = (GameLost, TableLoserEntered, TableLoserConfirmed, TableLoserDecided)


def staff_loser(state: KnockoutState, table: int | None, player: str) -> GameLost:
    """The loser of a table's current game (`table` None: the table the player sits at)."""
    if table is None:
        table = state.players[player].table
        if table is None:
            said = msg("'{name}' is not at a table.", name=state.players[player].name)
            raise RuleError(said, field="player")
    known_table(state, table)
    return GameLost(n=0, at=0, table=table, player=player)


def corrected_loser(
    facts: Sequence[KnockoutFact], corrects: int, player: str, table: int | None = None
) -> GameLost:
    """A new loser for the game that fact `corrects` settled (a loser recorded by the staff
    or settled at the table); `table`, when given, must be that game's table (the rules
    refuse another), else it is the one of fact `corrects`."""
    if table is None:
        old = next((f for f in facts if f.n == corrects), None)
        if not isinstance(old, LOSERS):
            said = msg("no. {correct} is not a recorded game lost.", correct=corrects)
            raise RuleError(said, field="corrects")
        table = old.table
    return GameLost(n=0, at=0, table=table, player=player, corrects=corrects)
