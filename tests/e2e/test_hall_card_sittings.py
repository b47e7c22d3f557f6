"""hall.md: in format D a physical table's card stays valid all evening. One printed card of
hall table 1, scanned by a phone (390 px), opens three sittings one after another: each time
the table opened there now with its players, and between two sittings that nothing is open."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import tablephones as t
from e2ehelpers import login
from paperpdf import print_pdf
from playwright.sync_api import Browser, Page, expect
from projectorpages import knockout

from tafelrunde.engine.knockout import GameLost
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.web.core.domain.knockout import enter
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.table.links import find

pytestmark = [pytest.mark.e2e]
TOKEN = re.compile(r"/tisch/([A-Za-z0-9_-]{24})/$")


def state(pk: int):  # type: ignore[no-untyped-def]
    """The evening as the pages show it now."""
    return read_only(TournamentRecord.objects.get(pk=pk))[1]


def play_on(pk: int) -> None:
    """The organisers play every open table one game on (its first remaining player loses)."""
    now = state(pk)
    losses = [GameLost(n=0, at=0, table=t.number, player=t.remaining[0]) for t in now.open_tables()]
    enter(pk, lambda _t, _s: losses, expected=None, user=None, at=stamp(), by="Turnierleitung")


def open_tables(pk: int) -> None:
    """The organisers open every table the queues suggest."""
    enter(pk, lambda _t, s: list(tables_to_open(s)), expected=None, user=None, at=stamp(),
          by="Turnierleitung")  # fmt: skip


def test_one_card_of_hall_table_1_serves_three_sittings(
    browser: Browser, page: Page, live_server_url: str, shots: Path
) -> None:
    pk = knockout(12)
    login(page, live_server_url)
    printed = print_pdf(page, f"{live_server_url}/turniere/{pk}/drucken/tischkarten/?karten=a5",
                        shots, "tischkarten-halle", 1.5)  # fmt: skip
    codes = [c for page_codes in printed.codes for c in page_codes]
    card = next(c for c in codes if (link := find(TOKEN.search(c).group(1))) and link.table == 1)  # type: ignore[union-attr]
    seen: list[int] = []
    with t.phone(browser) as phone:
        for _ in range(60):
            now = state(pk)
            here = next((x for x in now.open_tables() if x.place == 1), None)
            if here is None:
                if now.finished:
                    break
                phone.goto(card)
                expect(phone.locator("main")).to_contain_text("gerade keine Partie eröffnet")
                open_tables(pk)
                continue
            if not seen or seen[-1] != here.number:
                seen.append(here.number)
                phone.goto(card)  # the same printed code
                expect(phone.locator("h1")).to_have_text("Tisch 1")
                main = phone.locator("main")
                for p in here.remaining:
                    expect(main).to_contain_text(now.players[p].name)
                t.look(phone, shots, f"hall-card-sitting-{len(seen)}")
                if len(seen) == 3:
                    break
            play_on(pk)
    assert len(seen) == 3, seen  # three tables opened at hall table 1, one card
