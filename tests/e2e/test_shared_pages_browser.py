"""Pages shared by every visitor, in Chromium: a phone and a laptop get the same page, the
language switch works on it without a token, and an open page shows a new entry by itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2ehelpers import shoot, shut, submit
from playwright.sync_api import Browser, expect

from factories import tournaments_in_play
from tafelrunde.engine.knockout import GameLost
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import Logged, append, engine_tournament
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.e2e]


def test_a_shared_page_on_a_phone_and_a_laptop(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk = tournaments_in_play()["B"]  # over: its final ranking is final
    name = TournamentRecord.objects.get(pk=pk).name
    for width, height in ((390, 844), (1280, 800)):
        context = browser.new_context(locale="de-DE", viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(f"{live_server_url}/turniere/{pk}/endstand/")
        expect(page.locator("h1")).to_contain_text(name)
        assert page.locator("input[name=csrfmiddlewaretoken]").count() == 0
        assert not [c for c in context.cookies() if c["name"] == "csrftoken"]
        shoot(page, shots, f"shared-ranking-de-{width}")
        submit(page, page.get_by_role("button", name="English"))
        expect(page).to_have_url(f"{live_server_url}/turniere/{pk}/endstand/")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_role("button", name="Deutsch")).to_be_visible()
        shoot(page, shots, f"shared-ranking-en-{width}")
        page.goto(f"{live_server_url}/turniere/{pk}/")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        shoot(page, shots, f"shared-overview-en-{width}")
        shut(context)


def test_an_open_shared_page_shows_a_new_entry_by_itself(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk = tournaments_in_play()["D"]
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server_url}/turniere/{pk}/protokoll/")
    page.wait_for_function("() => document.body.dataset.liveRevision !== undefined")
    tour = engine_tournament(TournamentRecord.objects.get(pk=pk))
    table = tour.state().open_tables()[0]  # type: ignore[union-attr]

    def change(t: object) -> object:
        record_all(t, [GameLost(n=0, at=0, table=table.number, player=table.remaining[0])],  # type: ignore[arg-type]
                   at="2026-11-27T20:00:00")  # fmt: skip
        return t.facts[-1]  # type: ignore[attr-defined]

    append(pk, change, log=lambda f: Logged(msg("Game lost"), f.n))  # type: ignore[attr-defined]
    last = TournamentRecord.objects.get(pk=pk).version
    expect(page.locator("table.log").first).to_contain_text(f"(#{last})")
    shoot(page, shots, "shared-log-live-390")
    shut(context)
