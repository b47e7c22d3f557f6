"""A Stechen two phones of one table enter differently (pips 12, 12, 8, 3): the phones say the
organisers decide, the results board shows it first with both versions, one tap decides,
and the phones learn it (Chromium: three phones of the table, the organisers' laptop)."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from playwright.sync_api import Browser, Page, expect

from factories import USER, group_tournament, now, stored
from tafelrunde.engine.groups.actions import record
from tafelrunde.engine.groups.facts import Result
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.web.core.seat import Where
from tafelrunde.web.table.links import tokens_for

pytestmark = [pytest.mark.e2e]


def tied_at_table_1() -> tuple[int, str]:
    """Format A drawn, table 1's result (pips 12, 12, 8, 3) counts: its Stechen is open; the
    tournament and table 1's link."""
    tour = group_tournament("gruppenmodus", 12, 1, lambda s: s.current is not None)
    state = TournamentState(tour)
    st = state.current
    assert st is not None
    pips = dict(zip(st.seated(1, 1), (12, 12, 8, 3), strict=True))
    fact = Result(n=0, stage=st.key, game=1, table=1, scores={}, pips=pips, places={})
    record(state, fact, at=now(), by=USER)
    rec = stored(tour)
    return rec.pk, tokens_for(rec, [Where(st.key, 0, 1)])[Where(st.key, 0, 1)]


def winner(page: Page, name: str) -> None:
    """Tap the Stechen's winner under „Wer hat gewonnen?" (opened first where another phone
    entered one)."""
    entry = page.locator(".rolloff-entry details.enter")
    if entry.get_attribute("open") is None:
        entry.locator("summary").tap()
    form = page.locator(".rolloff-form")
    t.tap(page, form.get_by_role("button", name=name, exact=True))


def test_a_disputed_stechen_is_decided_on_the_board(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    pk, token = tied_at_table_1()
    link = f"{live_server_url}/tisch/{token}/"
    with t.phone(browser) as one, t.phone(browser) as three, t.laptop(browser) as orga:
        one.goto(link)
        seated = t.names_at(one)
        t.tap_name(one, seated[0])
        tie = [b.strip() for b in one.locator(".rolloff-form button").all_inner_texts()]
        assert len(tie) == 2, tie  # the two players of 12 pips
        winner(one, tie[0])
        three.goto(link)
        t.tap_name(three, seated[2])
        winner(three, tie[1])
        expect(three.locator(".rolloffs")).to_contain_text("strittig")
        t.look(three, shots, "board-rolloff-phone-disputed")
        orga.goto(live_server_url + "/")
        h.login(orga, live_server_url)
        orga.goto(f"{live_server_url}/turniere/{pk}/ergebnistafel/")
        expect(orga.locator(".count.state-disputed")).to_have_text("1 strittig")
        first = orga.locator(".board-row").first
        box = first.locator(".rolloff-disputed")
        expect(box).to_contain_text("Stechen strittig")
        expect(box.locator(".version")).to_have_count(2)
        h.shoot(orga, shots, "board-rolloff-1280")
        orga.set_viewport_size(t.PHONE)
        h.shoot(orga, shots, "board-rolloff-390")
        assert orga.evaluate("document.documentElement.scrollWidth") <= t.PHONE["width"]
        orga.set_viewport_size(t.LAPTOP)
        choose = box.get_by_role("button", name=f"Version von {seated[2]} gilt")
        h.submit(orga, choose)
        expect(orga.locator(".messages")).to_contain_text("Das Stechen zählt.")
        expect(orga.locator(".count.state-disputed")).to_have_text("0 strittig")
        one.reload()
        expect(one.locator(".rolloffs")).to_have_count(0)
