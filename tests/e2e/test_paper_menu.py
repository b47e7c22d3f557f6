"""The print menu in Chromium, at a phone's and a laptop's width: from the tournament's tab to
the club's name and logo, then the table cards show them; the print view hides the toolbar."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from e2ehelpers import login, shoot, submit
from PIL import Image
from playwright.sync_api import Page, expect
from projectorpages import drawn_group

pytestmark = [pytest.mark.e2e]


def logo_png() -> bytes:
    """A small round red logo."""
    image = Image.new("RGBA", (300, 300), (0, 0, 0, 0))
    for x in range(300):
        for y in range(300):
            if (x - 150) ** 2 + (y - 150) ** 2 < 140**2:
                image.putpixel((x, y), (180, 20, 40, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_an_organiser_sets_the_club_look_and_prints_cards_with_it(
    page: Page, live_server_url: str, shots: Path, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    pk = drawn_group(8)
    login(page, live_server_url)
    page.goto(f"{live_server_url}/turniere/{pk}/")
    page.locator("nav.tabs").get_by_role("link", name="Drucken").click()
    expect(page.locator("h2")).to_have_text("Drucken")
    shoot(page, shots, f"print-menu-{width}")
    page.get_by_role("link", name="Vereinsname und Logo ändern").click()
    page.get_by_label("Vereinsname").fill("Würfelfreunde Tafelrunde e. V.")
    page.get_by_label("Vereinslogo").set_input_files(
        files=[{"name": "logo.png", "mimeType": "image/png", "buffer": logo_png()}]
    )
    submit(page, page.locator("#look-form button"))
    expect(page.locator(".messages")).to_contain_text("Gespeichert")
    expect(page.locator("img.logo-preview")).to_be_visible()
    shoot(page, shots, f"print-look-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.goto(f"{live_server_url}/turniere/{pk}/drucken/")
    page.locator("#drucken-tischkarten").get_by_label("zwei A5-Karten je A4-Seite").check()
    submit(page, page.locator("#drucken-tischkarten button"))
    assert page.url.endswith("/drucken/tischkarten/?karten=a5")
    expect(page.locator(".table-card .club").first).to_have_text("Würfelfreunde Tafelrunde e. V.")
    assert page.evaluate("document.querySelector('.table-card img.logo').naturalWidth") == 300
    expect(page.locator(".toolbar button")).to_have_text("Drucken")
    shoot(page, shots, f"print-cards-screen-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.emulate_media(media="print")
    expect(page.locator(".toolbar")).to_be_hidden()


def test_a_bad_logo_is_refused_in_words_in_the_browser(
    page: Page, live_server_url: str, shots: Path
) -> None:
    login(page, live_server_url)
    page.goto(f"{live_server_url}/drucken/einstellungen/")
    page.get_by_label("Vereinslogo").set_input_files(
        files=[{"name": "logo.png", "mimeType": "image/png", "buffer": b"<svg onload=x>"}]
    )
    submit(page, page.locator("#look-form button"))
    expect(page.locator(".errorlist")).to_contain_text("kein Bild im Format PNG")
    shoot(page, shots, "print-look-refused")
