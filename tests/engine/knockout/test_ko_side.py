"""Format D's clock and side competition: sharp play, Schock-Aus-König, donations, fees."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from ko_play import Organiser, play_out

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    Donation,
    KnockoutRules,
    OpenTable,
    SchockOut,
    donation_total,
    fees_total,
    schock_out_counts,
    schock_out_kings,
)

pytestmark = pytest.mark.unit


def test_sharp_play_from_the_table_clock() -> None:
    org = Organiser()
    org.enter(4)
    org.add(OpenTable, bracket=Bracket.MAIN, players=("p001", "p002", "p003", "p004"), at=61_200)
    state = org.state
    assert not state.is_sharp(1, 61_200 + 14 * 60 + 59)
    assert state.is_sharp(1, 61_200 + 15 * 60)
    assert state.is_sharp(1, "17:20")
    with pytest.raises(RuleError):
        state.is_sharp(7, "17:20")


def test_sharp_play_with_iso_times_and_its_own_minutes() -> None:
    org = Organiser(KnockoutRules(sharp_after_minutes=10))
    org.enter(3)
    org.add(
        OpenTable,
        bracket=Bracket.MAIN,
        players=("p001", "p002", "p003"),
        at="2026-11-21T17:02:00",
    )
    assert not org.state.is_sharp(1, "2026-11-21T17:11:59")
    assert org.state.is_sharp(1, "2026-11-21T17:12:00")


def test_no_sharp_play_in_the_grand_final() -> None:
    org = Organiser()
    org.enter(4)
    org.open_suggested()
    for pid in ("p001", "p002"):
        org.knock_out(1, pid)
    org.open_suggested()
    final = org.state.grand_final()
    assert final is not None
    assert not org.state.is_sharp(final.number, final.opened_at + 3600)
    sharp_final = KnockoutRules(sharp_in_final=True)
    org2 = Organiser(sharp_final)
    org2.enter(4)
    org2.open_suggested()
    for pid in ("p001", "p002"):
        org2.knock_out(1, pid)
    org2.open_suggested()
    assert org2.state.is_sharp(2, org2.state.tables[2].opened_at + 3600)


def test_schock_out_king_counts_only_donated_throws() -> None:
    org = Organiser()
    org.enter(8)
    org.open_suggested()
    a1 = org.add(SchockOut, player="p001", table=1)
    a2 = org.add(SchockOut, player="p001", table=1)
    b1 = org.add(SchockOut, player="p005", table=2)
    b2 = org.add(SchockOut, player="p005")
    org.add(SchockOut, player="p006")  # never donated: does not count
    for so in (a1, b1, b2):
        org.add(Donation, schock_out=so.n)
    assert schock_out_counts(org.state) == {"p001": 1, "p005": 2}
    assert schock_out_kings(org.state) == ("p005",)
    assert donation_total(org.state) == Decimal(9)
    org.add(Donation, schock_out=a2.n)
    assert schock_out_kings(org.state) == ("p001", "p005")
    assert donation_total(org.state) == Decimal(12)


def test_donations_are_accepted_after_the_end() -> None:
    org = Organiser()
    org.enter(4)
    org.open_suggested()
    so = org.add(SchockOut, player="p003", table=1)
    play_out(org, random.Random(5))
    org.add(Donation, schock_out=so.n)
    assert schock_out_kings(org.state) == ("p003",)


def test_no_schock_out_king_without_donations() -> None:
    org = Organiser()
    assert schock_out_kings(org.state) == ()
    assert donation_total(org.state) == 0


def test_entry_fees_total() -> None:
    org = Organiser(KnockoutRules(entry_fee=Decimal("12.50")))
    org.enter(4)
    assert fees_total(org.state) == Decimal(50)
