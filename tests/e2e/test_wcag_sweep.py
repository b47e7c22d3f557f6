"""WCAG 2.2 AA over every page kind, in Chromium at 390 and 1280 px: axe-core finds no
violation, and the points axe cannot see hold: a title that names the page, every help text an
`aria-describedby` names exists, a box that scrolls sideways is focusable and named, no page
scrolls sideways at 320 px, the page works at 200 % text size, a skip link is the first Tab
and a refused form puts the focus on its first field in error.

The pages are found from the URL patterns: every address that answers the organiser's GET
with an HTML page, for tournaments of formats A–D in every state, a club with a season,
persons and passes; an address whose parameter cannot be filled must be named in UNFILLED.
"""

from __future__ import annotations

import datetime
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.urls import URLResolver, get_resolver
from e2ehelpers import shoot, shut
from playwright.sync_api import Browser, BrowserContext, Page, expect
from projectorpages import hall_group

from factories import dated_tournament, event, logged_in, organiser_user, tournaments_in_play
from tafelrunde.presets import load_rules
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Person, PlayerLink, Season
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.domain.club_presets import save_preset
from tafelrunde.web.core.models import PlanRun, TournamentRecord
from tafelrunde.web.paper.kinds import KINDS
from tafelrunde.web.player import passes

pytestmark = [pytest.mark.e2e]

AXE = Path(__import__("axe_playwright_python").__file__).with_name("axe.min.js")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
# addresses whose parameters the sweep does not fill, and why
UNFILLED = {
    "calendar-kind": "a calendar file (.ics), no page",
    "ko-mark": "a knockout registration's change: a form's target only",
}
# pages printed on paper: their sheet is A4 wide on any screen (see the paper tests)
SHEETS = {"print", "print-all", "season-print", "member-cards"}
ENGLISH = {"home", "tournament", "standings", "table-link", "player-pass", "tables", "board"}
WIDE = {"", "H", "D"}  # at 1280 px: the pages of no tournament, of a hall and of format D


@dataclass(frozen=True)
class Visit:
    """One page: its route's name (the page kind), its address and the tournament's key."""

    kind: str
    address: str
    key: str = ""


def routes() -> Iterator[tuple[str, str]]:
    """(name, route) of every address of the application."""

    def walk(patterns: list[Any], prefix: str) -> Iterator[tuple[str, str]]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            elif p.name:
                yield p.name, prefix + str(p.pattern)

    yield from walk(get_resolver().url_patterns, "")


def club() -> dict[str, list[int]]:
    """Finished tournaments of formats A–D on one evening, every player a club member with a
    pass (so a pass lists other tournaments); a season."""
    day = datetime.date(2026, 3, 5)
    evening = event("Spieleabend", day)
    done = [dated_tournament(f, 8, day, evening).pk for f in "ABCD"]
    for pk in done:
        for pid, name in players_of(TournamentRecord.objects.get(pk=pk)):
            person, _ = Person.objects.get_or_create(name=name, defaults={"member": True})
            PlayerLink.objects.create(tournament_id=pk, player=pid, person=person)
    season = Season.objects.create(
        name="Jahreswertung 2026", rules=load_season_rules("beste-6-von-10").source,
        date_from=datetime.date(2026, 1, 1), date_to=datetime.date(2026, 12, 31),
    )  # fmt: skip
    first = Person.objects.order_by("pk").first()
    assert first is not None
    return {"done": done, "season": [season.pk], "person": [first.pk],
            "event": [evening.pk], "pass": [passes.token_for_person(first)]}  # fmt: skip


def stored() -> tuple[dict[str, int], dict[str, list[Any]]]:
    """The tournaments by key (A–D in play, B over, one not drawn, H: every table state) and
    the values of the other parameters."""
    user = organiser_user()
    plays = {**tournaments_in_play(), "H": hall_group(14)}
    values: dict[str, list[Any]] = club()
    values["user"] = [user.pk]
    source = load_rules("gruppenmodus").source
    values["preset"] = [save_preset("Hausregeln", source, user=user).pk]
    values["plan"] = [PlanRun.objects.create(
        user=user, preset="gruppenmodus", players=12, tables=3, seed=1, runs=1,
        status=PlanRun.FAILED, error={"id": "Planning failed"}).pk]  # fmt: skip
    return plays, values


TABLE_LINK = re.compile(r'href="[^"]*?/tisch/([A-Za-z0-9_-]{24})/"')


def fills(name: str, route: str, plays: dict[str, int], values: dict[str, Any]) -> list[dict]:
    """The parameters to visit a route with (tournament routes: every tournament)."""
    params = re.findall(r"<(?:\w+:)?(\w+)>", route)
    if not params:
        return [{}]
    head = route.split("/")[0]
    if head == "api" or name in UNFILLED:
        return []
    if head in ("turniere", "einbetten") and "turniere/" in route:
        out = []
        for key, pk in plays.items():
            rec = TournamentRecord.objects.get(pk=pk)
            extra: dict[str, list[Any]] = {
                "pid": [players_of(rec)[0][0]], "table": [1],
                "kind": [k.slug for k in KINDS if k.fits(rec.family)] if name == "print" else [],
            }  # fmt: skip
            rest = [p for p in params if p != "pk"]
            combos = [{"pk": pk, "_key": key}]
            for p in rest:
                combos = [{**c, p: v} for c in combos for v in extra.get(p, [])]
            out += combos
        return out
    source = {"saisons": "season", "termine": "event", "planung": "plan", "vorlagen": "preset",
              "zugaenge": "user", "personen": "person", "pass": "pass", "einbetten": "season",
              "tisch": "table"}  # fmt: skip
    if len(params) != 1 or head not in source:
        raise AssertionError(f"cannot fill {name} ({route}): add it to UNFILLED with the reason")
    return [{params[0]: v} for v in values[source[head]]]


def site() -> list[Visit]:
    """Every page kind the organiser's GET answers with a whole HTML page, for the stored
    state (a route is tried with a hall's and a format-D tournament, then filled with all)."""
    plays, values = stored()
    client = logged_in()
    links = {k: client.get(f"/turniere/{plays[k]}/tisch-links/").content.decode() for k in "CHD"}
    tables = {k: list(dict.fromkeys(TABLE_LINK.findall(page))) for k, page in links.items()}
    values["table"] = [*tables["H"], tables["C"][0], tables["D"][0]]  # H: a table of every state
    found: dict[str, Visit] = {}
    sheets: set[str] = set()  # a print kind once, of the first tournament it fits
    for name, route in routes():
        every = fills(name, route, plays, values)
        tried = [f for f in every if f.get("_key") in (None, "H", "D")]
        if not any(is_page(client.get(address(route, f))) for f in tried):
            continue
        for fill in every:
            if "kind" in fill and (fill["kind"] in sheets or sheets.add(fill["kind"])):
                continue
            where = address(route, fill)
            found.setdefault(where, Visit(name, where, fill.get("_key", "")))
    return list(found.values())


def address(route: str, fill: dict[str, Any]) -> str:
    """The route with its parameters filled in."""
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(fill[m.group(1)]), route)


def is_page(answer: Any) -> bool:
    """Whether an answer is a whole HTML page (not a form's target, a file, a stream or a
    fragment a page fetches)."""
    if answer.status_code != 200 or answer.streaming:
        return False
    html = answer["Content-Type"].startswith("text/html")
    return bool(html and answer.content.lstrip().lower().startswith(b"<!doctype"))


# -- what is measured in the page ------------------------------------------------------------

FACTS = """() => {
  const missing = [];
  for (const el of document.querySelectorAll('[aria-describedby], [aria-labelledby]')) {
    for (const attr of ['aria-describedby', 'aria-labelledby']) {
      for (const id of (el.getAttribute(attr) || '').split(/\\s+/).filter(Boolean)) {
        if (!document.getElementById(id)) missing.push(`${el.id || el.name || el.tagName}→${id}`);
      }
    }
  }
  const boxes = [];
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    const scrolls = ['auto', 'scroll'].includes(style.overflowX);
    if (!scrolls || el.scrollWidth <= el.clientWidth + 1) continue;
    const named = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
    if (el.tabIndex < 0 || el.getAttribute('role') !== 'region' || !named)
      boxes.push(el.className || el.tagName);
  }
  const edge = document.documentElement.clientWidth + 1;
  const over = [...document.querySelectorAll('body *')]
    .filter(el => el.getBoundingClientRect().right > edge && ![...el.children].some(
      c => c.getBoundingClientRect().right > edge))
    .slice(0, 3).map(el => `${el.tagName.toLowerCase()}.${el.className}`
                           + ` in ${el.parentElement.closest("[class]")?.className}`);
  const roles = [...document.querySelectorAll('.messages li[role]')].length;
  return {title: document.title, missing, boxes, roles, over,
          wide: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


def axe_violations(page: Page) -> list[str]:
    """axe-core's WCAG 2.2 AA violations on the page as shown: rule, impact, where."""
    found = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})",
        TAGS,
    )
    return [
        f"{v['id']} ({v['impact']}): {', '.join(str(n['target']) for n in v['nodes'][:4])}"
        for v in found["violations"]
    ]


def context(browser: Browser, width: int) -> BrowserContext:
    """A logged-in organiser's German browser at that width, axe-core in every page."""
    phone = width < 800
    made = browser.new_context(
        locale="de-DE", viewport={"width": width, "height": 844 if phone else 800},
        is_mobile=phone, has_touch=phone,
    )  # fmt: skip
    made.add_init_script(path=str(AXE))
    return made


def log_in(ctx: BrowserContext, base: str) -> None:
    """Give the context the organiser's session cookie."""
    client = logged_in()
    cookie = client.cookies["sessionid"]
    ctx.add_cookies([{"name": "sessionid", "value": cookie.value, "url": base}])


def english(ctx: BrowserContext, base: str) -> None:
    """Switch the pages' language to English by Django's cookie."""
    ctx.add_cookies([{"name": "django_language", "value": "en", "url": base}])


def check(page: Page, visit: Visit, width: int, shots: Path) -> tuple[str, list[str]]:
    """The page's title and what is wrong with it at this width (320 px too on a phone)."""
    facts = page.evaluate(FACTS)
    bad = axe_violations(page)
    bad += [f"aria-describedby names a missing id: {m}" for m in facts["missing"]]
    bad += [f"a scroll box not focusable or unnamed: {b}" for b in facts["boxes"]]
    bad += ["a message has a role"] * bool(facts["roles"])
    if width < 800 and visit.kind not in SHEETS:
        page.set_viewport_size({"width": 320, "height": 844})
        narrow = page.evaluate(FACTS)
        if narrow["wide"] > 0:
            bad.append(f"{narrow['wide']} px too wide at 320 px: {narrow['over']}")
            shoot(page, shots, f"wcag-320-{visit.kind}-{visit.key}")
        page.set_viewport_size({"width": width, "height": 844})
    return facts["title"], bad


def same_titles(visits: list[Visit], titles: dict[str, str]) -> list[str]:
    """Page kinds of one tournament (or of the site) that share a title."""
    kinds: dict[str, set[str]] = {}
    for visit in visits:
        if visit.address in titles:
            kinds.setdefault(titles[visit.address], set()).add(visit.kind)
    return [f"{t!r}: {sorted(k)}" for t, k in kinds.items() if len(k) > 1]


def sweep(page: Page, base: str, visits: list[Visit], width: int, shots: Path) -> dict[str, Any]:
    """Check every page at one width: what is wrong, by page, and each page's title."""
    failures: dict[str, list[str]] = {}
    titles: dict[str, str] = {}
    for visit in visits:
        answer = page.goto(base + visit.address)
        if answer is None or answer.url != base + visit.address:
            continue  # format D's names of the pages of formats A-C lead to its own
        titles[visit.address], bad = check(page, visit, width, shots)
        if bad:
            failures[f"{width} {visit.address} ({visit.kind})"] = bad
    return {"failures": failures, "titles": titles}


@pytest.mark.parametrize("width", [390, 1280])
def test_every_page_kind_meets_wcag_22_aa(
    browser: Browser, live_server_url: str, shots: Path, width: int
) -> None:
    """On the phone every page of every tournament, then a few in English and the public ones
    as a visitor sees them; on the laptop the pages of no tournament, of a hall and of
    format D."""
    base = live_server_url
    started = time.monotonic()
    visits = site()
    kinds = {v.kind for v in visits}
    assert {"home", "tournament", "table-link", "player-pass", "tables", "board", "passes",
            "tournament-new", "rules", "person", "season"} <= kinds, kinds  # fmt: skip
    ctx = context(browser, width)
    try:
        log_in(ctx, base)
        page = ctx.new_page()
        phone = width < 800
        found = sweep(page, base, [v for v in visits if phone or v.key in WIDE], width, shots)
        problems = [f"same title: {t}" for t in same_titles(visits, found["titles"])]
        if phone:
            english(ctx, base)
            subset = [v for v in visits if v.kind in ENGLISH and v.key in WIDE]
            problems += [f"English: {k}: {'; '.join(why)}" for k, why in
                         sweep(page, base, subset, width, shots)["failures"].items()]  # fmt: skip
            ctx.clear_cookies()  # a visitor: the public pages without the organisers' parts
            public = [v for v in visits if v.key in ("", "H")]  # the others lead to the login
            problems += [f"visitor: {k}: {'; '.join(why)}" for k, why in
                         sweep(page, base, public, width, shots)["failures"].items()]  # fmt: skip
    finally:
        shut(ctx)
    print(f"{len(found['titles'])} pages of {len(kinds)} kinds: {time.monotonic() - started:.1f} s")
    problems += [f"{k}: {'; '.join(why)}" for k, why in sorted(found["failures"].items())]
    assert not problems, "\n".join(problems)


# -- the keyboard, a refused form and large text -----------------------------------------

# the browser's text size at 200 % (the root's font size; set through the CSSOM, which the
# pages' Content Security Policy allows, unlike a <style> element)
ZOOM = "() => document.documentElement.style.setProperty('font-size', '200%', 'important')"
LAID_OUT = """() => {
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1;
  const text = el => { const r = document.createRange(); r.selectNodeContents(el);
                       return r.getBoundingClientRect(); };
  const heads = [...document.querySelectorAll('table.entry th')];
  const spill = heads.filter(th => !inside(text(th), th.getBoundingClientRect()))
                     .map(th => th.textContent.trim());
  const words = [...document.querySelectorAll('main h1, main h2, main h3')]
    .filter(h => h.scrollWidth > h.clientWidth + 1).map(h => h.textContent.trim());
  return {spill, words, heads: heads.length,
          body: parseFloat(getComputedStyle(document.body).fontSize)};
}"""


def large_text(page: Page, address: str) -> dict[str, Any]:
    """The page at 200 % text size: headers spilling out of their cell, headings wider than
    their box, how much the page is too wide, the body's font size."""
    if address:
        page.goto(address)
    page.evaluate(ZOOM)
    return {**page.evaluate(FACTS), **page.evaluate(LAID_OUT)}


def test_keyboard_refused_form_and_large_text(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    base = live_server_url
    pk = hall_group(14)
    token = TABLE_LINK.findall(logged_in().get(f"/turniere/{pk}/tisch-links/").content.decode())
    laptop = context(browser, 1280)
    phone = context(browser, 390)
    try:
        log_in(laptop, base)
        page = laptop.new_page()
        page.goto(f"{base}/turniere/{pk}/tische/")
        page.keyboard.press("Tab")  # the first Tab: the skip link, in view
        skip = page.locator("a.skip")
        expect(skip).to_be_focused()
        box = skip.bounding_box()
        assert box is not None and box["y"] >= 0 and box["height"] >= 24, box
        shoot(page, shots, "wcag-skip-link-1280")
        page.keyboard.press("Enter")
        expect(page.locator("main")).to_be_focused()
        page.keyboard.press("Tab")  # the next Tab is in the page's own content
        assert page.evaluate(
            "() => document.querySelector('main').contains(document.activeElement)"
        )

        page.goto(f"{base}/turniere/neu/")  # a saved form: its message in a live region
        with page.expect_navigation():
            page.get_by_role("button", name="Turnier anlegen").click()
        said = page.locator("[role=status] > ul.messages > li")
        expect(said.first).to_be_visible()
        assert said.evaluate_all("items => items.filter(li => li.hasAttribute('role'))") == []
        assert axe_violations(page) == []

        page.goto(f"{base}/turniere/neu/")  # a refused form: the focus on its first bad field
        page.locator("#id_players").fill("Anna\nBernd")
        with page.expect_navigation():
            page.get_by_role("button", name="Turnier anlegen").click()
        expect(page.locator("main .errorlist").first).to_be_visible()
        expect(page.locator("main [aria-invalid='true']").first).to_be_focused()

        mine = phone.new_page()  # 200 % text on a phone: the table page's result headers
        mine.goto(f"{base}/tisch/{token[0]}/")
        first = mine.locator("form.name-buttons button").first
        with mine.expect_navigation():
            first.tap()
        mine.locator("details.enter").evaluate("d => d.open = true")
        big = large_text(mine, "")
        shoot(mine, shots, "wcag-200-table-390")
        assert big["heads"] >= 3 and big["spill"] == [], big
        assert big["words"] == [] and big["wide"] <= 0 and big["body"] == 32, (big["over"], big)
        standings = large_text(mine, f"{base}/turniere/{pk}/stand/")
        shoot(mine, shots, "wcag-200-standings-390")
        assert standings["words"] == [] and standings["wide"] <= 0, standings
    finally:
        shut(laptop)
        shut(phone)
