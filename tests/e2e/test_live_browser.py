"""Pages that update by themselves, in Chromium: a result entered on one screen reaches the
projector, a phone's standings and another organiser's tables page without a reload; a
half-typed form is kept; a page that lost its connection catches up once it is back; a
change a page does not show brings it "204 No Content", and the next change that it shows
still shows."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import e2ehelpers as h
import pytest
import tablephones as t
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect
from projectorpages import at_table, choose, drawn_group, open_projector

from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.e2e]

MARK = "() => { window.notReloaded = true; }"  # gone if the page is loaded again
SOON = 5000  # ms a change may take to show (it usually takes well under one second)


@contextmanager
def organiser(browser: Browser, base: str) -> Iterator[Page]:
    """The organiser's laptop: its own context, logged in through the login form."""
    context = browser.new_context(locale="de-DE", viewport=t.LAPTOP)
    try:
        page = context.new_page()
        users = get_user_model().objects
        if not users.filter(username="leitung").exists():
            users.create_user("leitung", password=h.PASSWORD)
        page.goto(base + "/anmelden/")
        page.get_by_label("Benutzername").fill("leitung")
        page.get_by_label("Passwort").fill(h.PASSWORD)
        h.submit(page, page.locator("main form button"))
        expect(page.locator("header .who")).to_have_text("leitung")
        yield page
    finally:
        h.shut(context)


def tables_page(page: Page, base: str, pk: int) -> None:
    """Open the tournament's „Tische & Ergebnisse" page."""
    page.goto(f"{base}/turniere/{pk}/tische/")
    expect(page.locator("nav.tabs a.active").first).to_have_text("Tische & Ergebnisse")


def enter(page: Page, base: str, pk: int, table: int, seed: int = 3) -> None:
    """On the organiser's page: a valid random result for a table of the first game."""
    if "/tische/" not in page.url:
        tables_page(page, base, pk)
    h.enter_result(page, h.group_state(pk), 1, table, random.Random(seed))


def main_text(page: Page) -> str:
    """What the page's main region says, as the reader sees it."""
    return str(page.locator("#live-main").inner_text())


def changed_from(page: Page, before: str, timeout: float = SOON) -> None:
    """Wait until the main region says something else than before."""
    page.wait_for_function(
        "b => document.getElementById('live-main').innerText !== b", arg=before, timeout=timeout
    )


def not_reloaded(page: Page) -> None:
    """The page is still the one loaded at first (the marker on window survived)."""
    assert page.evaluate("window.notReloaded === true")


def test_the_projector_shows_a_result_without_reload_and_rotates_on(
    page: Page, browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(13)
    choose(pk, ["tables", "standings"], seconds=5)
    open_projector(page, live_server_url, pk)
    page.evaluate(MARK)
    cards = page.locator(".slide-tables .card")
    expect(cards).to_have_count(4)
    expect(page.locator(".slide-tables .card.state-open")).to_have_count(4)
    expect(page.locator(".slide-standings")).to_have_count(0)  # no results, no standings
    with organiser(browser, live_server_url) as laptop:
        enter(laptop, live_server_url, pk, 2)
    # table 2 is done, and it has moved on to the next game (a new draw each game)
    heads = page.locator(".slide-tables .card-head")
    expect(heads.filter(has_text="Durchgang 2")).to_have_text(
        re.compile(r"Tisch 2\s+Durchgang 2\s+offen"), timeout=SOON
    )
    expect(heads.filter(has_text="Durchgang 1")).to_have_count(3)
    expect(page.locator(".slide-standings")).not_to_have_count(0)
    not_reloaded(page)
    h.shoot(page, shots, "live-projector-after-result")
    first = page.locator("#projector-page").inner_text()
    expect(page.locator("#projector-page")).not_to_have_text(first, timeout=8000)
    shown = page.locator(".slide:not([hidden])").get_attribute("data-slide-key")
    page.wait_for_function(  # the rotation goes on over the new slides (5 s a slide)
        "key => document.querySelector('.slide:not([hidden])').dataset.slideKey !== key",
        arg=shown,
        timeout=8000,
    )
    not_reloaded(page)


def test_a_phone_sees_a_result_on_the_standings_within_seconds(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(8)
    with t.phone(browser) as phone, organiser(browser, live_server_url) as laptop:
        phone.goto(f"{live_server_url}/turniere/{pk}/stand/")
        phone.evaluate(MARK)
        before = main_text(phone)
        h.shoot(phone, shots, "live-phone-standings-before")
        enter(laptop, live_server_url, pk, 1)
        changed_from(phone, before)
        not_reloaded(phone)
        fresh = phone.context.new_page()  # the same page loaded afresh shows the same
        fresh.goto(phone.url)
        assert main_text(phone) == main_text(fresh)
        leader = phone.locator("#live-main tbody tr").first.inner_text().split("\t")
        assert leader[2] == "1" and leader[4] != "0", leader  # table 1's winner leads
        h.shoot(phone, shots, "live-phone-standings-after")


def test_a_half_typed_result_is_kept_while_the_other_tables_update(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(13)
    with organiser(browser, live_server_url) as mine, organiser(browser, live_server_url) as other:
        tables_page(mine, live_server_url, pk)
        mine.evaluate(MARK)
        typing = mine.locator("#table-1-1 input[name^='points-']").first
        typing.fill("17")  # typed, not sent; the cursor stays in the field
        expect(mine.locator("#live-note")).to_be_hidden()
        expect(mine.locator("#table-1-2 .result")).to_have_count(0)
        enter(other, live_server_url, pk, 2)
        expect(mine.locator("#table-1-2 .result")).to_have_count(1, timeout=SOON)
        expect(mine.locator("#live-note")).to_be_visible()
        expect(typing).to_have_value("17")
        expect(typing).to_be_focused()
        not_reloaded(mine)
        h.shoot(mine, shots, "live-tables-kept-form")
        # the form left unchanged again: what waited comes in, the note goes
        typing.fill("")
        typing.blur()
        expect(mine.locator("#live-note")).to_be_hidden(timeout=SOON)
        expect(mine.locator("#live-main")).to_contain_text("Durchgang 1 (3 offen)")
        not_reloaded(mine)


def test_a_page_that_was_offline_catches_up_by_itself(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    """Offline the stream may still hear the change, but fetching the page fails: the page
    tries again until it shows what changed."""
    pk = drawn_group(8)
    with t.phone(browser) as phone, organiser(browser, live_server_url) as laptop:
        phone.goto(f"{live_server_url}/turniere/{pk}/stand/")
        phone.evaluate(MARK)
        before = main_text(phone)
        phone.context.set_offline(True)
        enter(laptop, live_server_url, pk, 1)
        phone.wait_for_timeout(2500)  # offline, the page cannot be fetched again
        assert main_text(phone) == before
        phone.context.set_offline(False)
        changed_from(phone, before, timeout=10000)
        not_reloaded(phone)
        h.shoot(phone, shots, "live-phone-back-online")


def test_a_cut_connection_is_opened_again_and_brings_what_was_missed(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(8)
    with t.phone(browser) as phone, organiser(browser, live_server_url) as laptop:
        phone.add_init_script(h.KEEP_SOURCES)
        phone.goto(f"{live_server_url}/turniere/{pk}/stand/")
        phone.evaluate(MARK)
        phone.evaluate(
            "() => { window.heard = 0;"
            " document.addEventListener('tafelrunde:live', () => { window.heard += 1; }); }"
        )
        before = main_text(phone)
        phone.route("**/live/**", lambda route: route.abort())  # no new connection gets through
        phone.evaluate(h.CUT)
        enter(laptop, live_server_url, pk, 1)
        phone.wait_for_function("() => window.sources.length >= 2", timeout=10000)  # it tries again
        assert main_text(phone) == before and phone.evaluate("window.heard") == 0
        phone.unroute("**/live/**")
        changed_from(phone, before, timeout=10000)  # the stream sends what was missed at once
        assert phone.evaluate("window.heard") == 1
        not_reloaded(phone)
        h.shoot(phone, shots, "live-phone-reconnected")


def refetched(pages: dict[str, Page], change: Callable[[], Any]) -> tuple[Any, dict[str, int]]:
    """Make the change; what it gave, and the status of the fetch each page (by the end of
    the address it fetches again) made for it."""
    answers = {}
    with contextlib.ExitStack() as stack:
        for end, page in pages.items():
            answers[end] = stack.enter_context(page.expect_response(
                lambda r, end=end: r.url.endswith(end) and r.request.method == "GET",  # type: ignore[misc]
                timeout=10000,
            ))  # fmt: skip
        done = change()
    return done, {end: answer.value.status for end, answer in answers.items()}


def test_a_change_a_page_does_not_show_costs_no_body_and_the_next_one_shows(
    page: Page, browser: Browser, live_server_url: str, shots: Path
) -> None:
    """An entry not yet confirmed leaves the standings (and a projector showing only them)
    as they are: once a page knows the digest of what it shows, its refetch is answered
    "204 No Content"; the confirmation then shows on both."""
    pk = drawn_group(8)
    choose(pk, ["standings"], seconds=5)
    open_projector(page, live_server_url, pk)  # its first fetch of the slides: their digest
    page.evaluate(MARK)
    slides = page.locator("#slides").inner_text()
    with t.phone(browser) as phone:
        phone.goto(f"{live_server_url}/turniere/{pk}/stand/")
        phone.evaluate(MARK)
        before = main_text(phone)
        screens = {"/stand/": phone, "/beamer/folien/": page}
        first, got = refetched(screens, lambda: at_table(pk, 1))
        assert got == {"/stand/": 200, "/beamer/folien/": 204}  # the phone's first refetch
        _, got = refetched(screens, lambda: at_table(pk, 2))
        assert got == {"/stand/": 204, "/beamer/folien/": 204}
        revision = str(TournamentRecord.objects.get(pk=pk).revision)
        expect(page.locator("body")).to_have_attribute("data-live-revision", revision)
        assert main_text(phone) == before and page.locator("#slides").inner_text() == slides
        _, got = refetched(screens, lambda: at_table(pk, 1, confirm=first))
        assert got == {"/stand/": 200, "/beamer/folien/": 200}
        changed_from(phone, before)
        expect(page.locator(".slide-standings")).not_to_have_count(0)
        not_reloaded(phone)
        not_reloaded(page)
        fresh = phone.context.new_page()  # the same page loaded afresh shows the same
        fresh.goto(phone.url)
        assert main_text(phone) == main_text(fresh)
        h.shoot(phone, shots, "live-phone-standings-confirmed")
        fresh.set_viewport_size(t.LAPTOP)
        h.shoot(fresh, shots, "live-standings-confirmed-1280")
        h.shoot(page, shots, "live-projector-standings-confirmed")
