"""Bots that play Schocken: a threshold player and a player that follows the exact odds."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from tafelrunde.i18n import msg
from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.game import Game
from tafelrunde.schocken.hands import Hand, worst_position
from tafelrunde.schocken.moves import Move, MoveKind
from tafelrunde.schocken.odds import Spot, Target, best_plan
from tafelrunde.schocken.round import Round
from tafelrunde.schocken.turn import Turn


def roll(rng: random.Random, count: int) -> tuple[int, ...]:
    """Throw `count` dice with the caller's seeded generator."""
    return tuple(rng.randint(1, 6) for _ in range(count))


class Bot(Protocol):
    """A player that chooses the next move of its turn in a rnd."""

    def choose(self, rnd: Round, rng: random.Random) -> Move:
        """Return the next move for the player whose turn it is."""
        ...


def _current(rnd: Round) -> tuple[str, Turn]:
    """Return the player on turn and his turn, refusing a finished rnd."""
    if rnd.turn is None or rnd.current is None:
        raise RuleError(msg("the round is over"), field="round")
    return rnd.current, rnd.turn


def _hand_now(turn: Turn) -> Hand:
    """Return the hand the player would keep if he stopped now."""
    return Hand.of(turn.aside + turn.loose, throws=turn.throws, from_hand=turn.last_size == 3)


@dataclass(frozen=True)
class ThresholdBot:
    """Stop once the hand is at least `threshold` strong; otherwise keep ones and throw."""

    threshold: int = 600  # a strength: 600 is any house number from 600 up

    def choose(self, rnd: Round, rng: random.Random) -> Move:
        """Return the next move: throw, set aside ones, turn sixes or stop."""
        player, turn = _current(rnd)
        if turn.throws == 0 or turn.must_throw:
            return Move.throw(player, *roll(rng, turn.cup))
        if turn.throws_left == 0 or _hand_now(turn).strength(rnd.variants) >= self.threshold:
            return Move.stop(player)
        if 1 in turn.loose and turn.cup > turn.loose.count(1):
            return Move.set_aside(player, *([1] * turn.loose.count(1)))
        if MoveKind.TURN_SIXES in turn.legal():
            return Move.turn_sixes(player)
        return Move.throw(player, *roll(rng, turn.cup))


OPENING_TARGET = Target(706, 3)  # the starter has nothing to beat: aim above Straße 4-5-6


@dataclass(frozen=True)
class OddsBot:
    """Choose each step by the exact chance of beating the lowest hand shown so far."""

    opening_target: Target = OPENING_TARGET

    def target(self, rnd: Round) -> Target:
        """Return the hand to beat: the lowest so far, or the opening target for the starter."""
        if not rnd.hands:
            return self.opening_target
        low = rnd.hands[worst_position(rnd.hands, variants=rnd.variants)]
        return Target.of(low, rnd.variants)

    def choose(self, rnd: Round, rng: random.Random) -> Move:
        """Return the next move of the plan with the best exact chance."""
        player, turn = _current(rnd)
        if turn.throws == 0:
            return Move.throw(player, *roll(rng, turn.cup))
        spot = Spot(
            len(turn.aside),
            tuple(sorted(turn.loose, reverse=True)),
            turn.throws,
            turn.last_size,
            turn.max_throws,
            turn.must_throw,
        )
        plan, _ = best_plan(spot, self.target(rnd), rnd.variants)
        if plan.stop:
            return Move.stop(player)
        if plan.ones:
            return Move.set_aside(player, *([1] * plan.ones))
        if plan.turn_sixes:
            return Move.turn_sixes(player)
        return Move.throw(player, *roll(rng, turn.cup))


def play_game(game: Game, bots: Mapping[str, Bot], rng: random.Random) -> Game:
    """Let the bots play the game to its end, every die from the seeded generator."""
    while not game.over:
        rnd = game.half.round
        assert rnd is not None and rnd.current is not None, "a running game has a round"
        game = game.play(bots[rnd.current].choose(rnd, rng))
    return game
