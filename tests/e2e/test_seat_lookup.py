"""„Wo sitze ich?" in Chromium on a phone and a laptop: a name typed with wrong case and
without accents finds the table, large; no match suggests close names; the page fits."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from e2ehelpers import shoot, submit
from playwright.sync_api import Page, expect

from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import PayFee
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, save_new

pytestmark = [pytest.mark.e2e]

NAMES = (
    "Anna Müller", "Bernd Straße", "Clara Öztürk", "Dieter Weiß", "Émile Zola", "Frieda Kühn",
    "Günter Groß", "Hanna Schäfer", "Ingo Meier", "Jana Mayer", "Klaus Müller-Lüdenscheidt",
    "Lena Fuchs", "Maximilian Alexander von Hohenberg-Schwarzenfels",
)  # fmt: skip
AT = "2026-05-08T19:00:00+02:00"


def drawn_tournament() -> tuple[int, TournamentState]:
    """Format A with its groups drawn; its number and state."""
    tour = new_tournament("Würfelabend", load_rules("gruppenmodus"), "\n".join(NAMES), day=None,
                          at=AT, by="leitung")  # fmt: skip
    state = TournamentState(tour)  # type: ignore[arg-type]
    record(state, next_draw(state, seed=7), at=AT, by="leitung")
    return save_new(tour, log=Logged(msg("Demo tournament created"))).pk, state


def knockout_tournament() -> int:
    """Format D with its first tables open and two players still to pay; its number."""
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Schockabend", load_rules("schocken-ko"), "\n".join(NAMES), day=day,
                          at=AT, by="leitung")  # fmt: skip
    ids = list(tour.state().players)[:-2]  # type: ignore[union-attr]
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in ids], at=AT, by="leitung")  # type: ignore[arg-type]
    record_all(tour, tables_to_open(tour.state())[:2], at=AT, by="leitung")  # type: ignore[arg-type, union-attr]
    return save_new(tour, log=Logged(msg("Demo tournament created"))).pk


def fits(page: Page, width: int) -> None:
    """Nothing is wider than the screen."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide}px wide at {width}px"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_a_name_typed_in_capitals_without_umlauts_finds_the_table(
    page: Page, live_server_url: str, shots: Path, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    pk, state = drawn_tournament()
    cur = state.current
    assert cur is not None
    gunter = next(p.id for p in state.tournament.players if p.name == "Günter Groß")
    table = cur.table_of(gunter)
    assert table is not None
    seat = cur.seat_order(1, table).index(gunter) + 1

    page.goto(f"{live_server_url}/turniere/{pk}/")
    call = page.locator("#seat-call")
    expect(call).to_be_visible()
    fits(page, width)
    shoot(page, shots, f"seat-{width}-overview")
    call.get_by_label("Dein Name").fill("  GUNTER gross ")
    submit(page, call.get_by_role("button", name="Suchen"))
    card = page.locator(".seat-card")
    expect(card).to_have_count(1)
    expect(card.locator(".seat-name")).to_have_text("Günter Groß")
    expect(card.locator(".seat-table")).to_have_text(f"Tisch {table}")
    start = "Startspieler" if seat == 1 else f"{seat}. in der Startreihenfolge"
    expect(card.locator(".seat-place")).to_have_text(f"Platz {seat}")
    expect(card.locator(".seat-start")).to_have_text(start)
    expect(page.locator("nav.tabs a.active")).to_have_text("Wo sitze ich?")
    size = card.locator(".seat-table").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 36  # readable at arm's length
    box = card.bounding_box()
    assert box is not None and box["y"] + box["height"] <= height  # seen without scrolling
    fits(page, width)
    shoot(page, shots, f"seat-{width}-found")

    box_ = page.locator("#seat-name")
    expect(box_).to_have_value("  GUNTER gross ")
    box_.fill("mueller")
    submit(page, page.locator(".seat-form").get_by_role("button", name="Suchen"))
    expect(page.locator(".seat-card .seat-name")).to_have_text(
        ["Anna Müller", "Klaus Müller-Lüdenscheidt"]
    )
    expect(page.locator("#seat-names option")).to_have_count(len(NAMES))
    fits(page, width)

    page.locator("#seat-name").fill("Hohenberg Schwarzenfells")
    submit(page, page.locator(".seat-form").get_by_role("button", name="Suchen"))
    expect(page.locator("#found")).to_contain_text("Niemand heißt „Hohenberg Schwarzenfells“.")
    suggestion = page.locator(".seat-suggestion")
    expect(suggestion).to_have_text(["Maximilian Alexander von Hohenberg-Schwarzenfels"])
    fits(page, width)
    shoot(page, shots, f"seat-{width}-none")
    submit(page, suggestion)
    expect(page.locator(".seat-card .seat-table")).to_have_count(1)
    fits(page, width)

    ko = knockout_tournament()
    page.goto(f"{live_server_url}/turniere/{ko}/wo-sitze-ich/?name=a")
    expect(page.locator(".seat-card").first).to_be_visible()
    fits(page, width)
    shoot(page, shots, f"seat-{width}-knockout")
