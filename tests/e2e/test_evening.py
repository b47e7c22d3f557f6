"""A whole format-A evening on a phone (390 px): every result through the "Tisch Nr." box,
every roll-off on its card, every next step as a button, and each of them in view when it is
needed, without scrolling to look for it."""

from __future__ import annotations

import random
from pathlib import Path

import e2ehelpers as h
import pytest
from playwright.sync_api import Locator, Page, expect

from factories import names
from tafelrunde.engine.groups.actions import open_rolloffs

pytestmark = [pytest.mark.e2e]
STEPS = 400


def in_view(locator: Locator) -> Locator:
    """The element, asserted to be in the viewport as the page stands (nothing scrolled)."""
    expect(locator).to_be_in_viewport()
    return locator


def enter(page: Page, pk: int, game: int, table: int, rng: random.Random) -> bool:
    """Jump to a table by its number and enter pips that often tie; say whether they tie."""
    box = in_view(page.get_by_label("Tisch Nr."))
    box.fill(str(table))
    h.submit(page, in_view(page.get_by_role("button", name="Los")))
    card = page.locator(f"#table-{game}-{table}")
    state = h.group_state(pk)
    st = state.current
    assert st is not None
    seats = (st.tables(game) or ())[table - 1]
    pips = [rng.choice((3, 4, 5)) for _ in seats]
    for p, v in zip(seats, pips, strict=True):
        in_view(card.locator(f"input[name='pips-{p}']")).fill(str(v))
    h.submit(page, in_view(card.get_by_role("button", name="Ergebnis speichern")))
    h.no_errors(page)
    in_view(page.locator(f"#table-{game}-{table} .result"))
    return len(set(pips)) < len(pips)


def settle(page: Page, rng: random.Random) -> None:
    """The open roll-off in view: a winner by one click, or an order, or the software."""
    boxes = page.locator(".rolloff")
    shown = [boxes.nth(k) for k in range(boxes.count())]
    box = next((b for b in shown if b.evaluate("e => e.getBoundingClientRect().top >= 0 && "
                                                "e.getBoundingClientRect().bottom <= innerHeight")),
               None)  # fmt: skip
    assert box is not None, "no roll-off in view"
    winners = box.get_by_role("button", name="Sieger:")
    if winners.count() and rng.random() < 0.7:
        h.submit(page, in_view(winners.nth(rng.randrange(winners.count()))))
    elif box.locator("select").count() and rng.random() < 0.5:
        selects = box.locator("select")
        values = [v for v in selects.first.locator("option").evaluate_all(
            "o => o.map(x => x.value)") if v]  # fmt: skip
        rng.shuffle(values)
        for i, value in enumerate(values):
            in_view(selects.nth(i)).select_option(value)
        h.submit(page, in_view(box.get_by_role("button", name=h.ENTER_ROLLOFF)))
    else:
        h.submit(page, in_view(box.get_by_role("button", name="Von der Software würfeln lassen")))
    h.no_errors(page)
    expect(page.locator(".messages")).to_contain_text("Stechen eingetragen")


def test_a_whole_format_a_evening_at_a_phones_width(
    page: Page, live_server_url: str, shots: Path
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    pk = h.create_tournament(page, shots, "evening", "gruppenmodus", names(12))
    h.tab(page, "Auslosung")
    h.submit(page, in_view(page.locator("#release")))
    rng = random.Random(7)
    done = {"results": 0, "ties": 0, "rolloffs": 0, "draws": 1}
    for _ in range(STEPS):
        state = h.group_state(pk)
        if state.finished:
            break
        st = state.current
        assert st is not None
        if open_rolloffs(state):
            settle(page, rng)
            done["rolloffs"] += 1
        elif st.missing_results():
            game, table = st.missing_results()[0]
            done["ties"] += enter(page, pk, game, table, rng)
            done["results"] += 1
        else:
            h.submit(page, in_view(page.locator("#next-step")))
            h.submit(page, in_view(page.locator("#release")))
            done["draws"] += 1
        if done["rolloffs"] == 1:
            h.shoot(page, shots, "evening-rolloff-390")
    else:
        raise AssertionError("the evening did not end")
    in_view(page.locator("#next-step")).click()
    page.wait_for_url(f"**/turniere/{pk}/endstand/")
    assert h.ranking_names(page) == h.engine_group_ranking(pk)
    h.shoot(page, shots, "evening-ranking-390")
    assert done["draws"] >= 3 and done["rolloffs"] >= 3 and done["results"] == 19, done
