"""Format D on paper: the A5 table cards keep every note and the address whole, and the score
sheet's game lines keep their number column."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation
from e2ehelpers import login
from paperpdf import print_page
from playwright.sync_api import Page
from projectorpages import knockout

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.paper.knockout import knockout_cards

pytestmark = [pytest.mark.e2e]
MM = 96 / 25.4  # CSS pixels in a millimetre

OVERFLOWING = (
    "() => [...document.querySelectorAll('.table-card')].map(c => {"
    " const box = c.getBoundingClientRect();"
    " const last = [...c.children].map(e => e.getBoundingClientRect().bottom);"
    " return [c.scrollHeight - c.clientHeight, Math.max(...last) - box.bottom]; })"
)


def notes_of(pk: int) -> list[str]:
    """The notes every card of the tournament shows, in German."""
    rec = TournamentRecord.objects.get(pk=pk)
    with translation.override("de"):
        return [n for c in knockout_cards(rec) for n in c.notes]


@pytest.mark.parametrize("layout", ["a4", "a5"])
def test_format_d_cards_show_every_note_and_the_address_in_full(
    page: Page, live_server_url: str, shots: Path, layout: str
) -> None:
    pk = knockout(11)
    login(page, live_server_url)
    url = f"{live_server_url}/turniere/{pk}/drucken/tischkarten/?karten={layout}"
    printed = print_page(page, url, shots, f"tischkarten-d-{layout}", qr=True)
    text = printed.squeezed()
    notes = notes_of(pk)
    assert any("Scharf" in n for n in notes) and any("Schock aus" in n for n in notes)
    for note in notes:
        assert "".join(note.split()) in text, note
    codes = [c for page_codes in printed.codes for c in page_codes]
    assert len(codes) == 3
    for code in codes:
        assert code in text  # the address under the code, whole
    page.emulate_media(media="print")
    for hidden, below in page.evaluate(OVERFLOWING):
        assert hidden <= 0 and below <= 0, f"the card cuts off its last {max(hidden, below)} px"


def test_format_d_score_sheet_keeps_its_number_column(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = knockout(11)
    login(page, live_server_url)
    url = f"{live_server_url}/turniere/{pk}/drucken/spielzettel/"
    printed = print_page(page, url, shots, "spielzettel-d-nr")
    assert "Nr." in printed.text
    page.emulate_media(media="print")
    cells = page.evaluate(
        "() => [...document.querySelectorAll('.scores.lines tr')].map(r => {"
        " const n = r.cells[0].getBoundingClientRect(), l = r.cells[1].getBoundingClientRect();"
        " return [n.width, r.cells[0].scrollWidth - r.cells[0].clientWidth, n.right, l.left]; })"
    )
    assert cells
    for width, hidden, right, loser_left in cells:
        assert width >= 8 * MM and hidden <= 0 and right <= loser_left + 0.5
