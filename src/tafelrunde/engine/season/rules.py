"""The season ruleset: how an evening's place becomes points, which evenings count, guests, ties."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tafelrunde.engine.choices import BelowMinimum, CountMode, Guests, PointSource, SeasonTie
from tafelrunde.engine.rule_keys import defaults

POINT_SOURCES = tuple(PointSource)
COUNT_MODES = tuple(CountMode)
BELOW_MINIMUM = tuple(BelowMinimum)
GUEST_MODES = tuple(Guests)
TIE_RULES = tuple(SeasonTie)
_S = defaults("season")  # each default written once: rule_keys
DEFAULT_TIES: tuple[SeasonTie, ...] = _S["ties"]


@dataclass(frozen=True)
class Points:
    """Points for one evening: from a place table, from the participants, or the tournament's."""

    source: PointSource = _S["points.from"]
    table: tuple[Fraction, ...] = tuple(Fraction(v) for v in _S["points.table"])
    beyond: Fraction = Fraction(_S["points.beyond"])

    def for_place(self, place: int, participants: int, own: Fraction | None) -> Fraction:
        """The points of one result (`own`: the tournament's points, for source "tournament")."""
        if self.source == PointSource.PARTICIPANTS:
            return Fraction(participants - place + 1)
        if self.source == PointSource.TOURNAMENT:
            assert own is not None
            return own
        return self.table[place - 1] if place <= len(self.table) else self.beyond


@dataclass(frozen=True)
class Counting:
    """Which evenings count: all, the best n, all but the worst n, or the average."""

    mode: CountMode = _S["count.mode"]
    n: int | None = _S["count.n"]  # "best" and "all_but_worst" (needed there)
    min_evenings: int = _S["count.min_evenings"]  # "average": evenings needed to be ranked
    below_minimum: BelowMinimum = _S["count.below_minimum"]  # fewer evenings: behind, or "out"


@dataclass(frozen=True)
class SeasonRules:
    """A season ruleset file, read and checked."""

    name: str
    name_en: str = _S["name_en"]
    description: str = _S["description"]
    points: Points = Points()
    count: Counting = Counting()
    guests: Guests = _S["guests"]
    ties: tuple[SeasonTie, ...] = DEFAULT_TIES
    event_types: tuple[str, ...] = _S["events.types"]  # a default choice of event types
    source: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def deciders(self) -> tuple[SeasonTie, ...]:
        """The tie rules that can separate two persons (all but the final "shared")."""
        return tuple(t for t in self.ties if t != SeasonTie.SHARED)
