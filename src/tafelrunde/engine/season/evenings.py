"""What a season table is made of: the persons and the evenings with their results."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import MAX_PLAYERS, MAX_SEASON_EVENINGS, checked_count
from tafelrunde.i18n import msg


@dataclass(frozen=True)
class Person:
    """Somebody across tournaments: a name, and whether a member of the club (else a guest)."""

    name: str
    member: bool = True


@dataclass(frozen=True)
class EveningResult:
    """One person's result of one evening: the place among the participants, maybe own points."""

    person: str
    place: int
    participants: int
    points: Fraction | None = None  # the tournament's own points (for points from "tournament")


@dataclass(frozen=True)
class Evening:
    """One evening (tournament) of the season with everybody's result."""

    id: str
    date: datetime.date
    name: str
    results: tuple[EveningResult, ...] = ()


def checked_evenings(
    evenings: Sequence[Evening], persons: Mapping[str, Person], *, own_points: bool
) -> tuple[Evening, ...]:
    """The evenings by date (then id), refused when a result is impossible or incomplete."""
    checked_count(len(evenings), limit=MAX_SEASON_EVENINGS, field="evenings", what=msg("evenings"))
    seen: set[str] = set()
    for evening in evenings:
        where = f"evenings[{evening.id}]"
        if evening.id in seen:
            raise RuleError(msg("the evening is named twice."), field=where)
        seen.add(evening.id)
        checked_count(len(evening.results), limit=MAX_PLAYERS, field=where, what=msg("results"))
        people: set[str] = set()
        for result in evening.results:
            _check_result(result, f"{where}.results[{result.person}]", persons, own_points)
            if result.person in people:
                raise RuleError(msg("has two results on this evening."), field=where)
            people.add(result.person)
    return tuple(sorted(evenings, key=lambda e: (e.date, e.id)))


def _check_result(
    result: EveningResult, where: str, persons: Mapping[str, Person], own_points: bool
) -> None:
    """Refuse a result of an unknown person, an impossible place or missing own points."""
    if result.person not in persons:
        raise RuleError(msg("is not a known person."), field=where)
    if not 1 <= result.place <= result.participants:
        said = msg(
            "place {place} is not between 1 and the {participants} participants.",
            place=result.place,
            participants=result.participants,
        )
        raise RuleError(said, field=f"{where}.place")
    if own_points and result.points is None:
        raise RuleError(msg("the tournament's points are missing."), field=f"{where}.points")
