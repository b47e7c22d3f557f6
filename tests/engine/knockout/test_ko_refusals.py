"""Format D refuses facts that do not fit, in German and English, and changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from ko_play import Organiser, play_out

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    CheckIn,
    Donation,
    GameLost,
    KnockoutRules,
    OpenTable,
    PayFee,
    Register,
    SchockOut,
    Status,
    StepKind,
    Undo,
    Withdraw,
    next_steps,
    schock_out_kings,
)

pytestmark = pytest.mark.unit


def _snapshot(org: Organiser) -> str:
    return repr(sorted(vars(org.state).items()))


def _refused(org: Organiser, kind: type, field: str, **fields: Any) -> RuleError:
    before = _snapshot(org)
    with pytest.raises(RuleError) as err:
        org.state.record(org.fact(kind, **fields))
    assert _snapshot(org) == before
    assert (
        err.value.text("de")
        and err.value.text("en")
        and err.value.text("de") != err.value.text("en")
    )
    assert err.value.field == field
    return err.value


@pytest.fixture
def seated() -> Organiser:
    org = Organiser()
    org.enter(8)
    org.open_suggested()
    return org


def test_unknown_player(seated: Organiser) -> None:
    for err in (
        _refused(seated, GameLost, "player", table=1, player="nobody"),
        _refused(seated, PayFee, "player", player="nobody"),
    ):
        assert "nobody" in err.text("de") and "gibt es nicht" in err.text("de")


def test_a_loser_not_at_that_table(seated: Organiser) -> None:
    err = _refused(seated, GameLost, "player", table=1, player="p005")
    assert "nicht dort" in err.text("de") and "not at that table" in err.text("en")


def test_a_game_loser_at_a_closed_or_unknown_table(seated: Organiser) -> None:
    seated.knock_out(1, "p001")
    seated.knock_out(1, "p002")
    err = _refused(seated, GameLost, "table", table=1, player="p003")
    assert "geschlossen" in err.text("de") and "closed" in err.text("en")
    _refused(seated, GameLost, "table", table=9, player="p003")


def test_a_player_who_has_left_the_table(seated: Organiser) -> None:
    seated.knock_out(1, "p001")
    err = _refused(seated, GameLost, "player", table=1, player="p001")
    assert "verlassen" in err.text("de")


def test_seating_an_unpaid_player() -> None:
    org = Organiser()
    org.enter(3)
    org.add(Register, player="late", at="16:40")
    err = _refused(
        org, OpenTable, "players", bracket=Bracket.MAIN, players=("p001", "p002", "p003", "late")
    )
    assert "Startgebühr" in err.text("de") and "entry fee" in err.text("en")
    assert [s.kind for s in next_steps(org.state)][-1] is StepKind.COLLECT_FEE


def test_seating_needs_a_check_in_when_the_ruleset_asks() -> None:
    org = Organiser(KnockoutRules(check_in=True))
    org.enter(4)
    players = ("p001", "p002", "p003", "p004")
    err = _refused(org, OpenTable, "players", bracket=Bracket.MAIN, players=players)
    assert "eingecheckt" in err.text("de")
    for pid in players:
        org.add(CheckIn, player=pid)
    org.add(OpenTable, bracket=Bracket.MAIN, players=players)


def test_a_player_at_two_tables(seated: Organiser) -> None:
    err = _refused(
        seated,
        OpenTable,
        "players",
        bracket=Bracket.MAIN,
        players=("p001", "p005", "p006"),
    )
    assert "Tisch 1" in err.text("de") and "table 1" in err.text("en")
    _refused(seated, OpenTable, "players", bracket=Bracket.MAIN, players=("p001", "p001", "p002"))


def test_a_table_of_a_size_not_allowed() -> None:
    org = Organiser()
    org.enter(6)
    for players in (("p001", "p002"), tuple(f"p00{i}" for i in range(1, 6))):
        err = _refused(org, OpenTable, "players", bracket=Bracket.MAIN, players=players)
        assert "3, 4" in err.text("de")


def test_the_organiser_may_open_a_table_of_three_by_hand() -> None:
    org = Organiser()
    org.enter(7)
    org.add(OpenTable, bracket=Bracket.MAIN, players=("p007", "p001", "p004"), by_hand=True)
    assert org.state.tables[1].by_hand
    assert org.state.players["p007"].status is Status.SEATED


def test_a_waiting_player_in_the_wrong_bracket(seated: Organiser) -> None:
    seated.knock_out(1, "p001")
    err = _refused(
        seated, OpenTable, "players", bracket=Bracket.MAIN, players=("p001", "p002", "p003")
    )
    assert "Trostrunde" in err.text("de")


def test_the_grand_final_only_with_the_finalists(seated: Organiser) -> None:
    err = _refused(
        seated,
        OpenTable,
        "players",
        bracket=Bracket.GRAND_FINAL,
        players=("p001", "p002", "p003", "p004"),
    )
    assert "genau die Finalisten" in err.text("de")


def test_a_fact_after_the_end() -> None:
    org = Organiser()
    org.enter(4)
    state = play_out(org, random.Random(1))
    assert state.finished
    _refused(org, Register, "n", player="late", override_deadline=True)
    winner = state.winner
    assert winner is not None
    _refused(org, GameLost, "n", table=2, player=winner)


def test_a_schock_out_after_the_end_still_counts() -> None:
    org = Organiser()
    org.enter(4)
    state = play_out(org, random.Random(1))
    winner = state.winner
    assert winner is not None
    shock = org.add(SchockOut, player=winner)
    org.add(Donation, schock_out=shock.n)
    assert schock_out_kings(org.state) == (winner,)


def test_a_number_not_above_the_last(seated: Organiser) -> None:
    before = _snapshot(seated)
    with pytest.raises(RuleError) as err:
        seated.state.record(PayFee(n=seated.n, at=seated.t, player="p001"))
    assert err.value.field == "n" and _snapshot(seated) == before


def test_a_time_that_is_no_time(seated: Organiser) -> None:
    err = _refused(seated, GameLost, "at", table=1, player="p001", at="halb fünf")
    assert "„halb fünf“ ist keine Zeit" in err.text("de")


def test_double_registration_and_double_payment() -> None:
    org = Organiser()
    org.enter(2)
    assert "schon angemeldet" in _refused(org, Register, "player", player="p001", at="16:40").text(
        "de"
    )
    assert "schon bezahlt" in _refused(org, PayFee, "player", player="p001").text("de")


def test_registration_deadline_and_override() -> None:
    org = Organiser()
    org.add(Register, player="a", at="16:45")
    err = _refused(org, Register, "at", player="b", at="16:46")
    assert "16:45" in err.text("de") and "16:45" in err.text("en")
    org.add(Register, player="b", at="2026-11-21T16:50:00", override_deadline=True)
    assert set(org.state.players) == {"a", "b"}


def test_no_registration_once_the_main_final_table_is_open() -> None:
    org = Organiser()
    org.enter(4)
    org.open_suggested()
    assert org.state.tables[1].final
    _refused(org, Register, "player", player="late", override_deadline=True)


def test_withdraw_an_unpaid_no_show_unblocks_the_main_bracket() -> None:
    org = Organiser()
    org.enter(4)
    org.add(Register, player="ghost", at="16:40")
    org.open_suggested()
    assert not org.state.tables[1].final  # ghost might still come
    org.knock_out(1, "p001")
    org.knock_out(1, "p002")
    assert Bracket.MAIN not in org.state.done_brackets
    org.add(Withdraw, player="ghost")
    assert Bracket.MAIN in org.state.done_brackets
    _refused(org, Withdraw, "player", player="p003")


def test_donation_for_an_unknown_schock_out_or_twice(seated: Organiser) -> None:
    unknown = _refused(seated, Donation, "schock_out", schock_out=1)
    so = seated.add(SchockOut, player="p001", table=1)
    seated.add(Donation, schock_out=so.n)
    twice = _refused(seated, Donation, "schock_out", schock_out=so.n)
    elsewhere = _refused(seated, SchockOut, "table", player="p001", table=2)
    assert unknown.text("de") != twice.text("de")  # each refusal says its own reason
    assert "Tisch" in elsewhere.text("de")


def test_undo_of_an_unknown_fact(seated: Organiser) -> None:
    assert "999" in _refused(seated, Undo, "target", target=999).text("de")
