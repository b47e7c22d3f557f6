"""Who sits where now: every player's table, seat and start position for the current game,
in alphabetical order ("Wo sitze ich?" and the seating list "Wer sitzt wo"), any family.

Each family fills it its own way (`groups.seat_list`, `knockout.seat_list`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from tafelrunde.engine.name_match import NameIndex, sort_key
from tafelrunde.i18n import Text, msg


class Where(StrEnum):
    """Where a player is now."""

    SEATED = "seated"  # at a table
    WAITING = "waiting"  # format D: in a queue, or for the grand final
    NOT_SEATED = "not_seated"  # not at a table yet (nothing drawn, late, fee missing)
    WITHDRAWN = "withdrawn"
    OUT = "out"  # not in the running stage, or no lives left
    PLACED = "placed"  # format D: left the grand final or won it


@dataclass(frozen=True)
class SeatRow:
    """One player's place now: table, seat and start position, or why there is none."""

    player: str
    name: str
    where: Where
    table: int | None = None  # the table's number (format D: the hall's number)
    seat: int | None = None  # place in the seat order, from 1
    start: int | None = None  # place in the start order, from 1 (None: not known yet)
    game: int | None = None  # the game of a stage of formats A–C
    note: Text = ""

    def start_text(self) -> Text:
        """The start position in words: 'start player', 'start position 3', or not known."""
        if self.where is not Where.SEATED or self.game is None:
            return ""
        if self.start is None:
            return msg("start order not known yet")
        if self.start == 1:
            return msg("start player")
        return msg("start position {n}", n=self.start)


@dataclass(frozen=True)
class Seating:
    """Everybody's place now, alphabetically, with what it is about."""

    title: Text  # the stage and game (formats A–C)
    note: Text  # what holds for everybody (nothing drawn yet, the tournament is over)
    rows: tuple[SeatRow, ...]
    word: Text = ""  # the stage's word for a game ('Durchgang'), when games differ by table
    with_start: bool = False  # the start order differs from the seat order somewhere

    @cached_property
    def index(self) -> NameIndex:
        """The names made searchable, on the first search (the projector needs none)."""
        return NameIndex(tuple(r.name for r in self.rows))

    def seated(self) -> int:
        """How many players sit at a table."""
        return sum(1 for r in self.rows if r.where is Where.SEATED)


def alphabetical(rows: list[SeatRow]) -> tuple[SeatRow, ...]:
    """The rows by name (German enough: umlauts with their vowel, ß as ss)."""
    return tuple(sorted(rows, key=lambda r: (*sort_key(r.name), r.player)))
