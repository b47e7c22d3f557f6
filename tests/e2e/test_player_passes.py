"""The players' passes in Chromium: the slips print and every code reads back and opens its
own player's "Mein Platz" on a phone (390 px), which updates by itself; the member cards
print with the club's name; the desk (1280 px) shows a pass large and checks players in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import tablephones as t
from e2ehelpers import login, shoot
from paperpdf import print_page, print_pdf
from playwright.sync_api import Browser, Page, expect
from projectorpages import drawn_group

from tafelrunde.web.club import people
from tafelrunde.web.club.models import Person
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.paper.models import ClubLook
from tafelrunde.web.player import passes
from tafelrunde.web.player.models import Arrival

pytestmark = [pytest.mark.e2e]
TOKEN = re.compile(r"/pass/([A-Za-z0-9_-]{24})/$")
SCALE = 1.5  # 108 dpi: as a phone camera sees a slip held in the hand


def test_every_slips_code_reads_and_opens_its_own_players_page(
    browser: Browser, page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(40)  # 40 players: two pages of slips
    rec = TournamentRecord.objects.get(pk=pk)
    names = {p["id"]: p["name"] for p in rec.players}
    login(page, live_server_url)
    url = f"{live_server_url}/turniere/{pk}/drucken/spielerpaesse/"
    printed = print_pdf(page, url, shots, "spielerpaesse-40", SCALE)
    assert printed.all_a4() and printed.pages == 2
    codes = [c for page_codes in printed.codes for c in page_codes]
    assert len(codes) == 40
    seen = {}
    for code in codes:
        token = TOKEN.search(code)
        assert token is not None and code.startswith(live_server_url), code
        kept = passes.find(token.group(1))
        assert kept is not None and kept.tournament_id == pk
        seen[kept.player] = code
    assert set(seen) == set(names)
    with t.phone(browser) as mine:
        player = rec.players[5]["id"]
        mine.goto(seen[player])
        expect(mine.locator("h1")).to_have_text(names[player])
        expect(mine.locator("#pass-now")).to_contain_text("Tisch")
        t.fits(mine, t.PHONE["width"])
        t.look(mine, shots, "pass-1-mein-platz")
        mine.locator("#to-table").click()
        expect(mine.locator("#phone-bond")).to_contain_text(f"Du bist {names[player]}.")
        t.look(mine, shots, "pass-2-table-bound")


def test_member_cards_print_the_club_and_the_persons_pass(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(12)
    rec = TournamentRecord.objects.get(pk=pk)
    ClubLook.objects.update_or_create(pk=1, defaults={"club_name": "Würfelfreunde Musterstadt"})
    persons = [Person.objects.create(name=p["name"]) for p in rec.players[:3]]
    for p, person in zip(rec.players, persons, strict=False):
        people.link(rec, p["id"], person)
    login(page, live_server_url)
    url = f"{live_server_url}/turniere/{pk}/drucken/mitgliedskarten/"
    printed = print_page(page, url, shots, "mitgliedskarten", qr=True)
    assert printed.all_a4() and printed.pages == 1
    assert printed.text.count("Würfelfreunde Musterstadt") == 3
    codes = printed.codes[0]
    assert len(codes) == 3
    found = {passes.find(TOKEN.search(c).group(1)).person_id for c in codes}  # type: ignore[union-attr]
    assert found == {p.pk for p in persons}


def test_the_desk_shows_a_pass_large_and_checks_a_player_in(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    from factories import not_started

    pk = not_started()["gruppenmodus"]
    rec = TournamentRecord.objects.get(pk=pk)
    first, second = rec.players[0], rec.players[1]
    with t.laptop(browser) as desk, t.phone(browser) as mine:
        login(desk, live_server_url, "empfang")
        desk.goto(f"{live_server_url}/turniere/{pk}/spieler/")
        desk.locator("#passes-link").click()
        row = desk.locator(f"#pass-{first['id']}")
        row.get_by_role("link", name="QR groß").click()
        big = desk.locator("#big-pass")
        expect(big).to_contain_text(f"Pass von {first['name']}")
        width = big.locator("svg").bounding_box()
        assert width is not None and width["width"] >= 250  # large enough to scan off the screen
        shoot(desk, shots, "pass-desk-large")
        address = big.locator(".address a").inner_text()
        with mine.expect_response(lambda r: r.request.method == "POST" and r.status == 204):
            mine.goto(address)  # the page tells, by itself, that a phone opened it
        t.tap(mine, mine.get_by_role("button", name="Ich bin da"))
        expect(mine.locator("#arrived")).to_be_visible()
        t.look(mine, shots, "pass-3-i-am-here")
        row = desk.locator(f"#pass-{second['id']}")
        with desk.expect_navigation():
            row.get_by_role("button", name="Einchecken").click()
        expect(desk.locator("#count-here")).to_contain_text("2 von 9 Spielern sind da.")
        expect(desk.locator(f"#pass-{first['id']} td.n")).to_have_text("1")  # its phone
        expect(desk.locator(f"#pass-{second['id']} td.n")).to_have_text("0")
        shoot(desk, shots, "pass-desk-present")
    assert Arrival.objects.filter(tournament_id=pk).count() == 2


def test_a_format_d_pass_on_a_phone(browser: Browser, live_server_url: str, shots: Path) -> None:
    from projectorpages import knockout

    from tafelrunde.web.core.domain.store import read_only

    pk = knockout(12)
    rec = TournamentRecord.objects.get(pk=pk)
    state = read_only(rec)[1]
    table = state.open_tables()[0]
    player = table.remaining[0]
    token = passes.tokens_for(rec, [player])[player]
    with t.phone(browser) as mine:
        mine.goto(f"{live_server_url}/pass/{token}/")
        now = mine.locator("#pass-now")
        expect(now).to_contain_text(f"Tisch {table.place}")
        expect(now).to_contain_text("Leben:")
        expect(now).to_contain_text("Chips:")
        expect(mine.locator("#pass-results")).to_have_count(0)  # format D lists no games
        t.fits(mine, t.PHONE["width"])
        t.look(mine, shots, "pass-4-format-d")
        mine.locator("#to-table").click()
        expect(mine.locator("h1")).to_have_text(f"Tisch {table.place}")
