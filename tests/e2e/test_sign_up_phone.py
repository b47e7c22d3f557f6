"""Signing up on a phone (390 px): the tournament's page leads to the form; the answer is the
pass with the place (or the waiting position); the organisers' list (1280 px) shows it."""

from __future__ import annotations

from pathlib import Path

import pytest
import tablephones as t
from e2ehelpers import login, shoot
from playwright.sync_api import Browser, expect

from factories import not_started
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.player.models import SignUpDesk

pytestmark = [pytest.mark.e2e]


def test_a_player_signs_up_on_a_phone_and_the_next_one_waits(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk = not_started()["gruppenmodus"]
    rec = TournamentRecord.objects.get(pk=pk)
    SignUpDesk.objects.create(tournament=rec, open=True, capacity=len(rec.players) + 1, waiting=1)
    with (
        t.phone(browser) as one,
        t.phone(browser) as two,
        t.phone(browser) as three,
        t.laptop(browser) as desk,
    ):
        one.goto(f"{live_server_url}/turniere/{pk}/")
        t.tap(one, one.locator("#sign-up-call"))
        expect(one.locator("#sign-up-places")).to_contain_text("Noch 1 Platz frei")
        one.get_by_label("Dein Name").fill("Xaver Zufall")
        one.get_by_label("E-Mail (freiwillig, nur die Turnierleitung sieht sie)").fill(
            "x@example.org"
        )
        t.fits(one, t.PHONE["width"])
        t.look(one, shots, "sign-up-1-form")
        t.tap(one, one.get_by_role("button", name="Anmeldung abschicken"))
        expect(one.locator("h1")).to_have_text("Xaver Zufall")
        expect(one.locator(".messages")).to_contain_text("Du bist angemeldet")
        t.look(one, shots, "sign-up-2-pass")

        two.goto(f"{live_server_url}/turniere/{pk}/mitspielen/")
        expect(two.locator("#sign-up-places")).to_contain_text("Warteliste")
        two.get_by_label("Dein Name").fill("Yvonne Zweite")
        t.tap(two, two.get_by_role("button", name="Anmeldung abschicken"))
        expect(two.locator("#pass-now")).to_contain_text("Platz 1")
        t.look(two, shots, "sign-up-3-waiting")

        three.goto(f"{live_server_url}/turniere/{pk}/mitspielen/")  # the waiting list is full
        expect(three.locator("#sign-up-full")).to_contain_text("die Warteliste ist voll (1 Platz)")
        expect(three.locator("#sign-up-form")).to_have_count(0)
        t.fits(three, t.PHONE["width"])
        t.look(three, shots, "sign-up-3b-full")

        two_pass = two.url
        one.once("dialog", lambda d: d.accept())
        t.tap(one, one.get_by_role("button", name="Meine Anmeldung zurückziehen"))
        two.goto(two_pass)
        expect(two.locator("#pass-now")).to_contain_text("Wo ich jetzt sitze")  # moved up

        login(desk, live_server_url, "empfang")
        desk.goto(f"{live_server_url}/turniere/{pk}/online-anmeldung/")
        expect(desk.locator("#sign-ups")).to_contain_text("x@example.org")
        expect(desk.locator("#sign-ups")).to_contain_text("zurückgezogen")
        expect(desk.get_by_label("Plätze auf der Warteliste (leer: so viele wie Plätze; 0: keine "
                                 "Warteliste)")).to_have_value("1")  # fmt: skip
        shoot(desk, shots, "sign-up-4-desk")
        desk.set_viewport_size(t.PHONE)  # an organiser at the door with a phone
        desk.reload()
        t.fits(desk, t.PHONE["width"])  # one block per sign-up, no sideways scrolling
        expect(desk.locator("#sign-ups thead")).to_be_hidden()
        expect(desk.locator("#sign-ups td.name", has_text="Yvonne Zweite")).to_be_visible()
        shoot(desk, shots, "sign-up-5-desk-phone")
