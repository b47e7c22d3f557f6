"""Result cards fit their content: every field of every card can be clicked at a phone's and
a laptop's width (format A asks for points, pips and place: three columns)."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
from playwright.sync_api import Page, expect

from factories import names

pytestmark = [pytest.mark.e2e]
CARD = "xpath=ancestor::div[contains(concat(' ', @class, ' '), ' card ')]"


@pytest.mark.parametrize("width", [390, 1280])
def test_every_field_of_every_result_card_can_be_clicked(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    h.create_tournament(page, shots, f"cards-{width}", "gruppenmodus", names(16))
    h.release_draw(page)
    fields = page.locator(".card form input:not([type=hidden])")
    count = fields.count()
    assert count >= 16 * 2  # format A: at least points and pips of every player
    for k in range(count):
        field = fields.nth(k)
        field.click(timeout=3000)  # fails when another element lies over the field
        expect(field).to_be_focused()
        box = field.bounding_box()
        card = field.locator(CARD).bounding_box()
        assert box is not None and card is not None
        assert box["x"] + box["width"] <= card["x"] + card["width"] + 0.5, "field sticks out"
    h.shoot(page, shots, f"cards-{width}")
