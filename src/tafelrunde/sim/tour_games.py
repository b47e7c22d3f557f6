"""Play one Schocken game at a knockout table with threshold bots: exact engine or fast path."""

from __future__ import annotations

import random
from typing import Protocol

from tafelrunde.schocken.bots import ThresholdBot
from tafelrunde.schocken.game import Game
from tafelrunde.schocken.variants import DEFAULT, Variants
from tafelrunde.sim.schocken_fast import FastTable
from tafelrunde.sim.schocken_stats import Tally

ENGINES = ("exact", "fast")


class GamePlayer(Protocol):
    """Plays one game at given seats; returns the loser and the rounds of throws it took."""

    def play(self, seats: tuple[str, ...], starter: str, sharp: bool) -> tuple[str, int]:
        """Play a game (a single half when sharp) to its end."""
        ...


class ExactGames:
    """Games of the exact engine (`tafelrunde.schocken`), every move by a threshold bot."""

    def __init__(self, seed: int, variants: Variants = DEFAULT) -> None:
        self.rng = random.Random(seed)
        self.bot = ThresholdBot()
        self.variants = variants

    def play(self, seats: tuple[str, ...], starter: str, sharp: bool) -> tuple[str, int]:
        """Play a game move by move; count the rounds of every half."""
        game = Game.start(seats, starter=starter, variants=self.variants, sharp=sharp)
        rounds = 0
        while not game.over:
            rnd = game.half.round
            assert rnd is not None, "a running game has a round"
            stage, before = game.stage, game.half.rounds
            game = game.play(self.bot.choose(rnd, self.rng))
            if game.over or game.stage is not stage:  # the move ended a half
                rounds += before + 1
        assert game.loser is not None
        return game.loser, rounds


class FastGames:
    """Games of the NumPy fast path (threshold bot only), same rules of halves and decider."""

    def __init__(self, seed: int, variants: Variants = DEFAULT, max_seats: int = 4) -> None:
        bot = ThresholdBot()
        self.table = FastTable(
            max_seats, seed, threshold=bot.threshold, variants=variants, tally=Tally(max_seats)
        )

    def play(self, seats: tuple[str, ...], starter: str, sharp: bool) -> tuple[str, int]:
        """Play two halves and maybe a decider (one half when sharp) by seat numbers."""
        half = self.table.play_half
        idx = list(range(len(seats)))
        first, r1 = half(idx, seats.index(starter))
        if sharp:
            return seats[first], r1
        second, r2 = half(idx, first)
        if first == second:
            return seats[first], r1 + r2
        pair = [p for p in idx if p in (first, second)]
        loser, r3 = half(pair, first)
        return seats[loser], r1 + r2 + r3


def game_player(engine: str, seed: int, max_seats: int = 4) -> GamePlayer:
    """Return the game player of an engine name ('exact' or 'fast')."""
    if engine == "fast":
        return FastGames(seed, max_seats=max_seats)
    return ExactGames(seed)
