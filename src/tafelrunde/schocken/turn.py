"""One player's turn: throws, ones set aside, sixes turned, void throws, stop."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tafelrunde.i18n import msg
from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.hands import Hand, check_dice
from tafelrunde.schocken.moves import MoveKind


def _without(dice: tuple[int, ...], value: int, count: int) -> tuple[int, ...]:
    """Return the dice with `count` dice of `value` removed."""
    out = list(dice)
    for _ in range(count):
        out.remove(value)
    return tuple(out)


@dataclass(frozen=True)
class Turn:
    """A player's turn; every move returns a new turn and a refused move changes nothing."""

    max_throws: int
    may_turn_sixes: bool = True
    throws: int = 0
    aside: tuple[int, ...] = ()  # ones set aside (turned sixes included); they stay out
    loose: tuple[int, ...] = ()  # dice of the latest throw still on the table
    last_size: int = 0  # how many dice the latest throw had
    must_throw: bool = False  # sixes were turned: the other dice must be thrown again
    hand: Hand | None = None  # set when the player stops
    void_throws: int = 0

    @property
    def over(self) -> bool:
        """Tell whether the player has stopped."""
        return self.hand is not None

    @property
    def cup(self) -> int:
        """Return how many dice are in the cup for the next throw."""
        return 3 - len(self.aside)

    @property
    def throws_left(self) -> int:
        """Return how many throws the player may still use."""
        return self.max_throws - self.throws

    def legal(self) -> frozenset[MoveKind]:
        """Return the kinds of move allowed now (empty once the player has stopped)."""
        if self.over:
            return frozenset()
        kinds: set[MoveKind] = set()
        if self.throws_left > 0 and self.cup > 0:
            kinds |= {MoveKind.THROW, MoveKind.VOID}
        if self.throws > 0 and not self.must_throw:
            kinds.add(MoveKind.STOP)
        if self.throws_left > 0 and 1 in self.loose:
            kinds.add(MoveKind.SET_ASIDE)
        if self.may_turn_sixes and self.throws_left > 0 and self.loose.count(6) >= 2:
            kinds.add(MoveKind.TURN_SIXES)
        return frozenset(kinds)

    def _check_open(self) -> None:
        """Refuse any move after the player stopped."""
        if self.over:
            raise RuleError(msg("the player has already stopped"), field="turn")

    def throw(self, dice: Sequence[int]) -> Turn:
        """Throw the dice in the cup, showing these values."""
        self._check_open()
        if self.throws_left <= 0:
            raise RuleError(
                msg(
                    "already used {throws} of {max_throws} permitted throws",
                    throws=self.throws,
                    max_throws=self.max_throws,
                ),
                field="throws",
            )
        if self.aside and len(dice) > self.cup:
            raise RuleError(
                msg("a die set aside stays out and may not be put back into the cup"),
                field="dice",
            )
        if self.cup == 0:
            raise RuleError(
                msg("all dice are set aside; the player can only stop"),
                field="dice",
            )
        check_dice(dice, count=self.cup)
        return replace(
            self,
            throws=self.throws + 1,
            loose=tuple(dice),
            last_size=len(dice),
            must_throw=False,
        )

    def void(self) -> Turn:
        """Record a throw that does not count (Türmchen, Feuer): nothing else changes."""
        self._check_open()
        if MoveKind.VOID not in self.legal():
            raise RuleError(
                msg("no throw left, so no throw to repeat"),
                field="throws",
            )
        return replace(self, void_throws=self.void_throws + 1)

    def set_aside(self, dice: Sequence[int]) -> Turn:
        """Set aside ones of the latest throw; they stay out for the rest of the turn."""
        self._check_open()
        if not dice or any(type(die) is not int or die != 1 for die in dice):
            raise RuleError(msg("only ones may be set aside"), field="dice")
        if self.throws == 0 or self.loose.count(1) < len(dice):
            raise RuleError(
                msg(
                    "the latest throw shows only {count} ones on the table",
                    count=self.loose.count(1),
                ),
                field="dice",
            )
        if self.throws_left <= 0:
            raise RuleError(
                msg("nothing to set aside after the last permitted throw"),
                field="dice",
            )
        return replace(
            self,
            aside=self.aside + tuple(dice),
            loose=_without(self.loose, 1, len(dice)),
        )

    def turn_sixes(self) -> Turn:
        """Turn one of two sixes (two of three) into ones; the other dice must be thrown."""
        self._check_open()
        if not self.may_turn_sixes:
            raise RuleError(
                msg("turning sixes is not allowed at this table"),
                field="sixes",
            )
        sixes = self.loose.count(6)
        if sixes < 2:
            raise RuleError(
                msg("turning sixes needs two sixes in the latest throw"),
                field="sixes",
            )
        if self.throws_left <= 0:
            raise RuleError(
                msg("sixes may not be turned on the last permitted throw"),
                field="sixes",
            )
        turned = 2 if sixes == 3 else 1
        return replace(
            self,
            aside=self.aside + (1,) * turned,
            loose=_without(self.loose, 6, turned),
            must_throw=True,
        )

    def stop(self) -> Turn:
        """Stop and keep the dice as the hand."""
        self._check_open()
        if self.throws == 0:
            raise RuleError(msg("throw before stopping"), field="turn")
        if self.must_throw:
            raise RuleError(
                msg("after turning sixes the other dice must be thrown again"),
                field="turn",
            )
        hand = Hand.of(self.aside + self.loose, throws=self.throws, from_hand=self.last_size == 3)
        return replace(self, hand=hand)

    def play(self, kind: MoveKind, dice: Sequence[int] = ()) -> Turn:
        """Play one move of the given kind."""
        self._check_open()
        if dice and kind not in (MoveKind.THROW, MoveKind.SET_ASIDE):
            raise RuleError(msg("this move takes no dice"), field="dice")
        if kind is MoveKind.THROW:
            return self.throw(dice)
        if kind is MoveKind.SET_ASIDE:
            return self.set_aside(dice)
        if kind is MoveKind.TURN_SIXES:
            return self.turn_sixes()
        if kind is MoveKind.VOID:
            return self.void()
        return self.stop()
