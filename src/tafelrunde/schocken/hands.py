"""Hands of three dice: classification, lid value and ranking (higher key is better)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum

from tafelrunde.i18n import Message, msg
from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.variants import DEFAULT, Variants

Dice = tuple[int, int, int]


class Kind(IntEnum):
    """The kind of a hand, lowest first (the order without `schock_doof`)."""

    HOUSE_NUMBER = 1
    STRAIGHT = 2
    GENERAL = 3
    SCHOCK = 4
    SCHOCK_OUT = 5


def check_dice(dice: Sequence[int], *, count: int | None = 3, field: str = "dice") -> None:
    """Refuse dice that are not whole numbers 1 to 6 or not `count` of them."""
    if count is not None and len(dice) != count:
        raise RuleError(
            msg("exactly {count} dice needed, not {n_dice}", count=count, n_dice=len(dice)),
            field=field,
        )
    for die in dice:
        if type(die) is not int or not 1 <= die <= 6:
            raise RuleError(
                msg("a die shows 1 to 6, not {die!r}", die=die),
                field=field,
            )


def _classify(dice: Dice, from_hand: bool) -> tuple[Kind, int]:
    """Return the kind and the deciding number of dice sorted high to low."""
    high, mid, low = dice
    if dice == (1, 1, 1):
        return Kind.SCHOCK_OUT, 1
    if mid == 1 and low == 1:
        return Kind.SCHOCK, high
    if from_hand and high == mid == low:
        return Kind.GENERAL, high
    if from_hand and high - 1 == mid == low + 1:
        return Kind.STRAIGHT, high
    return Kind.HOUSE_NUMBER, 100 * high + 10 * mid + low


ORDERED_THROWS: tuple[Dice, ...] = tuple(
    (a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
)
"""All 216 ordered outcomes of throwing three dice."""


def _build_lookup() -> dict[tuple[Dice, bool], tuple[Dice, Kind, int]]:
    """Classify every ordered throw, from the hand and not, once at import."""
    lookup: dict[tuple[Dice, bool], tuple[Dice, Kind, int]] = {}
    for throw in ORDERED_THROWS:
        high, mid, low = sorted(throw, reverse=True)
        for from_hand in (False, True):
            lookup[throw, from_hand] = ((high, mid, low), *_classify((high, mid, low), from_hand))
    return lookup


# (ordered dice, from the hand) -> (sorted dice, kind, number): the evaluator's lookup
_LOOKUP = _build_lookup()


def strength(kind: Kind, number: int, *, schock_doof: bool = True) -> int:
    """Return the strength of a hand class, ignoring throws and order (higher is better)."""
    if kind is Kind.SCHOCK_OUT:
        return 1000
    if kind is Kind.SCHOCK:
        return 801 if schock_doof and number == 2 else 900 + number
    if kind is Kind.GENERAL:
        return 800 + number
    if kind is Kind.STRAIGHT:
        return 700 + number
    return number  # a house number reads 221 .. 666, below every straight


@dataclass(frozen=True, order=False)
class Hand:
    """Three dice when a player stops, with the throws used and whether all came at once."""

    dice: Dice  # sorted high to low
    throws: int
    from_hand: bool
    kind: Kind
    number: int  # the x of Schock x / General x, the top of a straight, a house number

    @classmethod
    def of(cls, dice: Sequence[int], *, throws: int = 1, from_hand: bool = True) -> Hand:
        """Make the hand of three dice (any order) after `throws` throws."""
        check_dice(dice)
        if type(throws) is not int or throws < 1:
            raise RuleError(
                msg("a hand needs at least one throw"),
                field="throws",
            )
        key: Dice = (dice[0], dice[1], dice[2])
        ordered, kind, number = _LOOKUP[key, from_hand]
        return cls(ordered, throws, from_hand, kind, number)

    def lids(self, variants: Variants = DEFAULT) -> int:
        """Return how many lids the hand moves when it is the highest (Schock aus: all)."""
        if self.kind is Kind.SCHOCK_OUT:
            return variants.lids
        if self.kind is Kind.SCHOCK:
            return self.number
        if self.kind is Kind.GENERAL:
            return 3
        if self.kind is Kind.STRAIGHT:
            return 2
        return 1

    def strength(self, variants: Variants = DEFAULT) -> int:
        """Return the strength of the hand, ignoring throws and order (higher is better)."""
        return strength(self.kind, self.number, schock_doof=variants.schock_doof)

    def key(self, *, position: int, variants: Variants = DEFAULT) -> tuple[int, int, int]:
        """Return the ranking key within a round: higher is better, unique per position."""
        return (self.strength(variants), -self.throws, -position)

    def name(self) -> Message:
        """Return the hand's name, e.g. "Schock 4", "General 5", "Straße 4-5-6", "652"."""
        n = self.number
        if self.kind is Kind.SCHOCK_OUT:
            return msg("schock out")
        if self.kind is Kind.SCHOCK:
            return msg("schock {number}", number=n)
        if self.kind is Kind.GENERAL:
            return msg("general {number}", number=n)
        if self.kind is Kind.STRAIGHT:
            return msg("straight {low}-{middle}-{high}", low=n - 2, middle=n - 1, high=n)
        return msg("house number {number}", number=n)


SINGLE_THROWS: Mapping[Dice, Hand] = {
    throw: Hand.of(throw, throws=1, from_hand=True) for throw in ORDERED_THROWS
}
"""The hand each of the 216 ordered throws makes when all three dice come at once."""


def best_position(hands: Sequence[Hand], *, variants: Variants = DEFAULT) -> int:
    """Return the position of the highest hand of a round (hands in throwing order)."""
    return max(range(len(hands)), key=lambda i: hands[i].key(position=i, variants=variants))


def worst_position(hands: Sequence[Hand], *, variants: Variants = DEFAULT) -> int:
    """Return the position of the lowest hand of a round (hands in throwing order)."""
    return min(range(len(hands)), key=lambda i: hands[i].key(position=i, variants=variants))
