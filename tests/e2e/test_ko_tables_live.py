"""The organisers' format-D tables page keeps updating while phones enter losers: its
untouched „Verloren hat“ choices are no form being filled in."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2ehelpers import login, shoot
from playwright.sync_api import Page, expect

from factories import knockout_tournament, now, stored
from tafelrunde.engine.knockout.facts import GameLost
from tafelrunde.web.core.domain.knockout import enter
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.e2e]


def lose_at_first_table(pk: int) -> str:
    """A phone enters who lost a game at the first open table (stored as the app does)."""
    rec = TournamentRecord.objects.get(pk=pk)
    lost: list[str] = []

    def build(tour: object, state: object) -> list[GameLost]:
        table = state.open_tables()[0]  # type: ignore[attr-defined]
        lost.append(table.remaining[0])
        return [GameLost(n=0, at=0, table=table.number, player=table.remaining[0])]

    enter(rec.pk, build, expected=None, user=None, at=now(), by="Tisch 1 · Telefon")
    return lost[0]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_tables_page_shows_losers_entered_elsewhere_without_a_reload(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url)
    pk = stored(knockout_tournament(11)).pk
    page.goto(f"{live_server_url}/turniere/{pk}/ko-tische/")
    page.evaluate("() => { window.notReloaded = true; }")
    selects = page.locator("main select")
    assert selects.count() > 0  # the untouched choices of who lost
    for _ in range(2):
        before = page.locator("#live-main").inner_text()
        lose_at_first_table(pk)
        page.wait_for_function(
            "b => document.getElementById('live-main').innerText !== b", arg=before, timeout=5000
        )
    expect(page.locator("#live-note")).to_be_hidden()
    assert page.evaluate("window.notReloaded === true")
    shoot(page, shots, f"ko-tables-live-{width}")
