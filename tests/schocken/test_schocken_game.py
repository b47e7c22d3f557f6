"""Games and tables: second half, whitewash, decider, sharp play, the next game's starter."""

from __future__ import annotations

import pytest
from schocken_play import show, whose

from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.game import Game, Stage
from tafelrunde.schocken.moves import Move
from tafelrunde.schocken.table import Table

pytestmark = pytest.mark.unit

SEATS = ("Anna", "Ben", "Cem")


def test_first_half_loser_starts_the_second_half() -> None:
    game = show(Game.start(SEATS), "111", "652", "653")  # Ben lowest: loses half one
    assert game.half_losers == ("Ben",) and game.stage is Stage.SECOND
    assert whose(game) == "Ben"
    assert game.half.round is not None and game.half.round.players == ("Ben", "Cem", "Anna")
    assert game.half.pot == 13 and game.half.round.opening


def test_losing_both_halves_is_a_whitewash() -> None:
    game = show(Game.start(SEATS), "111", "652", "653")
    game = show(game, "652", "111", "653")  # Ben, Cem, Anna: Ben lowest again
    assert game.loser == "Ben" and game.whitewash and game.over
    assert game.next_move() is None
    with pytest.raises(RuleError, match="game is over"):
        game.play(Move.throw("Ben", 6, 5, 2))


def test_two_half_losers_play_a_decider_first_loser_starts() -> None:
    game = show(Game.start(SEATS), "111", "652", "653")  # Ben loses half one
    game = show(game, "111", "652", "653")  # Ben, Cem, Anna: Cem loses half two
    assert game.stage is Stage.DECIDER and game.half_losers == ("Ben", "Cem")
    assert game.half.seats == ("Ben", "Cem") and whose(game) == "Ben"
    with pytest.raises(RuleError, match="it is Ben's turn, not Anna's"):
        game.play(Move.throw("Anna", 6, 5, 2))
    game = show(game, "111", "652")
    assert game.loser == "Cem" and not game.whitewash
    assert game.half_losers == ("Ben", "Cem", "Cem")


def test_decider_keeps_seat_order_when_the_later_seat_lost_first() -> None:
    game = show(Game.start(SEATS), "652", "653", "111")  # Anna loses half one
    game = show(game, "111", "652", "653")  # Anna, Ben, Cem: Ben loses
    assert game.half.seats == ("Anna", "Ben") and whose(game) == "Anna"


def test_sharp_play_is_a_single_half() -> None:
    game = show(Game.start(SEATS, starter="Cem", sharp=True), "111", "652", "653")
    assert game.loser == "Anna" and game.half_losers == ("Anna",) and not game.whitewash


def test_the_loser_of_a_game_starts_the_next_game() -> None:
    table = Table.start(SEATS, starter="Anna")
    table = show(table, "111", "652", "653", "652", "111", "653")  # Ben whitewashed
    assert [r.loser for r in table.results] == ["Ben"] and table.results[0].whitewash
    assert table.game.starter == "Ben" and whose(table) == "Ben"
    assert table.game.moves == () and table.finished[0].loser == "Ben"


def test_sharp_play_starts_with_the_next_game() -> None:
    table = Table.start(SEATS).with_sharp_play()
    assert not table.game.sharp
    table = show(table, "111", "652", "653", "652", "111", "653")
    assert table.game.sharp and not table.results[0].sharp
    table = show(table, "111", "652", "653")  # Ben, Cem, Anna: Cem loses the sharp game
    assert [r.loser for r in table.results] == ["Ben", "Cem"] and table.results[1].sharp


def test_a_game_needs_players() -> None:
    with pytest.raises(RuleError, match="nobody"):
        Game.start(())
    with pytest.raises(RuleError, match="two different players"):
        Game.start(("Anna",))
