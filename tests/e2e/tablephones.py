"""Helpers of the table-link browser tests: phones (touch, 390 px) and what they must show.

A phone is a browser context of its own (its own session cookie), as two players' phones
at one table are. Every tap waits for the page the form answers with.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import e2ehelpers as h
from playwright.sync_api import Browser, Locator, Page, expect

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
TAP = 44  # the least height of a target a finger hits (px)


@contextmanager
def phone(browser: Browser) -> Iterator[Page]:
    """A German phone: small touch screen, its own cookies; closed afterwards."""
    context = browser.new_context(
        locale="de-DE", viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    try:
        yield context.new_page()
    finally:
        h.shut(context)


@contextmanager
def laptop(browser: Browser) -> Iterator[Page]:
    """The organiser's laptop, in German; closed afterwards."""
    context = browser.new_context(locale="de-DE", viewport=LAPTOP)
    try:
        yield context.new_page()
    finally:
        h.shut(context)


def tap(page: Page, target: Locator) -> None:
    """Tap a button that sends a form and wait for the answer page."""
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def tap_name(page: Page, name: str) -> None:
    """Tap one's own name under „Wer bist du?"."""
    buttons = page.locator("form.name-buttons").first
    tap(page, buttons.get_by_role("button", name=name, exact=True))
    expect(page.locator(".who-am-i")).to_contain_text(f"Du bist {name}.")


def state_says(page: Page, words: str) -> None:
    """The table's state box says these words."""
    expect(page.locator(".table-state")).to_contain_text(words)


def fits(page: Page, width: int) -> None:
    """Nothing is wider than the screen, and every button and input is big enough to tap."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{page.url} is {wide}px wide at {width}px"
    targets = page.locator(".table-page button.big, .table-page .entry input")
    for k in range(targets.count()):
        if not targets.nth(k).is_visible():
            continue  # inside a closed <details>: shown (and measured) once opened
        box = targets.nth(k).bounding_box()
        assert box is not None, targets.nth(k)
        assert box["height"] >= TAP and box["width"] >= TAP, (targets.nth(k), box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (targets.nth(k), box)


def look(page: Page, shots: Path, name: str, width: int = PHONE["width"]) -> None:
    """Check the page fits the phone and keep a screenshot of it."""
    h.shoot(page, shots, name)
    fits(page, width)


def names_at(page: Page) -> list[str]:
    """The names the table page offers to tap, in seat order."""
    buttons = page.locator("form.name-buttons").first.get_by_role("button")
    return [b.strip() for b in buttons.all_inner_texts()]
