"""The season ruleset: how an evening's place becomes points, which evenings count, guests, ties."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

POINT_SOURCES = ("place_table", "participants", "tournament")
COUNT_MODES = ("all", "best", "all_but_worst", "average")
BELOW_MINIMUM = ("behind", "out")
GUEST_MODES = ("ranked", "behind_members", "out")
TIE_RULES = ("more_evenings", "best_result", "shared")
DEFAULT_TIES = TIE_RULES


@dataclass(frozen=True)
class Points:
    """Points for one evening: from a place table, from the participants, or the tournament's."""

    source: str = "place_table"
    table: tuple[Fraction, ...] = ()
    beyond: Fraction = Fraction(0)

    def for_place(self, place: int, participants: int, own: Fraction | None) -> Fraction:
        """The points of one result (`own`: the tournament's points, for source "tournament")."""
        if self.source == "participants":
            return Fraction(participants - place + 1)
        if self.source == "tournament":
            assert own is not None
            return own
        return self.table[place - 1] if place <= len(self.table) else self.beyond


@dataclass(frozen=True)
class Counting:
    """Which evenings count: all, the best n, all but the worst n, or the average."""

    mode: str = "all"
    n: int = 0  # "best" and "all_but_worst"
    min_evenings: int = 1  # "average": evenings needed to be ranked with the others
    below_minimum: str = "behind"  # "average": fewer evenings ranked behind, or "out"


@dataclass(frozen=True)
class SeasonRules:
    """A season ruleset file, read and checked."""

    name: str
    name_en: str = ""
    description: str = ""
    points: Points = Points()
    count: Counting = Counting()
    guests: str = "ranked"
    ties: tuple[str, ...] = DEFAULT_TIES
    event_types: tuple[str, ...] = ()  # a default choice of event types for the web app
    source: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def deciders(self) -> tuple[str, ...]:
        """The tie rules that can separate two persons (all but the final "shared")."""
        return tuple(t for t in self.ties if t != "shared")
