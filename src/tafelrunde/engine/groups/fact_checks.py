"""Checks of facts that need no state: numbers in order, undo of the latest, seeds, corrections."""

from __future__ import annotations

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import AnyFact, Fact, Undo
from tafelrunde.engine.limits import MAX_FACT_NUMBER, MAX_SEED
from tafelrunde.i18n import Text, msg


def check_correction(
    old: Fact | None,
    corrects: int | None,
    what: str,
    where: Text,
    *,
    field: str,
) -> None:
    """Refuse a second entry that does not name the one it corrects, or a stray correction."""
    if old is not None and corrects != old.n:
        said = (
            msg(
                "{where}: there is a result already (no. {n}); a correction must replace "
                "it explicitly (--correct), or undo it.",
                where=where,
                n=old.n,
            )
            if what == "result"
            else msg(
                "{where}: there is a roll-off already (no. {n}); a correction must replace "
                "it explicitly (--correct), or undo it.",
                where=where,
                n=old.n,
            )
        )
        raise RuleError(said, field=field)
    if old is None and corrects is not None:
        said = (
            msg("{where}: there is no result to correct.", where=where)
            if what == "result"
            else msg("{where}: there is no roll-off to correct.", where=where)
        )
        raise RuleError(said, field="corrects")


def check_order(facts: list[AnyFact]) -> None:
    """Refuse numbers that do not rise, and an undo of anything but the latest entry left."""
    last, live = 0, list[int]()
    for fact in facts:
        if not last < fact.n <= MAX_FACT_NUMBER:
            raise RuleError(
                msg("entry no. {n}: the numbers must rise (last no. {last}).", n=fact.n, last=last),
                field="n",
            )
        if isinstance(fact, Undo):
            if not live or live[-1] != fact.target:
                latest = msg("no. {n}", n=live[-1]) if live else msg("none")
                said = msg(
                    "entry no. {n} takes back no. {target}; only the latest entry left can be "
                    "taken back ({latest}).",
                    n=fact.n,
                    target=fact.target,
                    latest=latest,
                )
                raise RuleError(said, field="target")
            live.pop()
        else:
            live.append(fact.n)
        last = fact.n


def check_seed(seed: int) -> None:
    """Refuse a lot seed outside 0 … MAX_SEED."""
    if not 0 <= seed <= MAX_SEED:
        raise RuleError(msg("The seed must lie between 0 and {seed}.", seed=MAX_SEED), field="seed")
