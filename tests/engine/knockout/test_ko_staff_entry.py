"""Format D: the staff's game losers as every way in makes them (pages, board, command line)."""

from __future__ import annotations

import pytest

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import KnockoutRules, KnockoutTournament, PayFee, Register
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.staff_entry import corrected_loser, staff_loser
from tafelrunde.engine.knockout.table_entry import (
    confirm_loser,
    decide_loser,
    enter_loser,
    table_status,
)

pytestmark = pytest.mark.unit


def opened(players: int = 9) -> KnockoutTournament:
    """Paid players at the suggested tables (the last one registered waits unpaid)."""
    tour = KnockoutTournament("Test", KnockoutRules())
    people = [Register(n=0, at=0, player=f"p{i}", name=f"Spieler {i}") for i in range(players)]
    record_all(tour, people, at="16:30")
    paid = [PayFee(n=0, at=0, player=f"p{i}") for i in range(players - 1)]
    record_all(tour, paid, at="16:31")
    record_all(tour, list(tables_to_open(tour.state())), at="16:32")
    return tour


def words(call: object) -> tuple[str, str | None]:
    """The German words and the field of a refusal."""
    with pytest.raises(RuleError) as caught:
        call()  # type: ignore[operator]
    return caught.value.msg.text("de"), caught.value.field


def test_the_loser_goes_to_the_table_the_player_sits_at_unless_one_is_named() -> None:
    tour = opened()
    state = tour.state()
    table = state.open_tables()[1]
    player = table.remaining[0]
    assert staff_loser(state, None, player).table == table.number
    assert words(lambda: staff_loser(state, None, "p8")) == (
        "„Spieler 8“ sitzt an keinem Tisch.", "player",
    )  # fmt: skip
    assert words(lambda: staff_loser(state, 99, player))[1] == "table"


def test_a_loser_settled_at_the_table_is_corrected_like_one_the_staff_recorded() -> None:
    tour = opened()
    table = tour.state().open_tables()[0]
    a, b, c = table.remaining[:3]
    record_all(tour, [enter_loser(tour.state(), table.number, a, a)], at="19:10")
    entry = tour.facts[-1].n
    record_all(tour, [confirm_loser(tour.state(), table.number, entry, b)], at="19:11")
    settled = tour.facts[-1].n
    record_all(tour, [corrected_loser(tour.facts, settled, c)], at="19:12")
    players = tour.state().players
    assert (players[a].chips, players[c].chips) == (2, 1)
    assert words(lambda: corrected_loser(tour.facts, 1, c))[1] == "corrects"  # a registration


def test_the_board_word_on_a_game_that_moved_on_or_got_another_version_is_refused() -> None:
    tour = opened()
    table = tour.state().open_tables()[0]
    a, b, c = table.remaining[:3]
    record_all(tour, [enter_loser(tour.state(), table.number, a, b)], at="19:10")
    shown = tour.facts[-1].n
    record_all(tour, [enter_loser(tour.state(), table.number, c, c)], at="19:11")
    state = tour.state()
    assert table_status(state, table.number).status == "disputed"
    stale = words(lambda: confirm_loser(state, table.number, shown, game=1, basis=shown))
    assert stale[1] == "version" and stale[0].startswith("Inzwischen wurde an diesem Tisch")
    assert words(lambda: decide_loser(state, table.number, shown, game=2))[1] == "game"
    fact = decide_loser(state, table.number, shown, game=1, basis=tour.facts[-1].n)
    assert fact.entry == shown and fact.game == 1
