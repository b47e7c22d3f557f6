"""Game records: compact notation, JSON round trip, replay to the same game."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from schocken_play import play_out, show
from schocken_strategies import seats, seeds, variants

from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.game import Game
from tafelrunde.schocken.moves import Move
from tafelrunde.schocken.record import GameRecord, decode_move, encode_move
from tafelrunde.schocken.variants import Variants

pytestmark = pytest.mark.unit

SEATS = ("Anna", "Ben", "Cem")


def test_notation_of_each_move() -> None:
    assert encode_move(Move.throw("Ben", 6, 1, 1), SEATS) == "1t611"
    assert encode_move(Move.set_aside("Cem", 1, 1), SEATS) == "2a11"
    assert encode_move(Move.turn_sixes("Anna"), SEATS) == "0s"
    assert encode_move(Move.void("Anna"), SEATS) == "0x"
    assert encode_move(Move.stop("Anna"), SEATS) == "0."
    assert decode_move("1t611", SEATS) == Move.throw("Ben", 6, 1, 1)


@pytest.mark.parametrize("text", ["3t652", "0q", "t652", "0t7", ""])
def test_unreadable_moves_are_refused(text: str) -> None:
    with pytest.raises(RuleError, match="unreadable move"):
        decode_move(text, SEATS)


def test_a_written_record_replays() -> None:
    data = {
        "seats": ["Anna", "Ben", "Cem"],
        "starter": "Anna",
        "sharp": True,
        "variants": {"schock_doof": True, "max_throws": 3, "lids": 13},
        "moves": ["0t111", "0.", "1t652", "1.", "2t653", "2."],
        "loser": "Ben",
    }
    game = GameRecord.from_json(data).replay()
    assert game.loser == "Ben" and game.sharp


def test_a_record_with_a_wrong_loser_is_refused() -> None:
    game = show(Game.start(SEATS, sharp=True), "111", "652", "653")
    data = GameRecord.of(game).to_json()
    assert data["loser"] == "Ben"
    data["loser"] = "Cem"
    with pytest.raises(RuleError, match="replaying gives loser Ben, not Cem"):
        GameRecord.from_json(data).replay()


@settings(max_examples=30)
@given(seats, variants, st.booleans(), seeds)
def test_replaying_a_record_gives_the_same_game(
    players: tuple[str, ...], rules: Variants, sharp: bool, seed: int
) -> None:
    game, count = play_out(Game.start(players, variants=rules, sharp=sharp), random.Random(seed))
    text = json.dumps(GameRecord.of(game).to_json())
    record = GameRecord.from_json(json.loads(text))
    assert len(record.moves) == count
    again = record.replay()
    assert again == game
    assert again.loser == game.loser


@pytest.mark.parametrize("data", [{}, {"seats": ["Anna"], "moves": []}, {"seats": 3}])
def test_incomplete_records_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(RuleError, match="incomplete game record"):
        GameRecord.from_json(data)
