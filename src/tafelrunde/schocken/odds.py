"""Exact chances of beating a hand, by enumerating every outcome of the remaining throws."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from tafelrunde.schocken.hands import Hand
from tafelrunde.schocken.variants import DEFAULT, Variants

Loose = tuple[int, ...]  # dice on the table, sorted high to low


def _outcomes(count: int) -> tuple[tuple[Loose, Fraction], ...]:
    """Return each sorted outcome of throwing `count` dice with its exact probability."""
    tally = Counter(
        tuple(sorted(dice, reverse=True)) for dice in product(range(1, 7), repeat=count)
    )
    return tuple((dice, Fraction(n, 6**count)) for dice, n in sorted(tally.items()))


OUTCOMES = {count: _outcomes(count) for count in (1, 2, 3)}


@dataclass(frozen=True)
class Target:
    """The hand to beat: a later hand beats it when stronger, or equal with fewer throws."""

    strength: int
    throws: int

    @classmethod
    def of(cls, hand: Hand, variants: Variants = DEFAULT) -> Target:
        """Make the target a shown hand sets for the players after it."""
        return cls(hand.strength(variants), hand.throws)


@dataclass(frozen=True)
class Plan:
    """One choice after a throw: stop, or set aside ones, maybe turn sixes, and throw."""

    stop: bool
    ones: int = 0
    turn_sixes: bool = False


@dataclass(frozen=True)
class Spot:
    """Where a player stands in his turn (all dice set aside are ones)."""

    aside: int
    loose: Loose
    throws: int
    last_size: int
    max_throws: int
    must_throw: bool = False


def _beats(aside: int, loose: Loose, throws: int, last: int, target: Target, doof: bool) -> bool:
    """Tell whether stopping now beats the target."""
    hand = Hand.of((1,) * aside + loose, throws=throws, from_hand=last == 3)
    mine = hand.strength(Variants(schock_doof=doof))
    return mine > target.strength or (mine == target.strength and throws < target.throws)


def _moves(spot: Spot, *, turn_allowed: bool) -> list[Plan]:
    """List every legal plan at a spot."""
    plans = [] if spot.must_throw or spot.throws == 0 else [Plan(stop=True)]
    if spot.throws >= spot.max_throws:
        return plans
    for ones in range(spot.loose.count(1) + 1):
        sixes = spot.loose.count(6)
        for turn in (False, True) if turn_allowed and sixes >= 2 else (False,):
            turned = (2 if sixes == 3 else 1) if turn else 0
            if spot.aside + ones + turned < 3:
                plans.append(Plan(stop=False, ones=ones, turn_sixes=turn))
    return plans


def chance(spot: Spot, plan: Plan, target: Target, variants: Variants = DEFAULT) -> Fraction:
    """Return the exact chance to beat the target with this plan and best play afterwards."""
    doof, turn_ok = variants.schock_doof, variants.turn_sixes
    if plan.stop:
        hit = _beats(spot.aside, spot.loose, spot.throws, spot.last_size, target, doof)
        return Fraction(int(hit))
    sixes = spot.loose.count(6)
    turned = (2 if sixes == 3 else 1) if plan.turn_sixes else 0
    aside = spot.aside + plan.ones + turned
    total = Fraction(0)
    for dice, p in OUTCOMES[3 - aside]:
        after = Spot(aside, dice, spot.throws + 1, 3 - aside, spot.max_throws)
        total += p * _best(after, target, doof, turn_ok)
    return total


@cache
def _best(spot: Spot, target: Target, doof: bool, turn_ok: bool) -> Fraction:
    """Return the best chance from a spot (memoised; spots and targets are few)."""
    variants = Variants(schock_doof=doof, turn_sixes=turn_ok)
    return max(chance(spot, plan, target, variants) for plan in _moves(spot, turn_allowed=turn_ok))


def best_plan(spot: Spot, target: Target, variants: Variants = DEFAULT) -> tuple[Plan, Fraction]:
    """Return the plan with the best chance; on equal chances stopping (fewer throws) wins."""
    plans = _moves(spot, turn_allowed=variants.turn_sixes)
    scored = [(chance(spot, plan, target, variants), plan) for plan in plans]
    best = max(p for p, _ in scored)
    return next(plan for p, plan in scored if p == best), best


def first_throw_chance(
    target: Target, *, max_throws: int, variants: Variants = DEFAULT
) -> Fraction:
    """Return the exact chance of beating the target from the start of a turn."""
    start = Spot(0, (), 0, 0, max_throws, must_throw=True)
    return chance(start, Plan(stop=False), target, variants)
