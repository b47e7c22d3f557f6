"""The moves a player makes at the table and the prompt for the move that comes next."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class MoveKind(Enum):
    """What a player does with his cup."""

    THROW = "throw"  # throw the dice in the cup (values given; the engine never rolls)
    SET_ASIDE = "set_aside"  # set aside ones of the latest throw
    TURN_SIXES = "turn_sixes"  # turn one six (two of three sixes) into ones
    VOID = "void"  # a throw that does not count (Türmchen, Feuer): throw again
    STOP = "stop"  # keep the dice as the hand


@dataclass(frozen=True)
class Move:
    """One move of one player; `dice` holds thrown values or the ones set aside."""

    player: str
    kind: MoveKind
    dice: tuple[int, ...] = ()

    @classmethod
    def throw(cls, player: str, *dice: int) -> Move:
        """Throw the dice in the cup, showing these values."""
        return cls(player, MoveKind.THROW, tuple(dice))

    @classmethod
    def set_aside(cls, player: str, *dice: int) -> Move:
        """Set aside these dice of the latest throw (only ones are allowed)."""
        return cls(player, MoveKind.SET_ASIDE, tuple(dice))

    @classmethod
    def turn_sixes(cls, player: str) -> Move:
        """Turn sixes into ones: one of two sixes, two of three."""
        return cls(player, MoveKind.TURN_SIXES)

    @classmethod
    def void(cls, player: str) -> Move:
        """Record a throw that does not count (Türmchen, Feuer)."""
        return cls(player, MoveKind.VOID)

    @classmethod
    def stop(cls, player: str) -> Move:
        """Stop and keep the dice as the hand."""
        return cls(player, MoveKind.STOP)


@dataclass(frozen=True)
class NextMove:
    """Whose move it is, which kinds of move are legal, and how many dice are in the cup."""

    player: str
    kinds: frozenset[MoveKind]
    cup: int  # dice a throw must show
    throws_left: int
    loose: tuple[int, ...] = ()  # dice of the latest throw still on the table
