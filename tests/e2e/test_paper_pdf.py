"""The print pages as Chromium prints them to PDF: A4 pages, the names and numbers they must
show, and table cards whose QR codes open their own table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2ehelpers import login
from paperpdf import print_page
from playwright.sync_api import Page
from projectorpages import drawn_group, knockout

from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.table.links import find

pytestmark = [pytest.mark.e2e]
TOKEN = re.compile(r"/tisch/([A-Za-z0-9_-]{24})/$")


def tables_of(pk: int) -> dict[int, list[str]]:
    """The names at each table of the current game (formats A–C)."""
    tour, state = read_only(TournamentRecord.objects.get(pk=pk))
    assert isinstance(state, TournamentState) and state.current is not None
    tables = state.current.tables(1) or ()
    return {k: [tour.name_of(p) for p in t] for k, t in enumerate(tables, start=1)}


def test_table_cards_print_one_a4_page_a_table_whose_qr_code_opens_that_table(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(13)
    login(page, live_server_url)
    printed = print_page(page, f"{live_server_url}/turniere/{pk}/drucken/tischkarten/", shots,
                         "tischkarten", qr=True)  # fmt: skip
    tables = tables_of(pk)
    assert printed.pages == len(tables) == 4 and printed.all_a4()
    for number, codes in enumerate(printed.codes, start=1):
        text = printed.flat(number - 1)
        assert f"TISCH {number} " in text
        assert all(name in text for name in tables[number]), text
        assert len(codes) == 1, codes
        assert codes[0].startswith(live_server_url) and codes[0] in text
        token = TOKEN.search(codes[0])
        assert token is not None
        link = find(token.group(1))
        assert link is not None and link.tournament_id == pk and link.table == number
    page.goto(codes[0])  # the last card's code opens its table for a phone
    assert "Tisch 4" in page.locator("main").inner_text()


def test_two_a5_cards_share_one_a4_page_and_both_codes_read(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(13)
    login(page, live_server_url)
    url = f"{live_server_url}/turniere/{pk}/drucken/tischkarten/?karten=a5"
    printed = print_page(page, url, shots, "tischkarten-a5", qr=True)
    assert printed.pages == 2 and printed.all_a4()
    assert [len(c) for c in printed.codes] == [2, 2]
    assert len({c for codes in printed.codes for c in codes}) == 4


def test_format_d_cards_show_the_open_tables_with_their_chips(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = knockout(11)
    login(page, live_server_url)
    printed = print_page(page, f"{live_server_url}/turniere/{pk}/drucken/tischkarten/", shots,
                         "tischkarten-d", qr=True)  # fmt: skip
    assert printed.pages == 3 and printed.all_a4()  # 11 players: 4 + 4 + 3
    assert all(len(c) == 1 for c in printed.codes)
    assert "Hauptrunde" in printed.text and "2 Chips" in printed.text


def test_score_sheets_print_one_a4_page_a_table_with_its_players(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(13)
    login(page, live_server_url)
    printed = print_page(page, f"{live_server_url}/turniere/{pk}/drucken/spielzettel/", shots,
                         "spielzettel")  # fmt: skip
    tables = tables_of(pk)
    assert printed.pages == 4 and printed.all_a4()
    for number in tables:
        text = printed.flat(number - 1)
        assert "Durchgang 3" in text and "Summe" in text and "Augen" in text
        assert all(name in text for name in tables[number]), text


def test_format_d_score_sheets_have_chip_boxes_on_one_page_each(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = knockout(11)
    login(page, live_server_url)
    printed = print_page(page, f"{live_server_url}/turniere/{pk}/drucken/spielzettel/", shots,
                         "spielzettel-d")  # fmt: skip
    assert printed.pages == 3 and printed.all_a4()
    assert all(text.count("☐") >= 6 for text in printed.texts)  # 3–4 players × 2 chips
    assert "Kürzel" in printed.text and "Hauptrunde" in printed.text


def test_everything_for_the_game_prints_cards_sheets_and_the_seating_in_one_go(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(13)
    login(page, live_server_url)
    printed = print_page(page, f"{live_server_url}/turniere/{pk}/drucken/alles/", shots, "alles",
                         qr=True)  # fmt: skip
    assert printed.all_a4() and printed.pages >= 4 + 4 + 1
    assert sum(len(c) for c in printed.codes) == 4  # the cards' codes; the sheets have none
