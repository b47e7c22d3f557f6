"""What each app asks of a format family, answered by the family's own package.

An app declares one concern (a typed interface: a `Protocol` or a frozen dataclass of
functions) and a `Parts` of it; each family's web package (`tafelrunde.web.families`) adds its
answer when the apps are ready, and a page asks `PARTS.of(rec.family)`. No app keeps a table
by family or tells the families apart: a new family is its package and one registration.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from tafelrunde.engine.families import Family

P = TypeVar("P")


class Parts(Generic[P]):
    """One concern's answer from each registered format family."""

    every: ClassVar[list[Parts[object]]] = []  # every concern of every app, for the checks

    def __init__(self, concern: str) -> None:
        """A concern nobody has answered yet, named for the refusal when one is missing."""
        self.concern = concern
        self._answers: list[tuple[Family, P]] = []
        Parts.every.append(self)  # type: ignore[arg-type]  # read only as objects

    def add(self, family: Family, answer: P) -> None:
        """Register a family's answer (again: the newer one counts)."""
        self.remove(family)
        self._answers.append((family, answer))

    def remove(self, family: Family) -> None:
        """Forget a family's answer (a family registered for a while, as in the tests)."""
        self._answers = [(f, a) for f, a in self._answers if f is not family]

    def of(self, family: Family) -> P:
        """The family's answer; a family registered without one is a programming error."""
        for known, answer in self._answers:
            if known is family:
                return answer
        raise LookupError(f"the format family {family.key!r} gives no {self.concern}")

    def families(self) -> list[Family]:
        """The families that answer, in the order they were registered."""
        return [f for f, _ in self._answers]
