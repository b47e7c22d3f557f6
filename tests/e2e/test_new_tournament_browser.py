"""The new-tournament form in Chromium: the fields only format D uses appear when a format-D
preset is chosen and go away for the others, at 390 px and 1280 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2ehelpers import login, shoot, submit
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.e2e]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_format_d_fields_follow_the_chosen_preset(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url)
    submit(page, page.get_by_role("link", name="Neues Turnier"))
    only = page.locator("#ko-only")
    expect(only).to_be_hidden()  # the form starts with format A
    shoot(page, shots, f"new-tournament-A-{width}")
    page.get_by_label("Vorlage").select_option("schocken-ko")
    expect(only).to_be_visible()
    expect(page.get_by_label("Turniertag (Format D)")).to_be_visible()
    expect(page.get_by_label("Anmeldeschluss", exact=True)).to_be_visible()
    shoot(page, shots, f"new-tournament-D-{width}")
    page.get_by_label("Vorlage").select_option("alhambra")
    expect(only).to_be_hidden()
    page.get_by_label("Vorlage").select_option("")  # an own ruleset file: its format unknown
    expect(only).to_be_visible()
