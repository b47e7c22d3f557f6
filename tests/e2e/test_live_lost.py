"""A lost connection is said, in Chromium: while a live page's event stream is down the
notice „Verbindung unterbrochen – wird wiederhergestellt" shows (a status for screen
readers too) and the clocks say they may be behind; once the stream is back both go."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from playwright.sync_api import Browser, Page, expect
from projectorpages import choose, drawn_group, knockout, open_projector

pytestmark = [pytest.mark.e2e]

LOST = "Verbindung unterbrochen – wird wiederhergestellt"
BEHIND = "evtl. nicht aktuell"
OPEN = "() => window.sources.length > 0 && window.sources.at(-1).readyState === 1"
WAIT = 15000  # ms: the notice waits a few seconds (a stream ending on time is back at once)


def cut(page: Page) -> None:
    """Wait for the stream, then cut it; no new connection gets through."""
    page.wait_for_function(OPEN, timeout=WAIT)
    page.route("**/live/**", lambda route: route.abort())
    page.evaluate(h.CUT)


def restore(page: Page) -> None:
    """Let connections through again."""
    page.unroute("**/live/**")


def test_a_phone_says_the_connection_is_lost_and_that_it_is_back(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(8)
    with t.phone(browser) as phone:
        phone.add_init_script(h.KEEP_SOURCES)
        phone.goto(f"{live_server_url}/turniere/{pk}/stand/")
        notice = phone.get_by_role("status").filter(has_text=LOST)
        expect(notice).to_be_hidden()
        cut(phone)
        expect(notice).to_be_visible(timeout=WAIT)
        expect(notice).to_have_attribute("aria-live", "polite")
        box = notice.bounding_box()
        assert box is not None and box["y"] >= 0 and box["x"] + box["width"] <= 390
        t.look(phone, shots, "live-lost-phone")
        restore(phone)
        expect(notice).to_be_hidden(timeout=WAIT)
        # offline as the device knows it: said at once, gone once a fresh stream is open
        phone.context.set_offline(True)
        expect(notice).to_be_visible()
        phone.context.set_offline(False)
        expect(notice).to_be_hidden(timeout=WAIT)


def test_the_projector_says_the_connection_is_lost_and_its_clocks_may_be_behind(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = knockout(14, minutes_ago=3)
    choose(pk, ["ko_tables"], seconds=60)
    for width, height in ((1920, 1080), (1280, 720)):
        page.add_init_script(h.KEEP_SOURCES)
        open_projector(page, live_server_url, pk, width, height)
        banner = page.locator("#live-lost")
        clocks = page.locator(".slide:not([hidden]) [data-clock-elapsed]")
        behind = page.locator(".slide:not([hidden]) [data-clock-elapsed] .clock-behind")
        assert clocks.count() > 0
        cut(page)
        expect(banner).to_be_visible(timeout=WAIT)
        expect(banner).to_have_text(LOST)
        expect(behind).to_have_count(clocks.count())
        expect(behind.first).to_have_text(BEHIND)
        expect(behind.first).to_be_visible()
        h.shoot(page, shots, f"live-lost-projector-{width}")
        restore(page)
        expect(banner).to_be_hidden(timeout=WAIT)
        expect(behind).to_have_count(0)
