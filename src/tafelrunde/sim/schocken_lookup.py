"""Small-integer codes for the 216 ordered throws and lookup tables that rank them."""

from __future__ import annotations

from tafelrunde.i18n import Message, msg
from tafelrunde.schocken.hands import ORDERED_THROWS, Hand, Kind
from tafelrunde.schocken.variants import DEFAULT, Variants

Dice = tuple[int, int, int]

# Hand classes in a fixed order: Schock aus, Schock 2..6, General 2..6, Straße 3..6 (top die),
# Hausnummer. Tallies are lists indexed by these class numbers.
CLASSES: tuple[tuple[Kind, int], ...] = (
    (Kind.SCHOCK_OUT, 1),
    *((Kind.SCHOCK, x) for x in range(2, 7)),
    *((Kind.GENERAL, x) for x in range(2, 7)),
    *((Kind.STRAIGHT, x) for x in range(3, 7)),
    (Kind.HOUSE_NUMBER, 0),
)
_CLASS_INDEX = {kc: i for i, kc in enumerate(CLASSES)}
HOUSE_NUMBER_CLASS = len(CLASSES) - 1


def code_of(dice: Dice) -> int:
    """Return the code 0..215 of an ordered throw (the index in `ORDERED_THROWS`)."""
    return (dice[0] - 1) * 36 + (dice[1] - 1) * 6 + (dice[2] - 1)


def class_of(hand: Hand) -> int:
    """Return the class number of a hand (every house number is one class)."""
    if hand.kind is Kind.HOUSE_NUMBER:
        return HOUSE_NUMBER_CLASS
    return _CLASS_INDEX[hand.kind, hand.number]


def class_name(index: int) -> Message:
    """Name a hand class: "Schock 4", "General 5", "Straße 4-5-6", "Hausnummer"."""
    kind, number = CLASSES[index]
    if kind is Kind.HOUSE_NUMBER:
        return msg("house number")
    dice = (number, number, number) if kind is Kind.GENERAL else (number, 1, 1)
    if kind is Kind.STRAIGHT:
        dice = (number, number - 1, number - 2)
    return Hand.of(dice).name()


def hands_by_code(*, from_hand: bool) -> tuple[Hand, ...]:
    """Return the hand of each of the 216 codes (one throw)."""
    return tuple(Hand.of(d, throws=1, from_hand=from_hand) for d in ORDERED_THROWS)


def strength_table(variants: Variants = DEFAULT, *, from_hand: bool = True) -> list[int]:
    """Return the strength of each code: a list indexed by `code_of(dice)`."""
    return [h.strength(variants) for h in hands_by_code(from_hand=from_hand)]


def lids_table(variants: Variants = DEFAULT, *, from_hand: bool = True) -> list[int]:
    """Return the lids each code moves when highest (Schock aus: all lids of a half)."""
    return [h.lids(variants) for h in hands_by_code(from_hand=from_hand)]


def class_table(*, from_hand: bool = True) -> list[int]:
    """Return the class number of each code."""
    return [class_of(h) for h in hands_by_code(from_hand=from_hand)]


def key_by_dice(variants: Variants = DEFAULT) -> dict[Dice, int]:
    """Return the ranking key of each ordered throw from the hand (higher is better)."""
    table = strength_table(variants)
    return {dice: table[code_of(dice)] for dice in ORDERED_THROWS}
