"""Hands: classification, lids, ranking with and without Schock doof, the 216 outcomes."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.hands import (
    ORDERED_THROWS,
    SINGLE_THROWS,
    Hand,
    Kind,
    best_position,
    worst_position,
)
from tafelrunde.schocken.variants import SEED_002, Variants

pytestmark = pytest.mark.unit

DIE = st.integers(1, 6)
DICE = st.tuples(DIE, DIE, DIE)


def hand(dice: str, *, throws: int = 1, from_hand: bool = True) -> Hand:
    """Make a hand from a string of three digits."""
    return Hand.of([int(d) for d in dice], throws=throws, from_hand=from_hand)


@pytest.mark.parametrize(
    ("dice", "from_hand", "kind", "number", "lids"),
    [
        ("111", True, Kind.SCHOCK_OUT, 1, 13),
        ("111", False, Kind.SCHOCK_OUT, 1, 13),
        ("116", True, Kind.SCHOCK, 6, 6),
        ("121", False, Kind.SCHOCK, 2, 2),
        ("511", False, Kind.SCHOCK, 5, 5),
        ("555", True, Kind.GENERAL, 5, 3),
        ("222", True, Kind.GENERAL, 2, 3),
        ("456", True, Kind.STRAIGHT, 6, 2),
        ("213", True, Kind.STRAIGHT, 3, 2),
        ("652", True, Kind.HOUSE_NUMBER, 652, 1),
        ("322", True, Kind.HOUSE_NUMBER, 322, 1),
        ("555", False, Kind.HOUSE_NUMBER, 555, 1),
        ("123", False, Kind.HOUSE_NUMBER, 321, 1),
        ("666", False, Kind.HOUSE_NUMBER, 666, 1),
    ],
)
def test_classification_and_lids(
    dice: str, from_hand: bool, kind: Kind, number: int, lids: int
) -> None:
    made = hand(dice, from_hand=from_hand)
    assert (made.kind, made.number, made.lids()) == (kind, number, lids)


def test_dice_are_sorted_high_to_low() -> None:
    assert hand("265").dice == (6, 5, 2)
    assert hand("265").name().text() == "Hausnummer 652"
    assert hand("546").name().text("en") == "straight 4-5-6"
    assert hand("111").name().text() == "Schock aus"


def test_schock_out_takes_the_lids_of_the_variant() -> None:
    assert hand("111").lids(Variants(lids=15)) == 15


@pytest.mark.parametrize(
    "dice", [(1, 2), (1, 2, 3, 4), (0, 1, 2), (1, 2, 7), (1, 2, -3), (1, 2, 2.0)]
)
def test_bad_dice_are_refused(dice: tuple[int, ...]) -> None:
    with pytest.raises(RuleError) as error:
        Hand.of(dice)
    assert error.value.field == "dice"
    assert error.value.text("de") and error.value.text("en")


def test_a_hand_needs_a_throw() -> None:
    with pytest.raises(RuleError, match="at least one throw"):
        Hand.of((6, 5, 2), throws=0)


def test_ranking_with_schock_doof() -> None:
    order = ["652", "665", "123", "456", "112", "222", "666", "113", "116", "111"]
    strengths = [hand(d).strength() for d in order]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)
    assert hand("222").strength() > hand("211", from_hand=False).strength()


def test_ranking_without_schock_doof() -> None:
    order = ["652", "123", "456", "222", "666", "112", "113", "116", "111"]
    strengths = [hand(d).strength(SEED_002) for d in order]
    assert strengths == sorted(strengths)
    assert hand("666").strength(SEED_002) < hand("112").strength(SEED_002)


def test_equal_hands_fewer_throws_rank_higher_then_earlier() -> None:
    first = hand("113", throws=2, from_hand=False)
    second = hand("311", throws=1, from_hand=True)
    third = hand("131", throws=2, from_hand=False)
    hands = [first, second, third]
    assert best_position(hands) == 1  # fewer throws
    assert worst_position(hands) == 2  # "Mit ist Shit": the later one is lower


def test_straight_and_general_need_one_throw() -> None:
    # a one set aside, then 2-3 thrown: a house number 321
    assert hand("123", throws=2, from_hand=False).kind is Kind.HOUSE_NUMBER
    assert hand("444", throws=3, from_hand=True).kind is Kind.GENERAL


def test_single_throw_probabilities_over_all_216_outcomes() -> None:
    assert len(ORDERED_THROWS) == len(set(ORDERED_THROWS)) == 216
    counts = Counter((h.kind, h.number) for h in SINGLE_THROWS.values())
    share = {key: Fraction(n, 216) for key, n in counts.items()}
    assert share[Kind.SCHOCK_OUT, 1] == Fraction(1, 216)
    for x in range(2, 7):
        assert share[Kind.SCHOCK, x] == Fraction(3, 216)
        assert share[Kind.GENERAL, x] == Fraction(1, 216)
    for top in range(3, 7):
        assert share[Kind.STRAIGHT, top] == Fraction(6, 216)
    houses = sum(n for (kind, _), n in counts.items() if kind is Kind.HOUSE_NUMBER)
    assert Fraction(houses, 216) == Fraction(171, 216)


@given(DICE, st.booleans())
def test_lookup_matches_the_rules(dice: tuple[int, int, int], from_hand: bool) -> None:
    made = Hand.of(dice, throws=1, from_hand=from_hand)
    high, mid, low = sorted(dice, reverse=True)
    assert made.dice == (high, mid, low)
    if sorted(dice) == [1, 1, 1]:
        assert made.kind is Kind.SCHOCK_OUT
    elif mid == low == 1:
        assert (made.kind, made.number) == (Kind.SCHOCK, high)
    elif from_hand and high == low:
        assert made.kind is Kind.GENERAL
    elif from_hand and high - low == 2 and len(set(dice)) == 3:
        assert made.kind is Kind.STRAIGHT
    else:
        assert (made.kind, made.number) == (Kind.HOUSE_NUMBER, 100 * high + 10 * mid + low)


@given(
    st.lists(st.tuples(DICE, st.integers(1, 3), st.booleans()), min_size=2, max_size=6),
    st.booleans(),
)
def test_ranking_is_a_strict_total_order_within_a_round(
    shown: list[tuple[tuple[int, int, int], int, bool]], doof: bool
) -> None:
    variants = Variants(schock_doof=doof)
    hands = [Hand.of(d, throws=t, from_hand=f) for d, t, f in shown]
    keys = [h.key(position=i, variants=variants) for i, h in enumerate(hands)]
    assert len(set(keys)) == len(keys)  # no two hands tie
    for a in keys:
        for b in keys:
            assert (a < b) + (b < a) + (a == b) == 1
    best = best_position(hands, variants=variants)
    worst = worst_position(hands, variants=variants)
    assert best != worst
    assert all(keys[best] >= k >= keys[worst] for k in keys)
