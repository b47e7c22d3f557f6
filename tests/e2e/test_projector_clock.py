"""The projector's clocks in Chromium when its slides are one copy for every projector: the
corner shows the server's time of day in the server's time zone (not the projector's), and
format D's table clocks in a copy served later have run on since it was made."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import datetime
from email.utils import parsedate_to_datetime
from pathlib import Path

import pytest
from django.utils import timezone
from e2ehelpers import shoot, shut
from playwright.sync_api import Browser, Page, expect
from projectorpages import at_table, choose, drawn_group, knockout, open_projector

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.shared import RENDERS

pytestmark = [pytest.mark.e2e]

FAR_ZONE = "Pacific/Kiritimati"  # UTC+14: far from the server's zone, whatever the season
LATER = 6  # seconds between the copy being made and being served


@pytest.fixture
def far_page(browser: Browser, live_server_url: str) -> Iterator[Page]:
    """A German page whose own clock runs in a time zone far from the server's (closed
    while the server still answers)."""
    context = browser.new_context(locale="de-DE", timezone_id=FAR_ZONE)
    try:
        yield context.new_page()
    finally:
        shut(context)


def server_time_reaches(page: Page, url: str, at: int, limit: float = 15.0) -> None:
    """Wait until the server's clock (its answers' Date header) says `at` (epoch seconds)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        said = page.request.head(url).headers.get("date", "")
        if said and parsedate_to_datetime(said).timestamp() >= at:
            return
        page.wait_for_timeout(200)  # asked again shortly: the Date header has whole seconds
    raise AssertionError(f"the server's clock did not reach {at} within {limit} s")


def counting_swaps(page: Page) -> None:
    """Count the slides swapped in from now on (window.swaps)."""
    page.evaluate(
        "() => { window.swaps = 0;"
        " document.addEventListener('tafelrunde:swapped', () => { window.swaps += 1; }); }"
    )


def hhmm_around(before: float, after: float) -> set[str]:
    """The server's time of day (HH:MM in its zone) at each moment between two instants."""
    moments = [before, after, *range(int(before) + 1, int(after) + 1)]
    zone = timezone.get_current_timezone()
    return {datetime.fromtimestamp(t, zone).strftime("%H:%M") for t in moments}


def run_seconds(text: str) -> int:
    """A clock's m:ss as seconds."""
    minutes, secs = text.split(":")
    return int(minutes) * 60 + int(secs)


def test_the_corner_clock_shows_the_servers_time_of_day_from_the_answer(
    far_page: Page, live_server_url: str, shots: Path
) -> None:
    page = far_page
    pk = drawn_group(13)
    open_projector(page, live_server_url, pk)
    assert page.evaluate("() => new Date().getTimezoneOffset()") == -14 * 60  # far away
    counting_swaps(page)
    before = time.time()
    with page.expect_response(re.compile(r"/beamer/folien/$")) as answered:
        at_table(pk, 1)  # a change the slides show: the projector fetches them (made once, kept)
    fetched = answered.value
    assert fetched.headers.get("date")  # the server's clock, fresh on every answer
    now = TournamentRecord.objects.get(pk=pk)
    told = fetched.request.headers.get("x-tafelrunde-revision")
    assert told == f"{now.revision} {now.version}"  # a copy of it will do, from any process
    page.wait_for_function("() => window.swaps === 1")
    served = float(page.locator("#slides").get_attribute("data-served-at") or "nan")
    assert before - 2 <= served <= time.time() + 1  # taken from the Date header
    shown = page.locator("#projector-clock").text_content()
    assert shown in hhmm_around(before - 2, time.time())  # the server's zone, not UTC+14
    again = page.request.get(  # as a second projector told of the same change asks
        f"{live_server_url}/turniere/{pk}/beamer/folien/",
        headers={"x-tafelrunde-revision": told},
    )  # (without naming it, the copy serves only while younger than 3 s: a slow machine's)
    assert again.status == 200 and "age" in again.headers  # the copy, served in front
    assert again.body() == fetched.body()
    shoot(page, shots, "projector-1920-corner-clock")
    page.set_viewport_size({"width": 1280, "height": 720})
    shoot(page, shots, "projector-1280-corner-clock")


def test_a_format_d_copy_served_later_shows_the_clocks_run_on_and_sharp(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = knockout(8, seconds_ago=15 * 60 - 3)  # sharp 3 s from now
    choose(pk, ["ko_tables"], seconds=60)
    url = f"{live_server_url}/turniere/{pk}/beamer/folien/"
    made = page.request.get(url).text()  # the copy every projector gets until the next change
    made_at = int(re.findall(r'data-made-at="(\d+)"', made)[0])
    read = int(re.findall(r'data-clock-elapsed="(\d+)"', made)[0])
    assert read < 15 * 60 and "data-clock-after-sharp hidden" in made  # not sharp when made
    opened = made_at - read
    server_time_reaches(page, url, made_at + LATER)  # the copy is kept meanwhile
    open_projector(page, live_server_url, pk)  # its first fetch of the slides: that copy
    counting_swaps(page)
    renders = RENDERS["count"]
    with page.expect_response(url) as answered:  # told again (as after a reconnect): fetch
        page.evaluate(  # the slides, naming the digest of those on show
            "() => document.dispatchEvent(new CustomEvent('tafelrunde:live',"
            " { detail: { revision: 'told-again' } }))"
        )
    assert answered.value.status == 204  # the same copy: nothing sent, nothing swapped
    assert RENDERS["count"] == renders and page.evaluate("window.swaps") == 0
    expect(page.locator("#slides")).to_have_attribute("data-made-at", str(made_at))
    clock = page.locator("#slides .clock").first
    shown = run_seconds(clock.locator("[data-clock-time]").text_content() or "")
    now = time.time() - opened
    assert now - 3 <= shown <= now + 1, (shown, now)  # run on since made, not `read`
    assert shown >= read + LATER - 2
    expect(clock).to_have_class(re.compile(r"\bis-sharp\b"))  # sharp since, in the page
    expect(clock.locator("[data-clock-after-sharp]")).to_be_visible()
    expect(clock.locator("[data-clock-before-sharp]")).to_be_hidden()
    shoot(page, shots, "projector-1920-ko-clock-later")
