"""The referee's tables page in Chromium at a phone's and a laptop's width: the role in the
header, result forms that fit and store, and no button the referee may not use."""

from __future__ import annotations

import random
from pathlib import Path

import e2ehelpers as h
import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from factories import names
from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import save_new
from tafelrunde.web.core.roles import REFEREE, set_role

pytestmark = [pytest.mark.e2e]


def drawn_tournament(n: int = 12) -> int:
    """A format-A tournament, its first game drawn (by the organisers)."""
    people = [Player(f"p{i:03d}", name) for i, name in enumerate(names(n), start=1)]
    tour = Tournament("Vereinsabend", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=5))
    return int(save_new(tour).pk)


def referee_login(page: Page, base: str) -> None:
    """Create a referee and log in through the login form."""
    user = get_user_model().objects.create_user("schiri", password=h.PASSWORD)
    set_role(user, REFEREE)
    page.goto(base + "/anmelden/")
    page.get_by_label("Benutzername").fill("schiri")
    page.get_by_label("Passwort").fill(h.PASSWORD)
    h.submit(page, page.locator("main form button"))


@pytest.mark.parametrize("width", [390, 1280])
def test_the_referees_tables_page_fits_stores_a_result_and_offers_only_the_referees_work(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    pk = drawn_tournament()
    referee_login(page, live_server_url)
    header = page.locator("header.top")
    expect(header.locator(".who")).to_have_text("schiri")
    expect(header.locator(".role")).to_have_text("Schiedsrichter")
    for link in ("Neues Turnier", "Planung", "Zugänge"):
        expect(header.get_by_role("link", name=link)).to_have_count(0)
    page.goto(f"{live_server_url}/turniere/{pk}/tische/")
    expect(page.locator(".card form").first).to_be_visible()
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide at {width} px"
    h.shoot(page, shots, f"referee-tables-{width}")
    h.enter_result(page, h.group_state(pk), 1, 1, random.Random(width))
    expect(page.locator("#table-1-1 .result")).to_be_visible()
    for offer in ("Auslosung freigeben", "Neu auslosen", "Turnier löschen"):
        expect(page.get_by_role("button", name=offer)).to_have_count(0)
    expect(page.get_by_role("button", name="Letzten Eintrag zurücknehmen")).to_be_visible()
    h.shoot(page, shots, f"referee-tables-saved-{width}")
    # the organisers' addresses answer in words, with the way back
    page.goto(f"{live_server_url}/turniere/{pk}/regeln/vorlage/")
    expect(page.get_by_role("heading", name="Das darf nur die Turnierleitung.")).to_be_visible()
    h.submit(page, page.get_by_role("link", name="Zurück zum Turnier"))
    assert page.url.endswith(f"/turniere/{pk}/")
