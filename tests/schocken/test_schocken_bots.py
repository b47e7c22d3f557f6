"""Exact odds against independent enumeration, and bots that play whole games."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from schocken_strategies import seats, seeds

from tafelrunde.schocken.bots import OddsBot, ThresholdBot, play_game
from tafelrunde.schocken.game import Game
from tafelrunde.schocken.hands import ORDERED_THROWS, SINGLE_THROWS, Hand
from tafelrunde.schocken.moves import Move
from tafelrunde.schocken.odds import Plan, Spot, Target, best_plan, first_throw_chance
from tafelrunde.schocken.record import GameRecord
from tafelrunde.schocken.round import Round
from tafelrunde.schocken.variants import SEED_002, Variants

pytestmark = pytest.mark.unit


def beats(hand: Hand, target: Target, variants: Variants) -> bool:
    """Tell whether a later hand beats the target."""
    mine = hand.strength(variants)
    return mine > target.strength or (mine == target.strength and hand.throws < target.throws)


def brute(aside: int, loose: tuple[int, ...], throws: int, last: int, target: Target) -> Fraction:
    """Best chance by plain enumeration of ordered dice (two permitted throws, no sixes)."""
    hand = Hand.of((1,) * aside + loose, throws=throws, from_hand=last == 3)
    best = Fraction(int(beats(hand, target, Variants())))
    if throws == 2:
        return best
    for ones in range(loose.count(1) + 1):
        cup = 3 - aside - ones
        if cup == 0:
            continue
        outcomes = list(product(range(1, 7), repeat=cup))
        total = sum(brute(aside + ones, o, throws + 1, cup, target) for o in outcomes)
        best = max(best, Fraction(total, len(outcomes)))
    return best


@given(st.sampled_from(ORDERED_THROWS), st.integers(1, 3), st.booleans())
def test_one_throw_chance_counts_the_216_outcomes(
    dice: tuple[int, int, int], throws: int, doof: bool
) -> None:
    variants = Variants(schock_doof=doof)
    target = Target.of(Hand.of(dice, throws=throws), variants)
    wins = sum(beats(h, target, variants) for h in SINGLE_THROWS.values())
    assert first_throw_chance(target, max_throws=1, variants=variants) == Fraction(wins, 216)


def test_known_chances_of_one_throw() -> None:
    general_6 = Target(806, 1)
    assert first_throw_chance(general_6, max_throws=1) == Fraction(13, 216)
    assert first_throw_chance(general_6, max_throws=1, variants=SEED_002) == Fraction(16, 216)
    assert first_throw_chance(Target(0, 1), max_throws=1) == 1


@pytest.mark.parametrize("target", [Target(904, 1), Target(631, 2), Target(702, 1)])
def test_two_throw_chance_matches_plain_enumeration(target: Target) -> None:
    no_sixes = Variants(turn_sixes=False)
    expected = Fraction(sum(brute(0, o, 1, 3, target) for o in ORDERED_THROWS), 216)
    assert first_throw_chance(target, max_throws=2, variants=no_sixes) == expected


@settings(max_examples=12)
@given(st.sampled_from(ORDERED_THROWS), st.integers(1, 3))
def test_more_throws_never_lower_the_chance(dice: tuple[int, int, int], throws: int) -> None:
    target = Target.of(Hand.of(dice, throws=throws))
    chances = [first_throw_chance(target, max_throws=n) for n in (1, 2, 3)]
    assert chances == sorted(chances)


def test_odds_plan_keeps_ones_against_a_schock() -> None:
    spot = Spot(aside=0, loose=(2, 1, 1), throws=1, last_size=3, max_throws=3)
    plan, chance = best_plan(spot, Target(904, 2))
    assert plan == Plan(stop=False, ones=2) and 0 < chance < 1
    sure, one = best_plan(Spot(0, (1, 1, 1), 1, 3, 3), Target(904, 1))
    assert sure.stop and one == 1


def test_odds_bot_turns_sixes_when_that_is_best() -> None:
    rnd = Round.start(("Anna", "Ben")).play(Move.throw("Anna", 2, 3, 5))
    rnd = rnd.play(Move.throw("Anna", 1, 1, 6)).play(Move.stop("Anna"))  # Schock 6, 2 throws
    rnd = rnd.play(Move.throw("Ben", 6, 6, 1))
    plan, chance = best_plan(Spot(0, (6, 6, 1), 1, 3, 2), Target(906, 2))
    assert plan == Plan(stop=False, ones=1, turn_sixes=True) and chance == Fraction(1, 6)
    bot = OddsBot()
    assert bot.choose(rnd, random.Random(1)) == Move.set_aside("Ben", 1)
    rnd = rnd.play(Move.set_aside("Ben", 1))
    assert bot.choose(rnd, random.Random(1)) == Move.turn_sixes("Ben")


def test_threshold_bot_keeps_ones_and_stops_when_good_enough() -> None:
    rnd = Round.start(("Anna", "Ben")).play(Move.throw("Anna", 1, 4, 2))
    assert ThresholdBot().choose(rnd, random.Random(1)) == Move.set_aside("Anna", 1)
    rnd = Round.start(("Anna", "Ben")).play(Move.throw("Anna", 6, 6, 2))
    assert ThresholdBot(threshold=700).choose(rnd, random.Random(1)) == Move.turn_sixes("Anna")
    assert ThresholdBot(threshold=600).choose(rnd, random.Random(1)) == Move.stop("Anna")


@settings(max_examples=8)
@given(seats, seeds)
def test_bots_play_whole_games_reproducibly(players: tuple[str, ...], seed: int) -> None:
    bots = {p: OddsBot() if i % 2 else ThresholdBot() for i, p in enumerate(players)}
    game = play_game(Game.start(players), bots, random.Random(seed))
    again = play_game(Game.start(players), bots, random.Random(seed))
    assert game.loser in players and game == again
    assert GameRecord.of(game).replay() == game
