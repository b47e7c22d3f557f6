"""Rounds and halves: throw limits, seat order, the opening round, pot and passing phase."""

from __future__ import annotations

import pytest
from schocken_play import show, whose

from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.half import Half
from tafelrunde.schocken.moves import Move, MoveKind
from tafelrunde.schocken.round import Round
from tafelrunde.schocken.variants import DEFAULT, Variants

pytestmark = pytest.mark.unit

SEATS = ("Anna", "Ben", "Cem")


def half_at(pot: int, lids: tuple[int, ...], order: tuple[str, ...]) -> Half:
    """Make a half in the middle: this pot, these lids, a round in this order."""
    return Half(SEATS, DEFAULT, pot, lids, Round.start(order))


def test_the_starters_throws_are_the_maximum_for_the_others() -> None:
    rnd = Round.start(SEATS)
    rnd = rnd.play(Move.throw("Anna", 6, 5, 2)).play(Move.throw("Anna", 6, 4, 2))
    rnd = rnd.play(Move.stop("Anna"))
    assert rnd.max_throws == 2
    rnd = rnd.play(Move.throw("Ben", 3, 3, 2)).play(Move.throw("Ben", 3, 3, 3))
    prompt = rnd.next_move()
    assert prompt is not None and prompt.kinds == {MoveKind.STOP}
    with pytest.raises(RuleError, match="2 of 2 permitted"):
        rnd.play(Move.throw("Ben", 1, 1, 1))


def test_players_follow_in_order_and_out_of_turn_is_refused() -> None:
    rnd = Round.start(("Ben", "Cem", "Anna"))
    assert whose(rnd) == "Ben"
    with pytest.raises(RuleError, match="it is Ben's turn, not Anna's") as error:
        rnd.play(Move.throw("Anna", 6, 5, 2))
    assert error.value.field == "player"
    rnd = show(rnd, "652")
    assert whose(rnd) == "Cem"


def test_round_ranks_highest_and_lowest_with_mit_ist_shit() -> None:
    rnd = show(Round.start(SEATS), "652", "652", "542")
    assert rnd.over and rnd.next_move() is None
    assert (rnd.highest(), rnd.lowest()) == (0, 2)
    rnd = show(Round.start(SEATS), "652", "652", "653")
    assert (rnd.highest(), rnd.lowest()) == (2, 1)
    with pytest.raises(RuleError, match="round is over"):
        rnd.play(Move.throw("Anna", 1, 1, 1))


def test_ranking_a_running_round_is_refused() -> None:
    with pytest.raises(RuleError, match="still being played"):
        Round.start(SEATS).highest()


def test_a_round_needs_two_different_players() -> None:
    with pytest.raises(RuleError, match="two different players"):
        Round.start(("Anna", "Anna"))


def test_opening_round_one_throw_each_lowest_gets_the_highest_value() -> None:
    half = Half.start(SEATS, starter="Ben")
    assert whose(half) == "Ben"
    half = half.play(Move.throw("Ben", 6, 6, 2))
    prompt = half.next_move()
    assert prompt is not None and prompt.kinds == {MoveKind.STOP}
    with pytest.raises(RuleError, match="last permitted throw"):
        half.play(Move.turn_sixes("Ben"))
    half = show(half.play(Move.stop("Ben")), "456", "322")  # Cem, Anna
    assert (half.pot, half.lids) == (11, (2, 0, 0))
    assert half.last is not None and half.last.giver is None and half.last.count == 2
    assert half.round is not None and half.round.players == ("Anna", "Ben", "Cem")
    assert not half.round.opening


def test_pot_phase_lowest_takes_at_most_the_pot_and_everybody_plays() -> None:
    half = show(half_at(2, (5, 6, 0), SEATS), "115", "652", "653")
    assert (half.pot, half.lids) == (0, (5, 8, 0))
    assert half.round is not None and half.round.players == ("Ben", "Anna")  # Cem is out
    everybody = show(half_at(9, (0, 4, 0), ("Cem", "Anna", "Ben")), "116", "542", "652")
    assert everybody.lids == (6, 4, 0) and everybody.pot == 3
    assert everybody.playing() == ("Anna", "Ben", "Cem")


def test_passing_phase_highest_passes_at_most_his_own_lids() -> None:
    half = show(half_at(0, (2, 8, 3), SEATS), "116", "652", "653")
    assert half.lids == (0, 10, 3)
    assert half.last is not None and (half.last.giver, half.last.count) == ("Anna", 2)
    assert half.playing() == ("Ben", "Cem")


def test_holding_all_lids_loses_the_half() -> None:
    half = show(half_at(0, (4, 9, 0), ("Ben", "Anna")), "665", "116")
    assert half.lids == (0, 13, 0)
    assert half.loser == "Ben" and half.over and half.next_move() is None
    with pytest.raises(RuleError, match="half is over"):
        half.play(Move.throw("Ben", 6, 5, 2))


def test_schock_out_ends_the_half_at_once() -> None:
    half = show(half_at(7, (2, 4, 0), SEATS), "111", "652", "653")
    assert (half.pot, half.lids, half.loser) == (0, (0, 13, 0), "Ben")
    opening = show(Half.start(SEATS, starter="Anna"), "652", "111", "653")
    assert opening.loser == "Anna" and opening.lids == (13, 0, 0)


def test_house_rules_change_the_lids() -> None:
    half = show(Half.start(SEATS, starter="Anna", variants=Variants(lids=5)), "652", "116", "653")
    assert (half.pot, half.lids) == (0, (5, 0, 0))
    assert half.loser == "Anna"


def test_without_opening_round_the_starter_has_all_throws() -> None:
    half = Half.start(SEATS, starter="Anna", variants=Variants(opening_round=False))
    half = half.play(Move.throw("Anna", 6, 5, 2))
    prompt = half.next_move()
    assert prompt is not None and MoveKind.THROW in prompt.kinds


def test_a_half_needs_its_starter_at_the_table() -> None:
    with pytest.raises(RuleError, match="not at the table"):
        Half.start(SEATS, starter="Dora")
