"""The season ruleset: how an evening's place becomes points, which evenings count, guests, ties."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tafelrunde.engine.choices import BelowMinimum, CountMode, Guests, PointSource, SeasonTie

POINT_SOURCES = tuple(PointSource)
COUNT_MODES = tuple(CountMode)
BELOW_MINIMUM = tuple(BelowMinimum)
GUEST_MODES = tuple(Guests)
TIE_RULES = tuple(SeasonTie)
DEFAULT_TIES = TIE_RULES


@dataclass(frozen=True)
class Points:
    """Points for one evening: from a place table, from the participants, or the tournament's."""

    source: PointSource = PointSource.PLACE_TABLE
    table: tuple[Fraction, ...] = ()
    beyond: Fraction = Fraction(0)

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

    mode: CountMode = CountMode.ALL
    n: int = 0  # "best" and "all_but_worst"
    min_evenings: int = 1  # "average": evenings needed to be ranked with the others
    below_minimum: BelowMinimum = BelowMinimum.BEHIND  # fewer evenings: behind, or "out"


@dataclass(frozen=True)
class SeasonRules:
    """A season ruleset file, read and checked."""

    name: str
    name_en: str = ""
    description: str = ""
    points: Points = Points()
    count: Counting = Counting()
    guests: Guests = Guests.RANKED
    ties: tuple[SeasonTie, ...] = DEFAULT_TIES
    event_types: tuple[str, ...] = ()  # a default choice of event types for the web app
    source: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def deciders(self) -> tuple[SeasonTie, ...]:
        """The tie rules that can separate two persons (all but the final "shared")."""
        return tuple(t for t in self.ties if t != SeasonTie.SHARED)
