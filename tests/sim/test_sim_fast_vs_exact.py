"""The NumPy fast path plays like the exact engine with the threshold bot (statistically)."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from sim_bounds import means_agree, shares_agree

from tafelrunde.schocken.bots import ThresholdBot
from tafelrunde.schocken.hands import Kind
from tafelrunde.schocken.round import Round
from tafelrunde.schocken.variants import Variants
from tafelrunde.sim.schocken_exact import simulate_exact
from tafelrunde.sim.schocken_fast import TurnBatch, simulate_fast
from tafelrunde.sim.schocken_lookup import CLASSES
from tafelrunde.sim.schocken_stats import KINDS_HIGH_FIRST, SchockenStats, Tally

pytestmark = pytest.mark.unit

TURNS = 12_000


def exact_starter_turns(threshold: int, seed: int) -> Counter[tuple[Kind, int]]:
    """Play the starter's turn of many rounds with the engine: (kind of hand, throws used)."""
    rng, bot, seen = random.Random(seed), ThresholdBot(threshold), Counter[tuple[Kind, int]]()
    for _ in range(TURNS):
        rnd = Round.start(("A", "B"))
        while not rnd.hands:
            rnd = rnd.play(bot.choose(rnd, rng))
        seen[rnd.hands[0].kind, rnd.hands[0].throws] += 1
    return seen


def fast_starter_turns(threshold: int, seed: int) -> Counter[tuple[Kind, int]]:
    """Throw as many starter's turns with the fast path: (kind of hand, throws used)."""
    gen = np.random.Generator(np.random.PCG64(seed))
    batch = TurnBatch(gen, max_throws=3, threshold=threshold, variants=Variants(), tally=Tally(2))
    seen = Counter[tuple[Kind, int]]()
    for _ in range(TURNS * 5):
        _, throws, index = batch.next()
        seen[CLASSES[index][0], throws] += 1
    return seen


@pytest.mark.parametrize("threshold", [600, 800])  # 800: ones set aside, sixes turned more often
def test_a_turn_ends_alike(threshold: int) -> None:
    exact, fast = exact_starter_turns(threshold, 11), fast_starter_turns(threshold, 12)
    n, m = sum(exact.values()), sum(fast.values())
    for cell in set(exact) | set(fast):
        assert shares_agree(exact[cell], n, fast[cell], m), (cell, exact[cell], fast[cell])


@pytest.fixture(scope="module")
def runs() -> tuple[SchockenStats, SchockenStats]:
    exact = simulate_exact(players=4, games=300, seed=424242)
    fast = simulate_fast(players=4, games=20_000, seed=434343)
    return exact, fast


def test_whitewashes_and_deciders_agree(runs: tuple[SchockenStats, SchockenStats]) -> None:
    exact, fast = runs
    assert exact.whitewashes + exact.deciders == exact.games
    assert fast.whitewashes + fast.deciders == fast.games
    assert 0.1 < fast.whitewash_share < 0.4
    assert shares_agree(exact.whitewashes, exact.games, fast.whitewashes, fast.games)
    assert shares_agree(exact.deciders, exact.games, fast.deciders, fast.games)
    assert exact.halves == 2 * exact.games + exact.deciders


def test_rounds_agree(runs: tuple[SchockenStats, SchockenStats]) -> None:
    exact, fast = runs
    e, f = exact.rounds_per_half, fast.rounds_per_half
    assert means_agree(e.mean, e.sd, exact.halves, f.mean, f.sd, fast.halves)
    e, f = exact.rounds_per_game, fast.rounds_per_game
    assert means_agree(e.mean, e.sd, exact.games, f.mean, f.sd, fast.games)
    assert 8 < fast.rounds_per_half.mean < 20


def test_hands_shown_agree(runs: tuple[SchockenStats, SchockenStats]) -> None:
    exact, fast = runs
    for kind in KINDS_HIGH_FIRST:
        a, b = exact.hands.of_kind(kind), fast.hands.of_kind(kind)
        assert shares_agree(a, exact.hands.total, b, fast.hands.total), kind
    # a hand shown is one per turn: every player shows one hand every round he plays
    assert fast.hands.total >= fast.rounds_per_game.mean * fast.games * 2


def test_lids_per_round_agree(runs: tuple[SchockenStats, SchockenStats]) -> None:
    exact, fast = runs
    per_round = [s.lids_moved / (s.rounds_per_game.mean * s.games) for s in runs]
    assert abs(per_round[0] - per_round[1]) < 0.1 * per_round[1]
    assert exact.lids_moved > 0 and fast.lids_moved > 0
