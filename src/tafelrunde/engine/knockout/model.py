"""The mutable parts of a format-D state: a player's standing and a table (read them only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tafelrunde.engine.knockout.rules import Bracket


class Status(StrEnum):
    """Where a player is."""

    REGISTERED = "registered"  # entry fee (or check-in) still missing
    WAITING = "waiting"  # in a bracket's queue
    SEATED = "seated"  # at a table
    FINALIST = "finalist"  # qualified, waiting for the grand final
    OUT = "out"  # no lives left
    WITHDRAWN = "withdrawn"
    PLACED = "placed"  # left the grand final or won it


@dataclass
class PlayerState:
    """One player's lives, chips and place in the tournament."""

    id: str
    name: str
    registered_at: float
    lives: int
    paid: bool = False
    checked_in: bool = False
    chips: int = 0
    status: Status = Status.REGISTERED
    bracket: Bracket | None = None
    table: int | None = None
    seated_ever: bool = False


@dataclass
class TableState:
    """One table: its bracket, players, hall number, clock and who has left it in which order."""

    number: int
    bracket: Bracket
    players: tuple[str, ...]
    opened_at: float
    final: bool
    by_hand: bool = False
    opened_by: int = 0  # the number of the fact that opened it
    place: int = 0  # the hall's physical table number ("Tisch 7"), free again once closed
    remaining: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    lost: int = 0  # games lost at the table so far; the game being played is lost + 1
    closed_at: float | None = None
    chips_at_close: dict[str, int] = field(default_factory=dict)  # the survivors' chips then

    @property
    def is_open(self) -> bool:
        """Say whether the table is still playing."""
        return self.closed_at is None
