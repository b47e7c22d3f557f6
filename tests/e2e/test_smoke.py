"""The start page opens in a real browser, served by uvicorn like in production."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tafelrunde.web.core.models import Event

pytestmark = [pytest.mark.e2e]


def test_the_start_page_opens_in_chromium(page: Page, live_server_url: str, shots: Path) -> None:
    Event.objects.create(name="Vereinsabend", date=date(2099, 1, 9))  # the server must see it
    response = page.goto(live_server_url + "/")
    assert response is not None and response.ok
    assert "Tafelrunde" in page.title()
    expect(page.get_by_role("heading", name="Termine")).to_be_visible()
    expect(page.get_by_text("Vereinsabend")).to_be_visible()
    page.screenshot(path=shots / "start.png", full_page=True)
    assert (shots / "start.png").stat().st_size > 0
