"""A table card's data: what the players at one table need on paper."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.safestring import SafeString, mark_safe

from tafelrunde.web.core.seat import Where


@dataclass(frozen=True)
class Card:
    """One table's card: what the players at it need on paper."""

    number: int  # the table's number in the hall
    heading: str  # the stage and the game ('Gruppenrunde · Durchgang 1')
    names: tuple[str, ...]  # in seat order, the start player first
    start: str  # "first": the first name starts; "later": told later; "none": no start player
    where: Where  # the table link's key
    notes: tuple[str, ...] = ()
    chips: int = 0  # format D: chips each player gets at this table (the scan enters losers)
    lives: tuple[int | None, ...] = ()  # format D: lives per seat (None: the grand final)
    address: str = ""
    qr: SafeString = field(default_factory=lambda: mark_safe(""))

    @property
    def seats(self) -> list[tuple[str, int | None]]:
        """Each seat's player and lives (None: lives do not count at this table)."""
        lives = self.lives or (None,) * len(self.names)
        return list(zip(self.names, lives, strict=True))
