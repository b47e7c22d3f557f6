"""A second phone (a private window) taps the name of a player whose own phone is bound to
them already, in Chromium at 390 px: it is told in words that the organisers must agree and
offers no "Stimmt"; once they allow it on the passes page it is that player, and the first
phone no longer is (its "Stimmt" is refused). Both screens pass axe-core's checks."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from test_table_phones import PLAYERS, enter_pips, links_page

pytestmark = [pytest.mark.e2e]

TAKEN = "ist schon mit einem anderen Handy verbunden; die Turnierleitung muss zustimmen"


def accessible(page: Page) -> None:
    """axe-core finds no violation on the page as it is shown."""
    found = Axe().run(page)
    assert found.violations_count == 0, found.generate_report()


def test_a_second_phone_takes_a_bound_name_only_with_the_organisers_consent(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    base = live_server_url
    with (
        t.laptop(browser) as orga,
        t.phone(browser) as entrant,
        t.phone(browser) as own,
        t.phone(browser) as second,
    ):
        orga.goto(base + "/")
        h.login(orga, base)
        pk = h.create_tournament(orga, shots, "bound", "gruppenmodus", PLAYERS)
        h.release_draw(orga)
        link = links_page(orga, shots, "bound", 3)[1]

        entrant.goto(link)
        seated = t.names_at(entrant)
        t.tap_name(entrant, seated[0])
        enter_pips(entrant, dict(zip(seated, (17, 15, 12, 9), strict=True)))
        own.goto(link)
        t.tap_name(own, seated[1])

        second.goto(link)  # the private window taps the same name
        t.tap(second, second.locator("form.name-buttons").get_by_role("button", name=seated[1]))
        expect(second.locator(".messages")).to_contain_text(f"{seated[1]} {TAKEN}.")
        expect(second.locator("#asked")).to_contain_text(f"{seated[1]} {TAKEN}")
        expect(second.locator(".who-am-i")).to_have_count(0)  # it is nobody yet
        expect(second.get_by_role("button", name="Stimmt")).to_have_count(0)
        t.look(second, shots, "bound-1-second-phone-asks")
        accessible(second)

        orga.goto(f"{base}/turniere/{pk}/paesse/")
        asks = orga.locator("#asks")
        expect(asks).to_contain_text(f"Ein neues Handy möchte {seated[1]} sein")
        h.shoot(orga, shots, "bound-3-request-laptop")
        accessible(orga)
        orga.set_viewport_size(t.PHONE)  # the organiser at the door with a phone
        t.look(orga, shots, "bound-4-request-phone")
        orga.set_viewport_size(t.LAPTOP)
        h.submit(orga, asks.get_by_role("button", name="Erlauben"))
        expect(orga.locator(".messages")).to_contain_text("ist wieder frei")

        t.tap(own, own.locator(".version").get_by_role("button", name="Stimmt"))
        refused = "Bitte zuerst auf den eigenen Namen tippen."  # the first phone is nobody now
        expect(own.locator(".messages")).to_contain_text(refused)
        t.state_says(own, "eingetragen – wartet auf Bestätigung")

        second.reload()
        expect(second.locator(".who-am-i")).to_contain_text(f"Du bist {seated[1]}.")
        t.look(second, shots, "bound-2-second-phone-allowed")
        accessible(second)
        t.tap(second, second.locator(".version").get_by_role("button", name="Stimmt"))
        expect(second.locator(".messages")).to_contain_text("bestätigt und zählt")
