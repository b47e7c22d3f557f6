"""Three phones at one table in Chromium (390 px, touch): one phone enters a tie, changes to
another player's name and cannot confirm its own entry; another phone confirms; the Stechen
the tie opens is announced on every phone of the table and on the results board."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from playwright.sync_api import Browser, expect
from test_table_phones import PLAYERS, enter_pips, links_page

pytestmark = [pytest.mark.e2e]


def test_one_phone_cannot_confirm_its_own_entry_and_the_stechen_reaches_the_table(
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
        t.tap(one, one.get_by_role("button", name="Nicht du? Namen wechseln"))
        t.tap_name(one, seated[1])  # the same phone, now as another player of the table
        version = one.locator(".version")
        expect(version).to_contain_text("Auf diesem Handy eingetragen")
        expect(version.get_by_role("button", name="Stimmt")).to_have_count(0)
        t.look(one, shots, "rules-1-same-phone")

        two.goto(links[1])
        t.tap_name(two, seated[2])
        t.tap(two, two.locator(".version").get_by_role("button", name="Stimmt"))
        expect(two.locator(".messages")).to_contain_text("bestätigt und zählt")
        rolloff = two.locator(".rolloffs")
        expect(rolloff).to_contain_text("Noch auszuspielen an diesem Tisch")
        expect(rolloff).to_contain_text("Stechen um Platz 1.")
        for name in seated[:2]:
            expect(rolloff).to_contain_text(name)
        t.look(two, shots, "rules-2-stechen-announced")

        three.goto(links[1])  # a phone that has tapped nothing hears of it too
        expect(three.locator(".rolloffs")).to_contain_text("Stechen um Platz 1.")
        t.look(three, shots, "rules-3-third-phone")

        orga.goto(f"{base}/turniere/{pk}/tische/")
        h.submit(orga, orga.get_by_role("link", name="Ergebnistafel").first)
        expect(orga.locator(".rolloff-line")).to_contain_text("Stechen um Platz 1.")
        h.shoot(orga, shots, "rules-4-board")
