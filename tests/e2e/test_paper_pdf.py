"""The print pages as Chromium prints them to PDF: A4 pages, the names and numbers they must
show, and table cards whose QR codes open their own table."""

from __future__ import annotations

import io
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from e2ehelpers import login
from paperpdf import print_page
from PIL import Image
from playwright.sync_api import Page
from projectorpages import drawn_group, knockout, now, people

from tafelrunde.engine.export import ranking_table
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament, PayFee
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import Donation, GameLost, SchockOut
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import play_to_end
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, read_only, save_new
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.paper.models import ClubLook
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


def logo() -> bytes:
    """A small plain logo as PNG bytes."""
    out = io.BytesIO()
    Image.new("RGB", (240, 120), (30, 60, 140)).save(out, "PNG")
    return out.getvalue()


def finished_group(n: int, preset: str = "gruppenmodus") -> int:
    """A format A–C tournament played to its end; its number."""
    tour = new_tournament("Würfelabend im Vereinsheim", load_rules(preset), people(n), day=None,
                          at=now(), by="leitung")  # fmt: skip
    assert isinstance(tour, Tournament)
    play_to_end(tour, seed=5)
    return int(save_new(tour, log=Logged(msg("Demo tournament created"))).pk)


def finished_knockout(n: int) -> int:
    """Format D played to its end, with one Schock aus donated; its number."""
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Schocken-K.-o. im Vereinsheim", load_rules("schocken-ko"), people(n),
                          day=day, at=now(), by="leitung")  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    pay = [PayFee(n=0, at=0, player=p) for p in tour.state().players]
    record_all(tour, pay, at=now(), by="leitung")
    record_all(tour, list(tables_to_open(tour.state())), at=now(), by="leitung")
    first = tour.state().open_tables()[0]
    record_all(tour, [SchockOut(n=0, at=0, player=first.players[0], table=first.number)],
               at=now(), by="leitung")  # fmt: skip
    made = sorted(tour.state().schock_outs)
    record_all(tour, [Donation(n=0, at=0, schock_out=made[0])], at=now(), by="leitung")
    while not tour.state().finished:
        state = tour.state()
        if not state.open_tables():
            record_all(tour, list(tables_to_open(state)), at=now(), by="leitung")
            continue
        table = state.open_tables()[0]
        loser = table.remaining[0]
        record_all(tour, [GameLost(n=0, at=0, table=table.number, player=loser)], at=now(),
                   by="leitung")  # fmt: skip
    return int(save_new(tour, log=Logged(msg("Demo tournament created"))).pk)


def test_who_sits_where_prints_everybody_alphabetically_on_a4(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(61)
    printed = print_page(
        page, f"{live_server_url}/turniere/{pk}/drucken/wer-sitzt-wo/", shots, "wer-sitzt-wo"
    )  # fmt: skip  (public: no login)
    everybody = [n for names in tables_of(pk).values() for n in names]
    assert printed.all_a4() and 1 <= printed.pages <= 2
    text = printed.squeezed()
    assert all("".join(name.split()) in text for name in everybody)


def test_standings_ranking_and_certificates_of_a_finished_group_tournament(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = finished_group(16)
    tour, _ = read_only(TournamentRecord.objects.get(pk=pk))
    _, table = ranking_table(tour)
    winner, second, third = (str(row[1]) for row in table[:3])
    base = f"{live_server_url}/turniere/{pk}/drucken"
    standings = print_page(page, f"{base}/stand/", shots, "stand")
    assert standings.all_a4() and standings.pages >= 2  # a page for each stage
    assert winner in standings.text
    ranking = print_page(page, f"{base}/endstand/", shots, "endstand")
    assert ranking.all_a4() and "Vorläufig" not in ranking.text
    flat = ranking.flat(0)
    assert flat.index(winner) < flat.index(second) < flat.index(third)
    login(page, live_server_url)
    ClubLook.objects.create(pk=1, club_name="Würfelfreunde Tafelrunde e. V.", logo=logo())
    certificates = print_page(page, f"{base}/urkunden/", shots, "urkunden")
    assert certificates.pages == 3 and certificates.all_a4()
    assert certificates.images == [1, 1, 1]  # the club logo on each
    assert all("Würfelfreunde Tafelrunde e. V." in t for t in certificates.texts)
    for k, name in enumerate((winner, second, third)):
        assert f"{k + 1}. Platz" in certificates.flat(k) and name in certificates.flat(k)


def test_format_d_lists_registration_kings_ranking_and_certificates(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = finished_knockout(9)
    base = f"{live_server_url}/turniere/{pk}/drucken"
    kings = print_page(page, f"{base}/schock-aus-koenig/", shots, "schock-aus-koenig")
    assert kings.pages == 1 and kings.all_a4() and "3,00 €" in kings.text
    ranking = print_page(page, f"{base}/endstand/", shots, "endstand-d")
    assert ranking.all_a4() and "Wanderpokal" in ranking.text
    login(page, live_server_url)
    registration = print_page(page, f"{base}/anmeldeliste/", shots, "anmeldeliste")
    assert registration.pages == 1 and registration.all_a4()
    assert "Unterschrift" in registration.text and "10,00 €" in registration.text
    certificates = print_page(page, f"{base}/urkunden/", shots, "urkunden-d")
    assert certificates.pages == 6 + 1 and certificates.all_a4()  # 6 prizes, 1 Schock-Aus-König
    assert "Wanderpokal" in certificates.flat(0) and "1. Platz" in certificates.flat(0)
