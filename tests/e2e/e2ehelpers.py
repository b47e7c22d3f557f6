"""Shared helpers of the browser tests: an organiser logs in, creates and plays a tournament.

Everything the organiser does goes through the pages in Chromium (links, buttons, forms).
Only to choose *valid* results the test reads the current state from the database (the
same SQLite file the server uses) and asks the engine's simulator for a random result.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.overall_ranking import group_ranking_rows
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import TournamentRecord

PASSWORD = "runde-geheim-7"
ENTER_ROLLOFF = re.compile(r"^(Stechen|Herzog|Erzherzog) eintragen$")  # the roll-off's own name
STEP_LIMIT = 400  # more browser steps than any of the small tournaments needs


def shut(context: BrowserContext) -> None:
    """Close a browser context, its pages first (Chromium has been seen to stall for good
    disposing of a context whose pages are still open)."""
    for open_page in context.pages:
        open_page.close()
    context.close()


TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def shoot(page: Page, shots: Path, name: str) -> Path:
    """A full-page screenshot into the artefacts folder (asked again when Chromium could not
    capture it, as happens when the page is being laid out anew at that moment)."""
    path = shots / f"{name}.png"
    for attempt in range(3):
        try:
            page.screenshot(path=path, full_page=True)
            break
        except PlaywrightError as error:
            if "Unable to capture screenshot" not in str(error) or attempt == 2:
                raise
            page.wait_for_load_state()
            page.evaluate(TWO_FRAMES)
    assert path.stat().st_size > 0
    return path


def submit(page: Page, button: Locator) -> None:
    """Click a button that posts a form and wait until the answer page has loaded."""
    with page.expect_navigation():
        button.click()
    page.wait_for_load_state()


def no_errors(page: Page) -> None:
    """No form on the page shows a refusal."""
    expect(page.locator(".errorlist")).to_have_count(0)


def login(page: Page, base: str, username: str = "leitung") -> None:
    """Create the organiser in the database and log in through the login form."""
    get_user_model().objects.create_user(username, password=PASSWORD)
    page.goto(base + "/anmelden/")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(PASSWORD)
    submit(page, page.locator("main form button"))
    expect(page.locator("header .who")).to_have_text(username)


def create_tournament(
    page: Page, shots: Path, tag: str, preset: str, players: list[str], day: str = ""
) -> int:
    """Click 'Neues Turnier', choose the preset, type the players; return the new pk."""
    submit(page, page.get_by_role("link", name="Neues Turnier"))
    expect(page.get_by_role("heading", name="Neues Turnier")).to_be_visible()
    page.get_by_label("Vorlage").select_option(preset)
    page.get_by_label("Spieler, einer je Zeile").fill("\n".join(players))
    if day:
        page.get_by_label("Turniertag (Format D)").fill(day)
    shoot(page, shots, f"{tag}-create-form")
    submit(page, page.get_by_role("button", name="Turnier anlegen"))
    page.wait_for_url(re.compile(r"/turniere/\d+/$"))
    expect(page.locator(".messages")).to_contain_text("Turnier angelegt.")
    match = re.search(r"/turniere/(\d+)/$", page.url)
    assert match is not None
    return int(match.group(1))


def tab(page: Page, label: str) -> None:
    """Click one of the tournament's tabs and wait for the page."""
    submit(page, page.locator("nav.tabs").get_by_role("link", name=label, exact=True))
    expect(page.locator("nav.tabs a.active")).to_have_text(label)


def tournament(pk: int) -> Any:
    """The engine's tournament as stored now (what the server sees)."""
    return engine_tournament(TournamentRecord.objects.get(pk=pk))


def group_state(pk: int) -> TournamentState:
    """The engine's state of a stored format A–C tournament."""
    tour = tournament(pk)
    assert not isinstance(tour, KnockoutTournament)
    return TournamentState(tour)


def release_draw(page: Page, shots: Path | None = None, tag: str = "") -> None:
    """On 'Auslosung': (optionally redraw once and check the seed changed), then release."""
    tab(page, "Auslosung")
    seed = page.locator("#seed")
    expect(seed).to_be_visible()
    if shots is not None:
        before = seed.inner_text()
        page.get_by_role("link", name="Neu auslosen").click()
        expect(page.locator("#seed")).not_to_have_text(before)
        expect(page.locator("#release")).to_be_visible()
        shoot(page, shots, f"{tag}-draw-preview")
    submit(page, page.locator("#release"))
    page.wait_for_url(re.compile(r"/tische/$"))
    expect(page.locator(".messages")).to_contain_text("Auslosung freigegeben.")


def enter_result(page: Page, state: TournamentState, game: int, table: int, rng: Any) -> None:
    """Fill one table's form with a valid random result and save it."""
    res = random_result(state, game, table, rng)
    card = page.locator(f"#table-{game}-{table}")
    if not card.count():  # another game is shown: the box jumps to the table being entered
        page.get_by_label("Tisch Nr.").fill(str(table))
        submit(page, page.get_by_role("button", name="Los"))
    for pid, value in res.scores.items():
        card.locator(f"input[name='points-{pid}']").fill(str(value))
    for pid, value in res.pips.items():
        card.locator(f"input[name='pips-{pid}']").fill(str(value))
    submit(page, card.get_by_role("button", name="Ergebnis speichern"))
    no_errors(page)
    expect(page.locator(".messages")).to_contain_text(f"Tisch {table}: Ergebnis gespeichert.")


def roll_off(page: Page, rng: random.Random) -> None:
    """Settle the first open roll-off (on its table's card, or under "Offene Stechen"): let
    the software roll, or one click on a winner (two players), or pick an order by hand."""
    box = page.locator(".rolloff").first
    box.scroll_into_view_if_needed()
    winners = box.get_by_role("button", name=re.compile("^Sieger: "))
    if rng.random() < 0.5:
        submit(page, box.get_by_role("button", name="Von der Software würfeln lassen"))
    elif winners.count():
        submit(page, winners.nth(rng.randrange(winners.count())))
    else:
        selects = box.locator("select")
        values = [
            v for v in selects.first.locator("option").evaluate_all("o => o.map(x => x.value)") if v
        ]
        rng.shuffle(values)
        for i, value in enumerate(values):
            selects.nth(i).select_option(value)
        submit(page, box.get_by_role("button", name=ENTER_ROLLOFF))
    no_errors(page)
    expect(page.locator(".messages")).to_contain_text("Stechen eingetragen")


def play_group_tournament(page: Page, pk: int, shots: Path, tag: str, seed: int) -> int:
    """Play a format A–C tournament to its end in the browser; return the steps taken."""
    rng = random.Random(seed)
    first_draw, shot_tables = True, False
    for step in range(STEP_LIMIT):
        state = group_state(pk)
        if state.finished:
            return step
        st = state.current
        missing = st.missing_results() if st is not None else []
        if missing:
            if "/tische/" not in page.url:
                tab(page, "Tische & Ergebnisse")
            game, table = missing[0]
            enter_result(page, state, game, table, rng)
            if len(missing) == 1 and not shot_tables:
                shoot(page, shots, f"{tag}-tables")
                shot_tables = True
        elif open_rolloffs(state):
            if "/tische/" not in page.url:
                tab(page, "Tische & Ergebnisse")
            roll_off(page, rng)
        else:
            if first_draw:
                tab(page, "Übersicht")
                expect(page.get_by_role("heading", name="Als Nächstes")).to_be_visible()
                shoot(page, shots, f"{tag}-overview")
            release_draw(page, shots if first_draw else None, tag)
            first_draw = False
    raise AssertionError(f"nach {STEP_LIMIT} Schritten nicht beendet / not finished")


def ranking_names(page: Page) -> list[str]:
    """Open 'Endstand & Preise' and read the names of the ranking, in order."""
    tab(page, "Endstand & Preise")
    expect(page.locator("#ranking")).to_be_visible()
    return [n.strip() for n in page.locator("#ranking td.name").all_inner_texts()]


def engine_group_ranking(pk: int) -> list[str]:
    """The engine's overall ranking of the stored facts (format A–C); it must be final."""
    state = group_state(pk)
    assert state.finished
    return [r["name"] for r in group_ranking_rows(state)]


def ranking_stages(page: Page) -> list[str]:
    """The 'erreichte Runde' column of the ranking shown (format A–C), in order."""
    return [c.strip() for c in page.locator("#ranking tbody td:nth-child(3)").all_inner_texts()]


def engine_group_stages(pk: int) -> list[str]:
    """The engine's stage reached by each ranked player, as its German title."""
    state = group_state(pk)
    titles = {st.key: st.title().text("de") for st in state.stages}
    return [titles[r["stage"]] for r in group_ranking_rows(state)]


def engine_knockout_ranking(pk: int) -> list[str]:
    """The engine's ranking of the stored facts (format D); it must be final."""
    tour = tournament(pk)
    assert isinstance(tour, KnockoutTournament)
    state = tour.state()
    assert state.finished
    return [r["name"] for r in knockout_ranking_rows(state)]


def pay_everybody(page: Page) -> int:
    """On 'Anmeldung': click 'bezahlt' in every row not paid yet; return how many."""
    clicks = 0
    buttons = page.locator("#ko-players form[action$='/anmeldung/pay/'] button")
    while buttons.count():
        before = buttons.count()
        submit(page, buttons.first)
        no_errors(page)
        expect(buttons).to_have_count(before - 1)
        clicks += 1
    return clicks


def play_knockout(page: Page, shots: Path, tag: str, seed: int) -> int:
    """On 'Tische': open suggested tables and click game losers until there is a winner."""
    rng = random.Random(seed)
    shot = False
    winner = page.get_by_text("Turniersieger")
    for step in range(STEP_LIMIT):
        if winner.count():
            return step
        losers = page.locator("form[action$='/verloren/'] button")
        open_all = page.get_by_role("button", name="alle vorgeschlagenen Tische eröffnen")
        open_one = page.locator("form[action$='/ko-tische/eroeffnen/'] button")
        if losers.count():
            if not shot:
                shoot(page, shots, f"{tag}-tables")
                shot = True
            submit(page, losers.nth(rng.randrange(losers.count())))
        elif open_all.count():
            submit(page, open_all)
        elif open_one.count():
            submit(page, open_one.first)
        else:
            steps = page.locator("ul.steps").inner_text()
            raise AssertionError(f"kein Knopf mehr, aber kein Sieger: {steps}")
        no_errors(page)
        expect(page.locator("nav.tabs a.active")).to_have_text("Tische")
    raise AssertionError(f"nach {STEP_LIMIT} Schritten kein Sieger / no winner")


# Keeps every EventSource the page opens, to cut its connection as a dead network would.
KEEP_SOURCES = """
(() => {
  const Real = window.EventSource;
  window.sources = [];
  window.EventSource = function (url, options) {
    const source = new Real(url, options);
    window.sources.push(source);
    return source;
  };
  window.EventSource.CONNECTING = 0;
  window.EventSource.OPEN = 1;
  window.EventSource.CLOSED = 2;
})();
"""
CUT = "() => window.sources.forEach(s => { s.close(); s.dispatchEvent(new Event('error')); })"
