"""A table that plays game after game; the loser of a game starts the next one."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tafelrunde.schocken.game import Game
from tafelrunde.schocken.moves import Move, NextMove
from tafelrunde.schocken.variants import DEFAULT, Variants


@dataclass(frozen=True)
class GameResult:
    """The outcome of one finished game at a table."""

    loser: str
    whitewash: bool
    sharp: bool


@dataclass(frozen=True)
class Table:
    """Seats, the game being played and the results of the finished games."""

    seats: tuple[str, ...]
    variants: Variants
    sharp: bool  # for games started from now on; a running game finishes as it began
    game: Game
    results: tuple[GameResult, ...] = ()
    finished: tuple[Game, ...] = ()

    @classmethod
    def start(
        cls,
        seats: tuple[str, ...],
        *,
        starter: str | None = None,
        variants: Variants = DEFAULT,
        sharp: bool = False,
    ) -> Table:
        """Sit the players down and start the first game."""
        game = Game.start(tuple(seats), starter=starter, variants=variants, sharp=sharp)
        return cls(tuple(seats), variants, sharp, game)

    def with_sharp_play(self, sharp: bool = True) -> Table:
        """Switch sharp play on (or off) for the games that start from now on."""
        return replace(self, sharp=sharp)

    def next_move(self) -> NextMove:
        """Return whose move it is; a table always has a game in progress."""
        prompt = self.game.next_move()
        assert prompt is not None, "a finished game is replaced at once"
        return prompt

    def play(self, move: Move) -> Table:
        """Play one move; a finished game is stored and the next game starts with its loser."""
        game = self.game.play(move)
        if game.loser is None:
            return replace(self, game=game)
        result = GameResult(game.loser, game.whitewash, game.sharp)
        nxt = Game.start(self.seats, starter=game.loser, variants=self.variants, sharp=self.sharp)
        return replace(
            self,
            game=nxt,
            results=(*self.results, result),
            finished=(*self.finished, game),
        )
