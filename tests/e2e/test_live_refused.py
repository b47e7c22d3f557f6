"""A page whose event stream the server refuses (too many open pages from one device)
goes on working in Chromium: it tries again later, waiting longer each time instead of
hammering, and once a stream is free it is live again. The browser's clock is Playwright's,
so the waits are exact (3 s, then 6 s, then 12 s) and nobody waits for them."""

from __future__ import annotations

import time
from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from playwright.sync_api import Browser, Page, expect
from projectorpages import drawn_group

from tafelrunde.web.live.hub import HUB
from tafelrunde.web.live.publish import touch

pytestmark = [pytest.mark.e2e]

WAIT = 15000  # ms
MIDDLE = "Math.random = () => 0.5;"  # the spread of the waits: none (each wait exactly)


def streams(page: Page) -> int:
    """How many event streams the page has opened."""
    return int(page.evaluate("() => window.sources.length"))


def refused(page: Page, count: int) -> None:
    """Wait until the page's stream number `count` has been refused (closed by the server)."""
    page.wait_for_function(
        f"() => window.sources.length === {count} && window.sources.at(-1).readyState === 2",
        timeout=WAIT,
        polling=50,
    )


def no_streams() -> None:
    """Wait until the server holds no stream of this machine's browser."""
    deadline = time.monotonic() + WAIT / 1000
    while HUB.addresses.get("127.0.0.1", 0) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not HUB.addresses.get("127.0.0.1", 0)


def test_a_refused_page_tries_again_later_and_longer_then_is_live_again(
    browser: Browser, page: Page, live_server_url: str, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAFELRUNDE_STREAMS_PER_ADDRESS", "1")  # this device: one stream
    no_streams()  # the pages of earlier tests have gone
    pk = drawn_group(8)
    url = f"{live_server_url}/turniere/{pk}/stand/"
    page.add_init_script(h.KEEP_SOURCES)
    page.goto(url)  # the laptop holds the one stream
    page.wait_for_function("() => window.sources.at(-1).readyState === 1", timeout=WAIT)
    with t.phone(browser) as phone:
        phone.add_init_script(h.KEEP_SOURCES + MIDDLE)
        phone.clock.install()
        answers: list[int] = []
        phone.on("response", lambda r: answers.append(r.status) if "/live/" in r.url else None)
        phone.goto(url)
        refused(phone, 1)
        phone.clock.fast_forward(3100)  # the first wait: 3 s
        refused(phone, 2)
        phone.clock.fast_forward(3100)  # the second wait is 6 s: nothing yet
        assert streams(phone) == 2
        phone.clock.fast_forward(3000)
        refused(phone, 3)
        assert answers == [429, 429, 429]
        expect(phone.locator("#live-lost")).to_be_visible()  # the page says it is not live
        expect(phone.locator("h1")).to_be_visible()  # and shows what it shows
        t.look(phone, shots, "live-refused-phone")
        page.close()  # the laptop's stream ends: one is free
        no_streams()
        phone.clock.fast_forward(12100)  # the third wait: 12 s
        phone.wait_for_function(
            "() => window.sources.length === 4 && window.sources[3].readyState === 1",
            timeout=WAIT,
            polling=50,
        )
        expect(phone.locator("#live-lost")).to_be_hidden()
        before = phone.evaluate("() => document.body.dataset.liveRevision")
        touch(pk)  # a change: the page hears it again
        phone.wait_for_function(
            f"() => document.body.dataset.liveRevision !== {before!r}", timeout=WAIT, polling=50
        )
