"""A game (Spiel): two halves and, unless one player lost both, a decider; or one sharp half."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from tafelrunde.i18n import msg
from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.half import Half
from tafelrunde.schocken.moves import Move, NextMove
from tafelrunde.schocken.variants import DEFAULT, Variants


class Stage(Enum):
    """Which half of a game is being played."""

    FIRST = "first"
    SECOND = "second"
    DECIDER = "decider"


@dataclass(frozen=True)
class Game:
    """A game at a table; `moves` keeps every accepted move in order (for the record)."""

    seats: tuple[str, ...]
    starter: str
    variants: Variants
    sharp: bool
    stage: Stage
    half: Half
    half_losers: tuple[str, ...] = ()
    loser: str | None = None
    moves: tuple[Move, ...] = ()

    @classmethod
    def start(
        cls,
        seats: tuple[str, ...],
        *,
        starter: str | None = None,
        variants: Variants = DEFAULT,
        sharp: bool = False,
    ) -> Game:
        """Start a game at these seats; sharp play makes it a single half."""
        first = seats[0] if starter is None and seats else starter
        if first is None:
            raise RuleError(msg("nobody at the table"), field="seats")
        half = Half.start(tuple(seats), starter=first, variants=variants)
        return cls(tuple(seats), first, variants, sharp, Stage.FIRST, half)

    @property
    def over(self) -> bool:
        """Tell whether the game has a loser."""
        return self.loser is not None

    @property
    def whitewash(self) -> bool:
        """Tell whether one player lost both halves (Pitsch Patsch, Blattschuss)."""
        return self.over and len(self.half_losers) == 2 and self.stage is Stage.SECOND

    def next_move(self) -> NextMove | None:
        """Return whose move it is and what is legal, or None once the game is over."""
        return None if self.over else self.half.next_move()

    def play(self, move: Move) -> Game:
        """Play one move; a finished half starts the next half or ends the game."""
        if self.over:
            raise RuleError(msg("the game is over"), field="game")
        half = self.half.play(move)
        played = replace(self, half=half, moves=(*self.moves, move))
        if half.loser is None:
            return played
        losers = (*self.half_losers, half.loser)
        played = replace(played, half_losers=losers)
        if self.sharp or self.stage is Stage.DECIDER:
            return replace(played, loser=half.loser)
        if self.stage is Stage.FIRST:
            second = Half.start(self.seats, starter=half.loser, variants=self.variants)
            return replace(played, stage=Stage.SECOND, half=second)
        if losers[0] == losers[1]:
            return replace(played, loser=half.loser)
        pair = tuple(p for p in self.seats if p in losers)
        decider = Half.start(pair, starter=losers[0], variants=self.variants)
        return replace(played, stage=Stage.DECIDER, half=decider)
