"""Planung in the browser: an organiser starts a small plan on a phone and sees its charts;
the page fits 390 and 1280 px and prints black on white without the navigation."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
from playwright.sync_api import Page, expect

from tafelrunde.web.core.domain import planning

pytestmark = [pytest.mark.e2e]


def fits(page: Page, width: int) -> None:
    """Nothing on the page is wider than the window."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll} px wide at {width} px"


@pytest.mark.parametrize("width", [390, 1280])
def test_a_small_plan_shows_its_charts(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    h.submit(page, page.locator("header nav").get_by_role("link", name="Planung"))
    expect(page.get_by_role("heading", name="Planung", exact=True)).to_be_visible()
    page.get_by_label("Vorlage").select_option("schocken-ko")
    page.get_by_label("Erwartete Spieler").fill("24")
    page.get_by_label("Tische in der Halle").fill("3")
    page.get_by_label("Seed").fill("7")
    h.shoot(page, shots, f"planning-form-{width}")
    fits(page, width)
    h.submit(page, page.get_by_role("button", name="Planung berechnen"))
    expect(page.get_by_role("heading", name="Planung: D – Schocken-K.-o.")).to_be_visible()
    # the fragment is polled until the result replaces it
    result = page.locator("#plan-status.plan-result")
    expect(result).to_be_visible(timeout=90_000)
    expect(result.locator("svg.chart")).to_have_count(2)
    expect(result.get_by_text("3 Tische in der Halle")).to_be_visible()
    expect(result.get_by_role("heading", name="Voraussichtliche Dauer")).to_be_visible()
    for chart in result.locator("svg.chart").all():
        box = chart.bounding_box()
        assert box is not None and box["width"] <= width and box["height"] > 100
    fits(page, width)
    h.shoot(page, shots, f"planning-result-{width}")

    page.emulate_media(media="print")
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.get_by_role("button", name="Mit demselben Seed wiederholen")).to_be_hidden()
    expect(result.locator("svg.chart").first).to_be_visible()
    h.shoot(page, shots, f"planning-print-{width}")
    page.emulate_media(media="screen")
    assert planning.wait_idle(60)
