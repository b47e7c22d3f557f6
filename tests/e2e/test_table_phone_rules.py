"""Three phones at one table in Chromium (390 px, touch) play a Durchgang: one phone enters a
tie and cannot act for another player (its request goes to the organisers); another phone
confirms; the Stechen the tie opens is announced on every phone of the table and on the
results board, entered at the table by one player and confirmed by another on their own
phone, refused from the phone that entered it; then it counts."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from playwright.sync_api import Browser, expect
from test_table_phones import PLAYERS, enter_pips, links_page

pytestmark = [pytest.mark.e2e]


def test_three_phones_play_a_durchgang_with_a_stechen_entered_at_the_table(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    base = live_server_url
    with (
        t.laptop(browser) as orga,
        t.phone(browser) as one,
        t.phone(browser) as two,
        t.phone(browser) as three,
    ):
        orga.goto(base + "/")
        h.login(orga, base)
        pk = h.create_tournament(orga, shots, "rules", "gruppenmodus", PLAYERS)
        h.release_draw(orga)
        links = links_page(orga, shots, "rules", 3)

        one.goto(links[1])
        seated = t.names_at(one)
        t.tap_name(one, seated[0])
        enter_pips(one, dict(zip(seated, (17, 17, 12, 9), strict=True)))
        t.state_says(one, "eingetragen – wartet auf Bestätigung")
        t.tap(one, one.locator("#not-you"))  # "Nicht du?": the phone asks to be another player
        t.tap(one, one.locator("#other-name").get_by_role("button", name=seated[1]))
        expect(one.locator("#asked")).to_contain_text(f"{seated[1]} sein darf")
        expect(one.locator(".version").get_by_role("button", name="Stimmt")).to_have_count(0)
        t.look(one, shots, "rules-1-same-phone")

        two.goto(links[1])
        t.tap_name(two, seated[1])
        t.tap(two, two.locator(".version").get_by_role("button", name="Stimmt"))
        expect(two.locator(".messages")).to_contain_text("bestätigt und zählt")
        rolloff = two.locator(".rolloffs")
        expect(rolloff).to_contain_text("Noch auszuspielen an diesem Tisch")
        expect(rolloff).to_contain_text("Stechen um Platz 1.")
        for name in seated[:2]:
            expect(rolloff).to_contain_text(name)
        t.look(two, shots, "rules-2-stechen-announced")

        t.tap(two, rolloff.get_by_role("button", name=seated[1]))  # "Wer hat gewonnen?"
        expect(two.locator(".messages")).to_contain_text("Gespeichert")
        two.reload()
        entered = two.locator(".rolloff-version")
        expect(entered).to_contain_text(seated[1])
        expect(entered.get_by_role("button", name="Stimmt")).to_have_count(0)  # not its own

        three.goto(links[1])  # a phone that has tapped nothing hears of it too
        expect(three.locator(".rolloffs")).to_contain_text("Stechen um Platz 1.")
        t.tap_name(three, seated[2])
        t.look(three, shots, "rules-3-third-phone")

        orga.goto(f"{base}/turniere/{pk}/tische/")
        h.submit(orga, orga.get_by_role("link", name="Ergebnistafel").first)
        expect(orga.locator(".rolloff-line")).to_contain_text("Stechen um Platz 1.")
        expect(orga.locator("#board-asks")).to_contain_text("1 Handy möchte")
        h.shoot(orga, shots, "rules-4-board")

        t.tap(three, three.locator(".rolloff-version").get_by_role("button", name="Stimmt"))
        expect(three.locator(".messages")).to_contain_text("zählt")
        expect(three.locator(".rolloffs")).to_have_count(0)  # nothing left to roll off here
        t.look(three, shots, "rules-5-stechen-counts")
    state = h.group_state(pk)
    st = state.current
    assert st is not None and st.rolloffs  # the table's Stechen counts as the organisers' would
    order = next(iter(st.rolloffs.values())).order
    names = {p.id: p.name for p in state.tournament.players}
    assert [names[p] for p in order] == [seated[1], seated[0]]
