"""The season table: every evening's points per person, the total, places and tie decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from tafelrunde.engine.choices import BelowMinimum, CountMode, Guests, PointSource
from tafelrunde.engine.season.counting import counted, total
from tafelrunde.engine.season.evenings import Evening, Person, checked_evenings
from tafelrunde.engine.season.rules import SeasonRules


@dataclass(frozen=True)
class Cell:
    """One evening's points of a person (None: absent) and whether they count."""

    points: Fraction | None
    counted: bool


@dataclass(frozen=True)
class Row:
    """One person's line of the season table."""

    place: int
    person: str
    name: str
    member: bool
    cells: tuple[Cell, ...]  # in the order of SeasonTable.evenings
    total: Fraction
    evenings: int  # evenings attended
    decided_by: str | None  # the tie rule that put this row below the one above, or "shared"
    below_minimum: bool = False  # mode "average": fewer evenings than the minimum


@dataclass(frozen=True)
class SeasonTable:
    """The season ranking of some evenings under a season ruleset."""

    rules: SeasonRules
    evenings: tuple[Evening, ...]  # by date, then id
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class _Line:
    """A row before its place is known, with what ranks it."""

    row: Row
    tier: tuple[bool, bool]  # (a guest behind the members, below the minimum and behind)
    keys: tuple[Fraction, ...]  # total, then each deciding tie rule's value (more is better)


def season_table(
    rules: SeasonRules, evenings: Sequence[Evening], persons: Mapping[str, Person]
) -> SeasonTable:
    """Rank every person with a result on these evenings by the season rules."""
    ordered = checked_evenings(
        evenings, persons, own_points=rules.points.source == PointSource.TOURNAMENT
    )
    points: dict[str, list[Fraction | None]] = {}
    for i, evening in enumerate(ordered):
        for r in evening.results:
            cells = points.setdefault(r.person, [None] * len(ordered))
            cells[i] = rules.points.for_place(r.place, r.participants, r.points)
    lines = [_line(rules, pid, persons[pid], row) for pid, row in points.items()]
    kept = [x for x in lines if x is not None]
    kept.sort(key=lambda x: (x.tier, [-k for k in x.keys], x.row.name.casefold(), x.row.person))
    return SeasonTable(rules, ordered, _placed(rules, kept))


def _line(
    rules: SeasonRules, pid: str, person: Person, points: list[Fraction | None]
) -> _Line | None:
    """A person's line, or None when the rules leave them out."""
    if not person.member and rules.guests == Guests.OUT:
        return None
    count = rules.count
    attended = [p for p in points if p is not None]
    below = count.mode == CountMode.AVERAGE and len(attended) < count.min_evenings
    if below and count.below_minimum == BelowMinimum.OUT:
        return None
    flags = counted(points, count)
    row = Row(
        place=0,
        person=pid,
        name=person.name,
        member=person.member,
        cells=tuple(Cell(p, on) for p, on in zip(points, flags, strict=True)),
        total=total(points, flags, count),
        evenings=len(attended),
        decided_by=None,
        below_minimum=below,
    )
    values = {"more_evenings": Fraction(len(attended)), "best_result": max(attended)}
    tier = (not person.member and rules.guests == Guests.BEHIND_MEMBERS, below)
    return _Line(row, tier, (row.total, *(values[t] for t in rules.deciders)))


def _placed(rules: SeasonRules, lines: list[_Line]) -> tuple[Row, ...]:
    """Number the sorted lines; a tie no rule separates shares the place of the row above."""
    rows: list[Row] = []
    for i, line in enumerate(lines):
        place, decided = i + 1, None
        if i and line.tier == lines[i - 1].tier and line.keys[0] == lines[i - 1].keys[0]:
            above = lines[i - 1].keys[1:]
            split = [
                t for t, a, b in zip(rules.deciders, above, line.keys[1:], strict=True) if a != b
            ]
            decided = split[0] if split else "shared"
            if not split:
                place = rows[-1].place
        rows.append(replace(line.row, place=place, decided_by=decided))
    return tuple(rows)
