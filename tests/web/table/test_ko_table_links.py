"""Format D at the table: the loser of each game entered and confirmed through the table link."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from kohelpers import lose, post, state, text
from kolinkhelpers import at_the_table, csrf_post, form_marks, link_of, opened

from tafelrunde.engine.knockout.table_entry import table_status
from tafelrunde.web.core.models import AuditEntry, FactRecord, TournamentRecord
from tafelrunde.web.table.links import find

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_one_phone_cannot_confirm_its_own_loser_under_another_name() -> None:
    """Format D, the same rule: the phone that entered the loser cannot confirm it as another
    player of the table; another phone can."""
    _organiser, rec, table, url, players, first, second = at_the_table()
    csrf_post(first, url, {"action": "me", "player": players[0]})
    marks = form_marks(first, url)
    csrf_post(first, url, {"action": "lost", "loser": players[1]} | marks)
    entry = FactRecord.objects.filter(tournament=rec).order_by("n").last()
    assert entry is not None and entry.data["type"] == "table_loser_entered"
    csrf_post(first, url, {"action": "me", "player": players[2]})  # asks to be another
    page = text(first.get(url))
    assert "Die Turnierleitung wurde gefragt" in page and 'value="confirm"' not in page
    data = {"action": "confirm", "entry": str(entry.n)} | form_marks(first, url)
    assert csrf_post(first, url, data).status_code == 302  # type: ignore[attr-defined]
    assert table_status(state(rec), table.number).game == 1  # nothing counts yet
    csrf_post(second, url, {"action": "me", "player": players[2]})
    data = {"action": "confirm", "entry": str(entry.n)} | form_marks(second, url)
    assert csrf_post(second, url, data).status_code == 302  # type: ignore[attr-defined]
    assert table_status(state(rec), table.number).game == 2  # another phone: it counts


def test_a_game_loser_entered_and_confirmed_at_the_table_counts() -> None:
    _organiser, rec, table, url, players, first, second = at_the_table()
    page = text(first.get(url))
    assert f"Tisch {table.place}" in page and "läuft seit" in page and "scharf ab" in page
    chips_before = {p: state(rec).players[p].chips for p in players}
    csrf_post(first, url, {"action": "me", "player": players[0]})
    marks = form_marks(first, url)
    assert csrf_post(first, url, {"action": "lost", "loser": players[1]} | marks).status_code == 302  # type: ignore[attr-defined]
    assert "eingetragen – wartet auf Bestätigung" in text(first.get(url))
    assert {p: state(rec).players[p].chips for p in players} == chips_before  # not yet
    csrf_post(second, url, {"action": "me", "player": players[2]})
    entry = FactRecord.objects.filter(tournament=rec).order_by("n").last()
    assert entry is not None and entry.data["type"] == "table_loser_entered"
    data = {"action": "confirm", "entry": str(entry.n)} | form_marks(second, url)
    assert csrf_post(second, url, data).status_code == 302  # type: ignore[attr-defined]
    now = state(rec)
    assert table_status(now, table.number).game == 2  # game 1 counts; game 2 is open
    assert {p: now.players[p].chips for p in players} != chips_before
    shown = text(second.get(url))
    loser = now.players[players[1]].name
    assert f"Partie 1 · Verloren hat: <strong>{loser}</strong> · bestätigt</p>" in shown
    assert AuditEntry.objects.filter(tournament=rec).order_by("pk").last().who == (  # type: ignore[union-attr]
        f"Tisch {table.place} · {now.players[players[2]].name} (Handy 2)"
    )
    again = csrf_post(second, url, data)  # a double tap stores nothing more
    assert again.status_code == 302  # type: ignore[attr-defined]
    assert FactRecord.objects.filter(tournament=rec).count() == entry.n + 1


def test_a_disputed_loser_is_decided_on_the_board() -> None:
    organiser, rec, table, url, players, first, second = at_the_table()
    csrf_post(first, url, {"action": "me", "player": players[0]})
    csrf_post(first, url, {"action": "lost", "loser": players[1]} | form_marks(first, url))
    csrf_post(second, url, {"action": "me", "player": players[2]})
    waiting = text(second.get(url))  # the page says what a different name does
    assert "Jemand anderes hat verloren?" in waiting and "strittig" in waiting
    assert f'name="loser" value="{players[1]}"' not in waiting
    assert f'name="loser" value="{players[2]}"' in waiting
    csrf_post(second, url, {"action": "lost", "loser": players[2]} | form_marks(second, url))
    assert table_status(state(rec), table.number).status == "disputed"
    board = text(organiser.get(f"/turniere/{rec.pk}/ergebnistafel/"))
    assert re.search(r"<strong>1</strong> strittig", board)
    assert re.findall(r'id="board-(\d+)-(\d+)"', board)[0] == ("1", str(table.number))
    versions = table_status(state(rec), table.number).versions
    response = organiser.post(f"/turniere/{rec.pk}/ergebnistafel/bestaetigen/", {
        "game": "1", "table": str(table.number), "entry": str(versions[1].entry),
        "action": "decide"})  # fmt: skip
    assert response.status_code == 302
    settled = state(rec)
    assert table_status(settled, table.number).game == 2
    kinds = [f.data["type"] for f in FactRecord.objects.filter(tournament=rec)]
    assert kinds.count("table_loser_decided") == 1


def test_a_link_writes_only_its_own_tables_players() -> None:
    organiser = Client()
    rec = opened(organiser)
    first_table, second_table = state(rec).open_tables()[:2]
    url = link_of(organiser, rec, first_table.place)
    phone = Client(enforce_csrf_checks=True)
    before = FactRecord.objects.count()
    csrf_post(phone, url, {"action": "me", "player": second_table.remaining[0]})  # not here
    assert "Wer bist du?" in text(phone.get(url))
    csrf_post(phone, url, {"action": "me", "player": first_table.remaining[0]})
    marks = form_marks(phone, url)
    refused = csrf_post(phone, url, {"action": "lost", "loser": second_table.remaining[0]} | marks)
    assert refused.status_code == 302  # type: ignore[attr-defined]
    shown = text(phone.get(url))
    said = re.findall(r'<li class="error"[^>]*>([^<]*)', shown)
    name = state(rec).players[second_table.remaining[0]].name
    assert said == [f"„{name}“ sitzt nicht dort (Tisch {first_table.place})."]
    assert FactRecord.objects.count() == before


def test_a_hall_tables_card_opens_whichever_table_is_open_there_all_evening() -> None:
    """hall.md: a physical table's card QR stays valid all evening and opens the table open
    there now, so one card per physical table suffices; between two games it says so."""
    organiser, rec, _table, url, _players, first, _second = at_the_table()  # hall table 1
    seen: list[int] = []
    phones: dict[str, Client] = {}  # each player's own phone, all evening
    for _ in range(40):  # the evening, game by game, until hall table 1 stays empty
        now = state(rec)
        here = next((t for t in now.open_tables() if t.place == 1), None)
        if here is None:
            if now.finished:
                break
            page = text(first.get(url))
            assert first.get(url).status_code == 200
            assert "An diesem Tisch ist gerade keine Partie eröffnet." in page
            assert post(organiser, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
            continue
        if not seen or seen[-1] != here.number:
            seen.append(here.number)
            first = phones.setdefault(here.remaining[0], Client(enforce_csrf_checks=True))
            page = text(first.get(url))
            assert all(now.players[p].name in page for p in here.remaining)
            csrf_post(first, url, {"action": "me", "player": here.remaining[0]})
            marks = form_marks(first, url)
            lost = {"action": "lost", "loser": here.remaining[1]} | marks
            assert csrf_post(first, url, lost).status_code == 302  # type: ignore[attr-defined]
            entered = FactRecord.objects.filter(tournament=rec).order_by("n").last()
            assert entered is not None and entered.data["type"] == "table_loser_entered"
            assert entered.data["table"] == here.number  # the table open there now
        for t in state(rec).open_tables():  # the organisers play the evening on
            assert lose(organiser, rec, t.number, t.remaining[0]).status_code == 302
    assert len(seen) >= 3, seen  # one card, three tables opened at it one after another


def test_the_whole_hall_prints_one_card_per_physical_table() -> None:
    """With the hall's size set, the table cards cover every physical table: those playing
    with their players, the free ones with only their number and code (it opens whichever
    table is opened there later), so the hall is printed once before the evening."""
    organiser = Client()
    rec = opened(organiser)
    playing = {t.place for t in state(rec).open_tables()}
    hall = max(playing) + 2
    version = TournamentRecord.objects.get(pk=rec.pk).version
    assert (
        post(organiser, rec, "ko-tische/halle/", {"count": hall, "version": version}).status_code
        == 302
    )
    page = text(organiser.get(f"/turniere/{rec.pk}/drucken/tischkarten/"))
    assert page.count('<article class="table-card">') == hall
    assert page.count("Tisch in der Halle") == hall - len(playing)
    codes = set(re.findall(r"/tisch/([A-Za-z0-9_-]{24})/", page))
    assert len(codes) == hall
    found = {find(c).table for c in codes}  # type: ignore[union-attr]
    assert found == set(range(1, hall + 1))
    links = text(organiser.get(f"/turniere/{rec.pk}/tisch-links/"))
    assert set(re.findall(r"/tisch/([A-Za-z0-9_-]{24})/", links)) == codes
    assert links.count("Gerade frei") == hall - len(playing)
