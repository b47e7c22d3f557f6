"""Hand frequencies of the simulators against the exact single-throw chances of schocken.md."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from sim_bounds import share_close

from tafelrunde.schocken.hands import ORDERED_THROWS, SINGLE_THROWS, Hand, Kind
from tafelrunde.schocken.variants import SEED_002, Variants
from tafelrunde.sim.schocken_exact import simulate_exact
from tafelrunde.sim.schocken_fast import TurnBatch, rank_hands, simulate_fast
from tafelrunde.sim.schocken_lookup import CLASSES, class_of, code_of, key_by_dice
from tafelrunde.sim.schocken_stats import SchockenStats, Tally

pytestmark = pytest.mark.unit


def expected(kind: Kind) -> Fraction:
    """The chance of one hand class of that kind in one throw (schocken.md)."""
    return {
        Kind.SCHOCK_OUT: Fraction(1, 216),
        Kind.SCHOCK: Fraction(3, 216),
        Kind.GENERAL: Fraction(1, 216),
        Kind.STRAIGHT: Fraction(6, 216),
        Kind.HOUSE_NUMBER: Fraction(171, 216),
    }[kind]


def test_the_lookup_classes_count_the_documented_216_outcomes() -> None:
    tally = Counter(class_of(SINGLE_THROWS[d]) for d in ORDERED_THROWS)
    for index, (kind, _) in enumerate(CLASSES):
        assert Fraction(tally[index], 216) == expected(kind)
    assert [code_of(d) for d in ORDERED_THROWS] == list(range(216))


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int64])
@pytest.mark.parametrize("variants", [Variants(), SEED_002])
def test_vectorised_and_scalar_ranking_agree_with_the_hand(
    variants: Variants, dtype: type[np.integer]
) -> None:
    dice = np.array(ORDERED_THROWS, dtype=dtype)
    keys = key_by_dice(variants)
    strengths = [Hand.of(d).strength(variants) for d in ORDERED_THROWS]
    assert rank_hands(dice, variants).tolist() == strengths
    assert [keys[d] for d in ORDERED_THROWS] == strengths


def check_single_throws(stats: SchockenStats) -> None:
    """Every class of a throw of three dice appears with its exact chance (5 sigma)."""
    throws = stats.throws
    assert throws.total > 10_000
    for index, (kind, _) in enumerate(CLASSES):
        p = float(expected(kind))
        assert share_close(throws.counts[index], throws.total, p), (CLASSES[index], throws)
    for kind, n in ((Kind.SCHOCK, 5), (Kind.GENERAL, 5), (Kind.STRAIGHT, 4)):
        assert share_close(throws.of_kind(kind), throws.total, n * float(expected(kind)))


def test_exact_engine_throws_follow_the_exact_chances() -> None:
    check_single_throws(simulate_exact(players=4, games=120, seed=20260401))


def test_fast_path_throws_follow_the_exact_chances() -> None:
    stats = simulate_fast(players=4, games=4000, seed=20260402)
    assert stats.throws.total > 400_000
    check_single_throws(stats)


def test_one_throw_turns_are_single_throws() -> None:
    gen = np.random.Generator(np.random.PCG64(5))
    tally = Tally(2)
    batch = TurnBatch(gen, max_throws=1, threshold=600, variants=Variants(), tally=tally)
    turns = [batch.next() for _ in range(200_000)]
    batch.flush()
    assert {throws for _, throws, _ in turns} == {1}
    kept = Counter(kind for _, _, kind in turns)
    assert tally.throws == [kept[i] for i in range(len(CLASSES))]
    for index, (kind, _) in enumerate(CLASSES):
        assert share_close(kept[index], len(turns), float(expected(kind)))
