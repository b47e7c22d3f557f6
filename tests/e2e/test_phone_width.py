"""Every public page at a phone's width (390×844): the page never scrolls sideways, and in the
standings the key columns (place, name, points; lives and chips in format D) are in view; long
names break only between their words (on buttons, in tables), headings keep their words whole.

The pages are found from the URL patterns of the public, live and club apps: every address
that answers a visitor (no login) with an HTML page, for tournaments of formats A–D in play
and finished, a season and a person."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from e2ehelpers import shoot, shut
from playwright.sync_api import Browser, Page
from projectorpages import long_group, long_knockout

from factories import dated_tournament, event, logged_in, tournaments_in_play
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Person, PlayerLink, Season
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.seat import where_of
from tafelrunde.web.table.links import tokens_for

pytestmark = [pytest.mark.e2e]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
APPS = ("tafelrunde.web.public.urls", "tafelrunde.web.live.urls", "tafelrunde.web.club.urls")
# the pages this test must reach (so that a change of the routes cannot empty it unnoticed)
MUST = {"home", "tournament", "log", "standings", "ranking", "ko-standings", "seats",
        "projector", "person", "ratings", "club-statistics", "seasons", "season"}  # fmt: skip
LOOK = {"standings", "ranking", "ko-standings", "log", "ratings"}  # pictures to look at
SHEETS = {"season-print"}  # a print sheet: A4 on the screen as on paper (see the paper tests)


def routes() -> Iterator[tuple[str, str]]:
    """(name, route) of every address of the public, live and club apps."""
    for top in get_resolver().url_patterns:
        if isinstance(top, URLResolver) and getattr(top.urlconf_module, "__name__", "") in APPS:
            for p in top.url_patterns:
                if isinstance(p, URLPattern):
                    yield p.name or "", str(p.pattern)


def club() -> dict[str, list[int]]:
    """Finished tournaments of formats A–D on one evening, every player a person; a season."""
    day = datetime.date(2026, 3, 5)
    evening = event("Spieleabend", day)
    done = [dated_tournament(f, 12, day, evening).pk for f in "ABCD"]
    for pk in done:
        for pid, name in players_of(TournamentRecord.objects.get(pk=pk)):
            person, _ = Person.objects.get_or_create(name=name)
            PlayerLink.objects.create(tournament_id=pk, player=pid, person=person)
    season = Season.objects.create(
        name="Jahreswertung 2026", rules=load_season_rules("beste-6-von-10").source,
        date_from=datetime.date(2026, 1, 1), date_to=datetime.date(2026, 12, 31),
    )  # fmt: skip
    return {"done": done, "season": [season.pk], "person": list(
        Person.objects.values_list("pk", flat=True)[:2])}  # fmt: skip


def public_pages() -> list[tuple[str, str]]:
    """(name, address) of every page a visitor may open, for the stored state."""
    pks = {**{k: [v] for k, v in tournaments_in_play().items()}, **club()}
    values = {
        "pk": [pk for k, v in pks.items() if k not in ("season", "person") for pk in v],
        "person": pks["person"],
    }
    visitor = Client()
    found = []
    for name, route in routes():
        params = re.findall(r"<\w+:(\w+)>", route)
        if name == "season" or name.startswith("season-"):
            fills = [{"pk": pk} for pk in pks["season"]]
        elif params == ["pk"]:
            fills = [{"pk": pk} for pk in values["pk"]]
        elif params == ["person"]:
            fills = [{"person": pk} for pk in values["person"]]
        elif not params:
            fills = [{}]
        else:
            continue
        if name in SHEETS:
            continue
        for fill in fills:
            address = "/" + re.sub(r"<\w+:(\w+)>", lambda m, f=fill: str(f[m.group(1)]), route)
            answer = visitor.get(address)
            if answer.status_code == 200 and answer["Content-Type"].startswith("text/html"):
                found.append((name, address))
    return found


def too_wide(page: Page) -> int:
    """How many pixels the page is wider than the screen (0: it fits)."""
    return int(page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    ))  # fmt: skip


def hidden_keys(page: Page) -> list[str]:
    """The key columns (place, name, points, lives, chips) not in view without scrolling."""
    return list(page.evaluate(
        """() => [...document.querySelectorAll('table.keys th.key')]
              .filter(th => th.getBoundingClientRect().right
                            > document.documentElement.clientWidth + 0.5)
              .map(th => th.textContent.trim())"""
    ))  # fmt: skip


def test_every_public_page_fits_a_phone_without_scrolling_sideways(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pages = public_pages()
    assert {name for name, _ in pages} >= MUST, MUST - {name for name, _ in pages}
    context = browser.new_context(locale="de-DE", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    wide = {}
    try:
        for name, address in pages:
            page.goto(live_server_url + address)
            page.wait_for_load_state()
            hidden = hidden_keys(page)
            if (over := too_wide(page)) > 0 or hidden:
                wide[address] = f"{over} px too wide, out of view: {hidden}"
            if name in LOOK or address in wide:
                shoot(page, shots, f"phone-{address.strip('/').replace('/', '-')}")
        page.set_viewport_size(LAPTOP)
        for name, address in pages:
            if name in LOOK:
                page.goto(live_server_url + address)
                shoot(page, shots, f"laptop-{address.strip('/').replace('/', '-')}")
    finally:
        shut(context)
    assert wide == {}, "\n".join(f"{a}: {why}" for a, why in sorted(wide.items()))


SPLIT_WORDS = """selector => {
  // the words (between spaces; a hyphen may end one) that a line break cuts in two
  const split = [];
  for (const el of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s-]+-?/g)) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter(b => b.width > 0)
                                                      .map(b => Math.round(b.top)));
        if (lines.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
}"""


OVERFLOWING = """(selector) => [...document.querySelectorAll(selector)]
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())"""


def split_words(page: Page, selector: str) -> list[str]:
    """The words inside the elements matching `selector` that a line break cuts in two."""
    return list(page.evaluate(SPLIT_WORDS, selector))


def table_address(pk: int, table: int | None = None) -> str:
    """The link of a table of the current game: this one, else the first without a result."""
    rec = TournamentRecord.objects.get(pk=pk)
    _, state = read_only(rec)
    st = state.current
    game, table = (st.drawn_games(), table) if table else st.missing_results()[0]
    where = where_of(st, table, game)
    return f"/tisch/{tokens_for(rec, [where])[where]}/"


def test_long_names_break_between_words_and_key_columns_stay_in_view_on_a_phone(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    open_table = long_group("gruppenmodus", 16, 3, "standings")
    herzog = long_group("gruppenmodus", 16, 3, "herzog")  # game 3 confirmed, roll-offs open
    ko = long_knockout(30, "open")
    context = browser.new_context(locale="de-DE", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    split, hidden, wide = {}, {}, {}

    def look(tag: str, address: str, selector: str) -> None:
        if address:
            page.goto(live_server_url + address)
            page.wait_for_load_state()
        split[tag] = split_words(page, selector)
        hidden[tag] = hidden_keys(page)
        wide[tag] = too_wide(page)
        shoot(page, shots, f"phone-long-names-{tag}")

    try:
        look("name-buttons", table_address(open_table), "form.name-buttons button")
        with page.expect_navigation():
            page.locator("form.name-buttons button").first.tap()
        look("result-form", "", "table.entry th, table.entry td:first-child")
        look("earlier-result", table_address(herzog, 3), ".table-page table.values td")
        points = page.locator(".table-page table.values td strong").first.inner_text()
        look("standings", f"/turniere/{herzog}/stand/", "table.keys th, table.keys td")
        keys = page.locator("table.keys th.key").all_inner_texts()
        look("lives-and-chips", f"/turniere/{ko}/leben/", "table.keys th, table.keys td")
        session = logged_in().cookies[settings.SESSION_COOKIE_NAME].value  # an organiser
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session,
                              "url": live_server_url}])  # fmt: skip
        look("organisers-result-form", f"/turniere/{open_table}/tische/", ".card form th")
        page.set_viewport_size({"width": 1280, "height": 900})  # a laptop: cards of three
        page.reload()
        over = page.evaluate(OVERFLOWING, ".card form th")
    finally:
        shut(context)
    assert {tag: words for tag, words in split.items() if words} == {}
    assert {tag: cols for tag, cols in hidden.items() if cols} == {}
    assert {tag: px for tag, px in wide.items() if px > 0} == {}
    assert over == [], over  # each heading inside its column at a laptop's width too
    assert points.endswith((" Platzpunkte", " Platzpunkt")), points  # whole, seen unsplit
    assert keys == ["Platz", "Spieler", "Platz am Tisch", "Platzpunkte"], keys
