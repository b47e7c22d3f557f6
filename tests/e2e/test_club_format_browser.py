"""A club's own format (the Fünferrunde, no letter) as a person sees it at 390 px and 1280 px:
its name in the header, its tables of five on the tables page and on the printed cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2ehelpers import login, shoot
from playwright.sync_api import Page, expect

from factories import USER, names, now, stored
from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain.setup import new_tournament

pytestmark = [pytest.mark.e2e]
RULES = Path(__file__).resolve().parents[1] / "data" / "fuenferrunde.toml"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_fuenferrunde_reads_as_its_own_format(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url)
    tour = new_tournament("Fünferrunde im Oktober", load_rules(str(RULES)), "\n".join(names(13)),
                          day=None, at=now(), by=USER)  # fmt: skip
    state = TournamentState(tour)  # type: ignore[arg-type]
    record(state, next_draw(state, seed=11), at=now(), by=USER)
    pk = stored(tour).pk
    page.goto(f"{live_server_url}/turniere/{pk}/tische/")
    expect(page.locator("h1")).to_contain_text("Fünferrunde")
    expect(page.locator("h1")).not_to_contain_text("Format")
    expect(page.locator(".card[id^='table-1-']")).to_have_count(3)
    shoot(page, shots, f"club-format-tables-{width}")
    page.goto(f"{live_server_url}/turniere/{pk}/drucken/tischkarten/")
    expect(page.locator("p.number")).to_have_count(3)
    expect(page.locator(".qr svg")).to_have_count(3)
    shoot(page, shots, f"club-format-cards-{width}")
