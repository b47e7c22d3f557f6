"""Format D entry fees: all present players marked paid in one fact; a fee mark taken back."""

from __future__ import annotations

import random

import pytest
from ko_play import Organiser, play_out, refused

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    CheckIn,
    KnockoutRules,
    KnockoutTournament,
    OpenTable,
    PayFee,
    PayFees,
    Register,
    Status,
    StepKind,
    TakeBackFee,
    Undo,
    Withdraw,
    fees_total,
    next_steps,
)
from tafelrunde.engine.knockout.entry import pay_all, present_unpaid, record_all
from tafelrunde.engine.knockout.views_data import fact_line

pytestmark = pytest.mark.unit


def _registered(count: int, rules: KnockoutRules | None = None) -> Organiser:
    org = Organiser(rules)
    org.enter(count, pay=False)
    return org


def test_all_present_players_are_marked_paid_in_one_fact() -> None:
    org = _registered(6)
    org.add(PayFee, player="p002")
    org.add(Withdraw, player="p005")
    todo = present_unpaid(org.state)
    assert todo == ["p001", "p003", "p004", "p006"]
    assert pay_all(org.state).players == tuple(todo)
    org.add(PayFees, players=tuple(todo))
    assert all(org.state.players[p].paid for p in todo)
    assert org.state.players["p005"].status is Status.WITHDRAWN
    assert not org.state.players["p005"].paid
    assert org.state.queues[Bracket.MAIN] == ["p002", *todo]
    assert fees_total(org.state) == 5 * KnockoutRules().entry_fee
    assert StepKind.COLLECT_FEE not in {s.kind for s in next_steps(org.state)}


def test_nobody_left_to_mark_is_refused_with_a_reason() -> None:
    org = _registered(4)
    for p in ("p001", "p002", "p003", "p004"):
        org.add(PayFee, player=p)
    with pytest.raises(RuleError) as err:
        pay_all(org.state)
    assert "Startgebühr" in err.value.text("de")
    assert refused(org, PayFees, players=()).field == "players"


def test_marking_all_refuses_every_one_when_one_does_not_fit() -> None:
    org = _registered(4)
    org.add(PayFee, player="p003")
    err = refused(org, PayFees, players=("p001", "p003"))
    assert "p003" in err.text("de") and err.field == "player"
    assert not org.state.players["p001"].paid
    refused(org, PayFees, players=("p001", "p001"))
    refused(org, PayFees, players=("p001", "nobody"))


def test_with_check_in_only_the_checked_in_are_present() -> None:
    org = _registered(4, KnockoutRules(check_in=True))
    org.add(CheckIn, player="p002")
    org.add(CheckIn, player="p004")
    assert present_unpaid(org.state) == ["p002", "p004"]


def test_marking_all_is_one_entry_and_one_undo_takes_it_back() -> None:
    tour = KnockoutTournament("Test", KnockoutRules())
    record_all(
        tour,
        [Register(n=0, at=0, player=f"p{i}", name=n) for i, n in enumerate(["Anna", "Bernd"])],
        at="16:40",
    )
    state = record_all(tour, [pay_all(tour.state())], at="16:41")
    fact = tour.facts[-1]
    assert isinstance(fact, PayFees) and fact.players == ("p0", "p1")
    who = {"p0": "Anna", "p1": "Bernd"}
    said = fact_line(who, fact).text("de")
    assert said == "Startgebühr bezahlt, alle Anwesenden (2): Anna, Bernd"
    assert all(p.paid for p in state.players.values())
    state = record_all(tour, [Undo(n=0, at=0, target=fact.n)], at="16:42")
    assert not any(p.paid for p in state.players.values())


def test_a_fee_mark_is_taken_back_before_the_player_is_seated() -> None:
    org = _registered(5)
    for p in ("p001", "p002", "p003", "p004", "p005"):
        org.add(PayFee, player=p)
    assert "p003" in org.state.queues[Bracket.MAIN]
    fact = org.add(TakeBackFee, player="p003")
    p = org.state.players["p003"]
    assert not p.paid and p.status is Status.REGISTERED and p.bracket is None
    assert "p003" not in org.state.queues[Bracket.MAIN]
    assert org.state.pending() == ["p003"]
    line = fact_line({"p003": "Clara"}, fact).text("de")
    assert line == "Vermerk „Startgebühr bezahlt“ zurückgenommen: Clara"
    kinds = {s.kind: s for s in next_steps(org.state)}
    assert kinds[StepKind.COLLECT_FEE].players == ("p003",)
    org.add(PayFee, player="p003")  # and marked again
    assert org.state.players["p003"].status is Status.WAITING


def test_a_fee_mark_is_not_taken_back_once_seated_or_never_made() -> None:
    org = _registered(5)
    org.add(PayFee, player="p001")
    assert "nicht bezahlt" in refused(org, TakeBackFee, player="p002").text("de")
    for p in ("p002", "p003", "p004"):
        org.add(PayFee, player=p)
    org.add(OpenTable, bracket=Bracket.MAIN, players=("p001", "p002", "p003", "p004"))
    err = refused(org, TakeBackFee, player="p001")
    assert "Tisch gespielt" in err.text("de") and err.field == "player"
    refused(org, TakeBackFee, player="nobody")


def test_a_withdrawn_player_gets_the_fee_back() -> None:
    org = _registered(4)
    org.add(PayFee, player="p004")
    org.add(Withdraw, player="p004")
    org.add(TakeBackFee, player="p004")
    p = org.state.players["p004"]
    assert p.status is Status.WITHDRAWN and not p.paid
    assert fees_total(org.state) == 0


def test_taking_fees_back_after_the_end_isrefused() -> None:
    org = Organiser()
    org.enter(4)
    play_out(org, random.Random(3))
    err = refused(org, TakeBackFee, player="p001")
    assert "Das Turnier ist beendet" in err.text("de")
