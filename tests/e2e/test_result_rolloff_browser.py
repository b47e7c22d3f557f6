"""Chromium at a phone's and a laptop's width: a tied result saved on a large evening's tables
page lands on its table's card with the roll-off to settle; an untied one stays on the game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2ehelpers import login, no_errors, shoot, submit
from playwright.sync_api import Page, expect

from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import save_new

pytestmark = pytest.mark.e2e


def drawn(players: int) -> tuple[int, TournamentState]:
    """A stored group-mode tournament with its first draw."""
    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, players + 1)]
    tour = Tournament("Großer Abend", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=3))
    return int(save_new(tour).pk), state


def save(page: Page, state: TournamentState, table: int, pips: tuple[int, ...]) -> None:
    """Type the pips of a table of game 1 into its card and save them."""
    st = state.current
    assert st is not None
    card = page.locator(f"#table-1-{table}")
    for pid, value in zip((st.tables(1) or ())[table - 1], pips, strict=True):
        card.locator(f"input[name='pips-{pid}']").fill(str(value))
    submit(page, card.get_by_role("button", name="Ergebnis speichern"))
    no_errors(page)
    expect(page.locator(".messages")).to_contain_text(f"Tisch {table}: Ergebnis gespeichert.")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_tie_lands_on_its_roll_off(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url)
    pk, state = drawn(400)
    page.goto(f"{live_server_url}/turniere/{pk}/tische/?partie=1&seite=2")
    save(page, state, 57, (40, 30, 20, 10))
    assert page.url.endswith("/tische/?partie=1&seite=2#table-1-57")
    save(page, state, 58, (17, 17, 12, 9))
    assert page.url.endswith("/tische/?partie=1&seite=2#table-1-58")
    card = page.locator("#table-1-58")
    expect(card).to_contain_text("Stechen um Platz 1.")
    expect(card.get_by_role("button", name=re.compile("^Sieger: ")).first).to_be_in_viewport()
    shoot(page, shots, f"result-rolloff-{width}")
    page.screenshot(path=shots / f"result-rolloff-{width}-in-view.png")  # what the eye sees
