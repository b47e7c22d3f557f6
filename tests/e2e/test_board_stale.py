"""The results board in Chromium: a "Confirm" clicked on a board shown before a second,
different version came in from the table is refused in words, and the board then shows the
dispute to decide (at 1280 px and on an organiser's phone at 390 px)."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
from playwright.sync_api import Browser, expect

from factories import now, stored
from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.entries import Spot, Values
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.i18n import msg
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import Logged, append, group_state

pytestmark = [pytest.mark.e2e]


def entered(state: TournamentState, who: int, pips: tuple[int, ...]) -> None:
    """A player of table 1 enters its pips (as the table's link records them)."""
    st = state.current
    assert st is not None
    seats = st.seated(1, 1)
    values = Values(pips=dict(zip(seats, pips, strict=True)))
    entries.enter_at_table(state, Spot(st.key, 1, 1), seats[who], values, at=now(), by="Tisch 1")


def test_a_stale_confirm_on_the_board_is_refused_and_the_dispute_shown(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, 9)]
    tour = Tournament("Abend", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=3), at=now())
    entered(state, 0, (40, 30, 20, 10))
    pk = stored(tour).pk
    # no scripts: the board is not refreshed by itself, as when the click comes first
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 800},
                                  java_script_enabled=False)  # fmt: skip
    page = context.new_page()
    h.login(page, live_server_url)
    page.goto(f"{live_server_url}/turniere/{pk}/ergebnistafel/")
    row = page.locator("#board-1-1")
    expect(row.get_by_role("button", name="Bestätigen")).to_be_visible()
    later = Logged(
        msg("Result entered at table {table}, {word} {game}", table=1, word="Durchgang", game=1)
    )
    append(pk, lambda t: entered(group_state(t), 2, (10, 20, 40, 30)), log=lambda _: later)
    h.submit(page, row.get_by_role("button", name="Bestätigen"))
    expect(page.locator(".messages")).to_contain_text(
        "Inzwischen wurde an diesem Tisch etwas anderes eingetragen"
    )
    expect(page.locator("#board-1-1 .version")).to_have_count(2)
    expect(page.locator(".board-counts")).to_contain_text("1 strittig")
    h.shoot(page, shots, "board-stale-confirm-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    h.shoot(page, shots, "board-stale-confirm-390")
    h.shut(context)
