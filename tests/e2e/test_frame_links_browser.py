"""The tables page's frame at a phone's and a laptop's width: its tabs and links (named with
{% link %}) lead to their pages."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
from playwright.sync_api import Page, expect

from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import save_new

pytestmark = [pytest.mark.e2e]


def drawn(n: int) -> int:
    """A group-mode tournament of n players with its first game drawn, stored."""
    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, n + 1)]
    tour = Tournament("Frühjahrsturnier", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=3))
    return int(save_new(tour).pk)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_tables_frame_links_lead_to_their_pages(
    page: Page, live_server_url: str, shots: Path, width: int, height: int
) -> None:
    pk = drawn(16)
    page.set_viewport_size({"width": width, "height": height})
    h.login(page, live_server_url)
    page.goto(f"{live_server_url}/turniere/{pk}/tische/")
    expect(page.locator(f'nav.tabs a.active[href="/turniere/{pk}/tische/"]').first).to_be_visible()
    h.shoot(page, shots, f"frame-links-tables-{width}")
    page.locator("p.table-links a").first.click()
    page.wait_for_url(f"**/turniere/{pk}/ergebnistafel/")
    page.go_back()
    page.locator("nav.tabs a").first.click()
    page.wait_for_url(f"{live_server_url}/turniere/{pk}/")
    expect(page.locator("h1")).to_contain_text("Frühjahrsturnier")
