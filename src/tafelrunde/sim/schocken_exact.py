"""Simulate whole Schocken games with the exact engine and the bots of `schocken.bots`."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tafelrunde.errors import RuleError
from tafelrunde.i18n import msg
from tafelrunde.schocken.bots import Bot, OddsBot, ThresholdBot
from tafelrunde.schocken.game import Game, Stage
from tafelrunde.schocken.moves import MoveKind
from tafelrunde.schocken.variants import DEFAULT, Variants
from tafelrunde.sim.schocken_lookup import class_of, class_table, code_of
from tafelrunde.sim.schocken_stats import SchockenStats, Tally

BOTS = ("threshold", "odds")
MIN_PLAYERS, MAX_PLAYERS = 2, 8
Progress = Callable[[int], None]  # called with how many more games are done

_THROW_CLASS = class_table(from_hand=True)


def make_bot(name: str) -> Bot:
    """Return the bot of this name (threshold or odds)."""
    if name == "threshold":
        return ThresholdBot()
    if name == "odds":
        return OddsBot()
    raise RuleError(
        msg("unknown bot {name!r} (threshold or odds)", name=name),
        field="bot",
    )


def seat_names(players: int) -> tuple[str, ...]:
    """Name the seats of a table: P1, P2, ..."""
    return tuple(f"P{i}" for i in range(1, players + 1))


def check_run(players: int, games: int, seed: int) -> None:
    """Refuse a table size, number of games or seed the simulators cannot play."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            msg(
                "a Schocken table has {min_players} to {max_players} players, not {players}",
                min_players=MIN_PLAYERS,
                max_players=MAX_PLAYERS,
                players=players,
            ),
            field="players",
        )
    if games < 1:
        raise RuleError(msg("at least one game, not {games}", games=games), field="games")
    if seed < 0:
        raise RuleError(
            msg("the seed is a whole number from 0, not {seed}", seed=seed),
            field="seed",
        )


def play_counted(game: Game, bot: Bot, rng: random.Random, tally: Tally) -> Game:
    """Let the bot play every seat of the game to its end, counting into the tally."""
    half_rounds: list[int] = []
    while not game.over:
        rnd = game.half.round
        assert rnd is not None and rnd.turn is not None, "a running game has a turn"
        move = bot.choose(rnd, rng)
        if move.kind is MoveKind.THROW and len(move.dice) == 3:
            tally.throws[_THROW_CLASS[code_of((move.dice[0], move.dice[1], move.dice[2]))]] += 1
        before = game
        game = game.play(move)
        if move.kind is not MoveKind.STOP:
            continue
        hand = rnd.turn.stop().hand
        assert hand is not None
        tally.hands[class_of(hand)] += 1
        if len(rnd.hands) + 1 < len(rnd.players):
            continue
        # a round ended; a finished half is replaced by the next one, so replay the move on it
        half = game.half if game.stage is before.stage else before.half.play(move)
        assert half.last is not None
        tally.lids_moved += half.last.count
        if half.over:
            half_rounds.append(half.rounds)
    assert game.loser is not None
    tally.add_game(
        half_rounds, loser=game.seats.index(game.loser), decider=game.stage is Stage.DECIDER
    )
    return game


def simulate_exact(
    *,
    players: int,
    games: int,
    seed: int,
    bot: str = "threshold",
    variants: Variants = DEFAULT,
    progress: Progress | None = None,
) -> SchockenStats:
    """Play `games` games at one table; the loser of a game starts the next one."""
    check_run(players, games, seed)
    player = make_bot(bot)
    rng = random.Random(seed)
    seats = seat_names(players)
    tally = Tally(players)
    starter = seats[0]
    began = time.perf_counter()
    for _ in range(games):
        game = play_counted(
            Game.start(seats, starter=starter, variants=variants), player, rng, tally
        )
        assert game.loser is not None
        starter = game.loser
        if progress is not None:
            progress(1)
    seconds = time.perf_counter() - began
    return SchockenStats.of(tally, engine="exact", bot=bot, seed=seed, seconds=seconds)
