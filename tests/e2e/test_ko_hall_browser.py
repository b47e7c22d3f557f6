"""Format D in Chromium: all present marked paid after a question; the hall's table numbers."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import e2ehelpers as h
import pytest
from django.utils import timezone
from playwright.sync_api import Dialog, Page, expect

from factories import names

pytestmark = [pytest.mark.e2e]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_tables_page_shows_hall_numbers_at_a_phones_and_a_laptops_width(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    day = (timezone.localdate() + timedelta(days=7)).isoformat()
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    h.create_tournament(page, shots, f"hall-{width}", "schocken-ko", names(14), day=day)

    h.tab(page, "Anmeldung")
    asked: list[str] = []

    def accept(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    h.submit(page, page.get_by_role("button", name="Alle Anwesenden als bezahlt markieren (14)"))
    assert asked and asked[0].startswith("Startgebühr als bezahlt markieren – alle 14 Anwesenden")
    expect(page.locator("#fees-total")).to_have_text("140,00 €")
    expect(page.locator("#ko-players")).not_to_contain_text("unbezahlt")
    h.shoot(page, shots, f"hall-{width}-registration")

    h.tab(page, "Tische")
    page.get_by_label("Tische in der Halle").fill("3")
    h.submit(page, page.locator("#hall-form button"))
    h.no_errors(page)
    expect(page.locator("#hall")).to_contain_text("Die Halle hat 3 Tische; belegt: 0.")
    h.submit(page, page.get_by_role("button", name="alle vorgeschlagenen Tische eröffnen"))
    h.no_errors(page)
    numbers = page.locator(".cards .hall-table")
    expect(numbers).to_have_text(["Tisch 1", "Tisch 2", "Tisch 3"])
    expect(page.locator("ul.steps, #suggested")).to_contain_text(
        "Alle Tische der Halle (3) sind belegt"
    )
    h.shoot(page, shots, f"hall-{width}-tables")

    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide}px wide at {width}px"
    for k in range(numbers.count()):  # the hall number is big and inside its card
        box = numbers.nth(k).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width
        size = numbers.nth(k).evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 22
    buttons = page.locator("#table-1 form[action$='/verloren/'] button")
    for k in range(buttons.count()):
        buttons.nth(k).click(trial=True, timeout=3000)  # nothing lies over a loser button
