"""Rewrite a history: undos take facts back, corrections replace game losers in place.

A correction (a `GameLost` with `corrects`) replaces an earlier game loser of the same table:
a `GameLost`, or the table's entry, confirmation or decision that settled a game (the
replayed game is then settled by the staff with the corrected loser).
"""

from __future__ import annotations

from collections.abc import Sequence

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.facts import (
    GameLost,
    KnockoutFact,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
    Undo,
)
from tafelrunde.i18n import msg


def _index(facts: list[KnockoutFact], target: int) -> int:
    """Return where fact `target` stands in the effective history."""
    for i, f in enumerate(facts):
        if f.n == target:
            return i
    raise RuleError(
        msg("there is no fact {target} (or it was taken back already).", target=target),
        field="target",
    )


def effective_facts(history: Sequence[KnockoutFact]) -> list[KnockoutFact]:
    """Return the facts that count, in order: undone ones left out, corrected ones replaced."""
    facts: list[KnockoutFact] = []
    replaced: dict[int, KnockoutFact] = {}
    for f in history:
        if isinstance(f, Undo):
            i = _index(facts, f.target)
            if f.target in replaced:
                facts[i] = replaced.pop(f.target)
            else:
                del facts[i]
        elif isinstance(f, GameLost) and f.corrects is not None:
            i = _index(facts, f.corrects)
            old = facts[i]
            losers = GameLost | TableLoserEntered | TableLoserConfirmed | TableLoserDecided
            if not isinstance(old, losers) or old.table != f.table:
                raise RuleError(
                    msg(
                        "fact {corrects} is not a game lost at table {table}.",
                        corrects=f.corrects,
                        table=f.table,
                    ),
                    field="corrects",
                )
            replaced[f.n] = old
            facts[i] = f
        else:
            facts.append(f)
    return facts
