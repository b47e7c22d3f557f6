"""A player's turn: throws, ones set aside, sixes turned, void throws; every refusal."""

from __future__ import annotations

import pytest

from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.hands import Kind
from tafelrunde.schocken.moves import MoveKind
from tafelrunde.schocken.turn import Turn

pytestmark = pytest.mark.unit


def test_one_throw_from_the_hand() -> None:
    turn = Turn(3).throw((4, 6, 5)).stop()
    assert turn.hand is not None
    assert (turn.hand.kind, turn.hand.throws, turn.hand.from_hand) == (Kind.STRAIGHT, 1, True)


def test_set_aside_one_then_a_run_is_a_house_number() -> None:
    turn = Turn(3).throw((1, 5, 5)).set_aside((1,)).throw((2, 3)).stop()
    assert turn.hand is not None
    assert (turn.hand.kind, turn.hand.number, turn.hand.throws) == (Kind.HOUSE_NUMBER, 321, 2)
    assert not turn.hand.from_hand


def test_all_three_rethrown_is_from_the_hand() -> None:
    turn = Turn(3).throw((6, 5, 2)).throw((3, 3, 3)).stop()
    assert turn.hand is not None
    assert (turn.hand.kind, turn.hand.throws, turn.hand.from_hand) == (Kind.GENERAL, 2, True)


def test_ones_set_aside_build_a_schock() -> None:
    turn = Turn(3).throw((1, 4, 2)).set_aside((1,)).throw((1, 5)).set_aside((1,)).throw((6,))
    hand = turn.stop().hand
    assert hand is not None
    assert (hand.kind, hand.number, hand.throws) == (Kind.SCHOCK, 6, 3)


def test_two_sixes_turn_into_a_one_and_the_rest_is_thrown_again() -> None:
    turned = Turn(3).throw((6, 6, 3)).turn_sixes()
    assert turned.aside == (1,)
    assert sorted(turned.loose) == [3, 6]
    assert turned.cup == 2
    assert MoveKind.STOP not in turned.legal()
    hand = turned.throw((1, 4)).stop().hand
    assert hand is not None and (hand.kind, hand.number) == (Kind.SCHOCK, 4)


def test_three_sixes_turn_into_two_ones() -> None:
    turned = Turn(3).throw((6, 6, 6)).turn_sixes()
    assert turned.aside == (1, 1)
    assert turned.cup == 1
    hand = turned.throw((5,)).stop().hand
    assert hand is not None and (hand.kind, hand.number) == (Kind.SCHOCK, 5)


def test_one_and_two_sixes_make_schock_material() -> None:
    turned = Turn(3).throw((1, 6, 6)).set_aside((1,)).turn_sixes()
    assert turned.aside == (1, 1)
    assert turned.loose == (6,)


def test_void_throw_does_not_count() -> None:
    turn = Turn(1).void().void()
    assert (turn.throws, turn.void_throws) == (0, 2)
    assert turn.throw((2, 2, 4)).throws == 1


def test_legal_moves() -> None:
    assert Turn(3).legal() == {MoveKind.THROW, MoveKind.VOID}
    thrown = Turn(3).throw((1, 6, 6))
    assert thrown.legal() == {
        MoveKind.THROW,
        MoveKind.VOID,
        MoveKind.STOP,
        MoveKind.SET_ASIDE,
        MoveKind.TURN_SIXES,
    }
    assert Turn(1).throw((1, 6, 6)).legal() == {MoveKind.STOP}
    assert Turn(1).throw((1, 6, 6)).stop().legal() == frozenset()


def refused(turn: Turn, kind: MoveKind, dice: tuple[int, ...], text: str) -> bool:
    """Say whether a move is refused with `text` in English (and a German message too)."""
    with pytest.raises(RuleError, match=text) as error:
        turn.play(kind, dice)
    return bool(
        error.value.text("de")
        and error.value.text("en")
        and error.value.text("de") != error.value.text("en")
    )


@pytest.mark.parametrize(
    ("dice", "text"),
    [((1, 2), "exactly 3 dice"), ((1, 2, 3, 4), "exactly 3 dice"), ((0, 2, 3), "1 to 6")],
)
def test_bad_throws_are_refused(dice: tuple[int, ...], text: str) -> None:
    assert refused(Turn(3), MoveKind.THROW, dice, text)


def test_throw_beyond_the_maximum_is_refused() -> None:
    assert refused(
        Turn(2).throw((2, 3, 5)).throw((2, 3, 5)), MoveKind.THROW, (4, 4, 4), "permitted"
    )


def test_putting_back_a_die_set_aside_is_refused() -> None:
    aside = Turn(3).throw((1, 4, 4)).set_aside((1,))
    assert refused(aside, MoveKind.THROW, (1, 4, 4), "put back")
    assert refused(aside, MoveKind.THROW, (4,), "exactly 2 dice")


def test_setting_aside_anything_but_ones_is_refused() -> None:
    turn = Turn(3).throw((1, 4, 4))
    assert refused(turn, MoveKind.SET_ASIDE, (4,), "only ones")
    assert refused(turn, MoveKind.SET_ASIDE, (1, 4), "only ones")
    assert refused(turn, MoveKind.SET_ASIDE, (), "only ones")
    assert refused(turn, MoveKind.SET_ASIDE, (1, 1), "only 1 ones")
    assert refused(Turn(3), MoveKind.SET_ASIDE, (1,), "only 0 ones")


def test_turning_sixes_needs_two_sixes_and_a_throw_left() -> None:
    assert refused(Turn(3).throw((6, 5, 5)), MoveKind.TURN_SIXES, (), "two sixes")
    assert refused(Turn(1).throw((6, 6, 2)), MoveKind.TURN_SIXES, (), "last permitted throw")
    assert refused(
        Turn(2).throw((6, 6, 2)).throw((6, 6, 2)), MoveKind.TURN_SIXES, (), "last permitted"
    )


def test_turning_sixes_can_be_switched_off() -> None:
    assert refused(
        Turn(3, may_turn_sixes=False).throw((6, 6, 2)), MoveKind.TURN_SIXES, (), "not allowed"
    )


def test_stop_needs_a_throw_and_no_pending_rethrow() -> None:
    assert refused(Turn(3), MoveKind.STOP, (), "throw before stopping")
    assert refused(Turn(3).throw((6, 6, 2)).turn_sixes(), MoveKind.STOP, (), "thrown again")


def test_no_move_after_stopping() -> None:
    done = Turn(3).throw((6, 5, 2)).stop()
    for kind in MoveKind:
        assert refused(done, kind, (6, 5, 2), "already stopped")


def test_a_refused_move_leaves_the_turn_unchanged() -> None:
    turn = Turn(3).throw((1, 4, 4))
    before = turn
    with pytest.raises(RuleError):
        turn.set_aside((4,))
    assert turn == before and turn.aside == ()


def test_moves_without_dice_refuse_dice() -> None:
    assert refused(Turn(3).throw((6, 6, 2)), MoveKind.STOP, (6,), "takes no dice")
    assert refused(Turn(3).throw((6, 6, 2)), MoveKind.TURN_SIXES, (6, 6), "takes no dice")


def test_void_throw_needs_a_throw_left() -> None:
    assert refused(Turn(1).throw((6, 5, 2)), MoveKind.VOID, (), "no throw left")
