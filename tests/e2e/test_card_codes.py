"""Every table card's QR code reads off the printed page, at A4 and A5, for table numbers up to
999: the number is sized to its digits and never pushes the code or its quiet zone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils.safestring import mark_safe
from e2ehelpers import login
from paperpdf import print_pdf, read_pdf
from playwright.sync_api import Page
from projectorpages import drawn_group, knockout

from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.ko_board import HALL
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import qr_svg
from tafelrunde.web.core.seat import Where
from tafelrunde.web.paper.cards_data import Card
from tafelrunde.web.paper.look_store import look_context
from tafelrunde.web.paper.parts import Part
from tafelrunde.web.table.links import find

pytestmark = [pytest.mark.e2e]
TOKEN = re.compile(r"/tisch/([A-Za-z0-9_-]{24})/$")
NUMBER_AND_CODE = (
    "() => [...document.querySelectorAll('.table-card')].map(c => {"
    " const r = document.createRange(); r.selectNodeContents(c.querySelector('.number'));"
    " const n = r.getBoundingClientRect();"
    " const q = c.querySelector('.qr svg').getBoundingClientRect();"
    " const box = c.querySelector('.number-box').getBoundingClientRect();"
    " return [n.right, box.right, q.left, q.width]; })"
)  # the digits' own box (a range), not the paragraph's
SCALE = 1.5  # 108 dpi: modest, as a phone camera sees a card from a chair's distance


@pytest.mark.parametrize("layout", ["a4", "a5"])
def test_every_code_of_a_600_player_draw_reads_and_opens_its_own_table(
    page: Page, live_server_url: str, shots: Path, layout: str
) -> None:
    pk = drawn_group(600)  # 150 tables of 4
    login(page, live_server_url)
    url = f"{live_server_url}/turniere/{pk}/drucken/tischkarten/?karten={layout}"
    printed = print_pdf(page, url, shots, f"tischkarten-600-{layout}", SCALE)
    per = 1 if layout == "a4" else 2
    assert printed.pages == 150 // per
    seen = set()
    for k, codes in enumerate(printed.codes):
        numbers = {per * k + j for j in range(1, per + 1)}
        assert len(codes) == per, f"page {k + 1}: {len(codes)} of {per} codes read"
        for code in codes:
            token = TOKEN.search(code)
            assert token is not None and code.startswith(live_server_url), code
            link = find(token.group(1))
            assert link is not None and link.tournament_id == pk and link.table in numbers
            assert code in printed.squeezed()  # the address printed under the code
            seen.add(link.table)
    assert seen == set(range(1, 151))


def test_a_format_d_card_reads_and_opens_the_table_open_at_its_hall_table(
    page: Page, live_server_url: str, shots: Path
) -> None:
    """Format D prints one card per hall table: its code is the hall table's link, and a
    phone that scans it sees the table open there now."""
    pk = knockout(12)
    login(page, live_server_url)
    url = f"{live_server_url}/turniere/{pk}/drucken/tischkarten/?karten=a5"
    printed = print_pdf(page, url, shots, "tischkarten-ko-a5", SCALE)
    codes = [code for page_codes in printed.codes for code in page_codes]
    state = engine_tournament(TournamentRecord.objects.get(pk=pk)).state()  # type: ignore[union-attr]
    open_now = {t.place: t for t in state.open_tables()}
    assert len(codes) == len(open_now) >= 2
    assert printed.squeezed().count("DerCodegiltdenganzenAbend") == len(codes)
    for code in codes:
        token = TOKEN.search(code)
        assert token is not None and code.startswith(live_server_url), code
        link = find(token.group(1))
        assert link is not None and link.stage == HALL and link.table in open_now
        page.goto(code)
        table = open_now[link.table]
        assert page.locator("h1").inner_text() == f"Tisch {link.table}"
        main = page.locator("main").inner_text()
        assert all(state.players[p].name in main for p in table.players)


def cards_page(base: str, numbers: list[int], two: bool) -> str:
    """A print page of table cards with the given numbers (each code its own address)."""
    cards = []
    for n in numbers:
        address = f"{base}/tisch/{n:0>24}/"
        cards.append(Card(n, "Gruppenrunde", ("Anna Müller", "Bernd Straße", "Clara Öztürk"),
                          "first", Where("g1", 0, n), ("Bitte leise würfeln.",), address=address,
                          qr=mark_safe(qr_svg(address, f"Tisch {n}"))))  # fmt: skip
    per = 2 if two else 1
    sheets = [cards[k : k + per] for k in range(0, len(cards), per)]
    said = {"cards": cards, "sheets": sheets, "two": two, "empty": "", "reachable": True}
    part = Part("paper/part_cards.html", said)
    return render_to_string(
        "paper/page.html",
        {"rec": {"name": "Würfelabend"}, "title": "Tischkarten", "parts": [part], "error": "",
         "look": look_context(), "back": "/", "back_label": "zurück"},
        request=RequestFactory().get("/"),
    )  # fmt: skip


@pytest.mark.parametrize("two", [False, True], ids=["a4", "a5"])
def test_cards_numbered_1_to_999_keep_their_code_whole(
    page: Page, live_server_url: str, shots: Path, two: bool
) -> None:
    numbers = [1, 9, 10, 99, 100, 888, 999, 998]
    page.goto(f"{live_server_url}/static/web/paper.css")  # the same origin for the style sheet
    page.set_content(cards_page(live_server_url, numbers, two))
    page.emulate_media(media="print")
    name = f"tischkarten-999-{'a5' if two else 'a4'}"
    page.screenshot(path=str(shots / f"print-{name}.png"), full_page=True)
    data = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
    (shots / f"print-{name}.pdf").write_bytes(data)
    printed = read_pdf(data, scale=SCALE, qr=True)
    read = sorted(int(c.rstrip("/").rsplit("/", 1)[1]) for codes in printed.codes for c in codes)
    assert read == sorted(numbers)
    for n in numbers:
        assert f"TISCH {n} " in " ".join(printed.text.split())
    boxes = page.evaluate(NUMBER_AND_CODE)
    for right, box_right, qr_left, width in boxes:
        assert right <= box_right + 0.5 and right < qr_left, (right, qr_left)  # never over the code
        assert width >= boxes[0][3] - 0.5  # a three-digit number does not shrink its code
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 390, "height": 844})  # the cards on a phone, before printing
    for right, box_right, qr_left, _ in page.evaluate(NUMBER_AND_CODE):
        assert right <= box_right + 0.5 and right < qr_left, (right, qr_left)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
