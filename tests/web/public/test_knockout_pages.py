"""Format-D pages: register, pay, open tables, enter losers to the end; refusals save nothing."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from kohelpers import create, lose, pay_all, play_to_end, post, state, text
from webhelpers import logged

from tafelrunde.engine.knockout.actions import table_token
from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.web.core.models import FactRecord, TournamentRecord

pytestmark = [pytest.mark.integration]

NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gustav", "Hanna", "Ida"]


@pytest.fixture
def org(client: Client) -> Client:
    client.force_login(User.objects.create_user("leitung", password="geheim-123"))
    return client


def facts(rec: TournamentRecord) -> int:
    return FactRecord.objects.filter(tournament=rec).count()


@pytest.mark.django_db
def test_a_whole_tournament_through_the_pages(org: Client) -> None:
    rec = create(org, NAMES[:7])
    r = post(org, rec, "anmeldung/neu/", {"names": "Hanna\nIda", "paid": "on"})
    assert r.status_code == 302
    pay_all(org, rec)
    page = text(org.get(f"/turniere/{rec.pk}/anmeldung/"))
    assert "Ida" in page and "90,00 €" in page and "Anmeldeschluss" in page
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert "Tisch eröffnen" in page and "alle vorgeschlagenen Tische eröffnen" in page
    assert post(org, rec, "ko-tische/eroeffnen/", {}).status_code == 302
    assert len(state(rec).open_tables()) == 1
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert "Verloren hat:" in page and "läuft seit" in page and "eröffnet" in page
    play_to_end(org, rec)
    st = state(rec)
    expected = [r["name"] for r in knockout_ranking_rows(st)]
    assert len(expected) == 9
    org.get(f"/turniere/{rec.pk}/")  # shows (and so clears) the pending messages
    page = text(org.get(f"/turniere/{rec.pk}/endstand/"))
    page = page[page.index("<table") :]
    positions = [page.index(name) for name in expected]
    assert positions == sorted(positions)
    tables = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert "großes Finale" in tables and "Beendete Tische" in tables and "<details" in tables
    standings = text(org.get(f"/turniere/{rec.pk}/leben/"))
    rows = re.findall(r'<td class="n">(\d+)</td>\s*<td>([^<]+)</td>', standings)
    assert [name for _, name in rows] == expected
    assert any("Spiel verloren" in line for line in logged(rec))


@pytest.mark.django_db
def test_the_pages_are_public_but_changes_need_a_login(client: Client, org: Client) -> None:
    rec = create(org, NAMES[:4])
    pay_all(org, rec)
    anon = Client()
    for path in ("anmeldung/", "ko-tische/", "leben/"):
        r = anon.get(f"/turniere/{rec.pk}/{path}")
        assert r.status_code == 200 and "Anna" in text(r)
        assert 'name="version"' not in text(r)
    for path in ("", "ko-tische/"):  # no organiser instructions for the public
        public, own = (
            text(anon.get(f"/turniere/{rec.pk}/{path}")),
            text(org.get(f"/turniere/{rec.pk}/{path}")),
        )
        for words in ("Als Nächstes", "Vorgeschlagene Tische", "Spielverlierer eintragen"):
            assert words not in public, (path, words)
        assert "Als Nächstes" in own or "Vorgeschlagene Tische" in own
    before = facts(rec)
    for path in (
        "anmeldung/neu/",
        "anmeldung/pay/",
        "ko-tische/eroeffnen/",
        "ko-tische/1/verloren/",
    ):
        r = anon.post(f"/turniere/{rec.pk}/{path}", {"names": "Zoe", "player": "p001"})
        assert r.status_code == 302 and "/anmelden/" in r["Location"]
    assert facts(rec) == before


@pytest.mark.django_db
def test_registration_refusals_save_nothing(org: Client) -> None:
    rec = create(org, NAMES[:3])
    before = facts(rec)
    for data, message in [
        ({"names": ""}, "Bitte Namen eingeben."),
        ({"names": "anna"}, "ist schon angemeldet"),
        ({"names": "Zoe\nZoe"}, "steht zweimal in der Spielerliste"),
        ({"names": "Zoe", "version": "x"}, "ganze Zahl"),
        ({"names": "Zoe", "version": "0"}, "Bitte die Seite neu laden"),
    ]:
        r = post(org, rec, "anmeldung/neu/", data)
        assert r.status_code == 200 and message in text(r), (data, text(r)[:3000])
        assert facts(rec) == before
    for kind, player, message in [
        ("pay", "nobody", "Den Spieler „nobody“ gibt es nicht."),
        ("checkin", "", "Bitte ausfüllen."),
    ]:
        r = post(org, rec, f"anmeldung/{kind}/", {"player": player})
        assert r.status_code == 200 and message in text(r)
    assert post(org, rec, "anmeldung/pay/", {"player": "p001"}).status_code == 302
    r = post(org, rec, "anmeldung/pay/", {"player": "p001"})
    assert "hat die Startgebühr schon bezahlt" in text(r)
    assert post(org, rec, "anmeldung/fly/", {"player": "p001"}).status_code == 404
    assert facts(rec) == before + 1


@pytest.mark.django_db
def test_after_the_deadline_only_with_the_override(org: Client) -> None:
    rec = create(org, [], day=date.today() - timedelta(days=1))
    page = text(org.get(f"/turniere/{rec.pk}/anmeldung/"))
    assert "Der Anmeldeschluss ist vorbei." in page
    r = post(org, rec, "anmeldung/neu/", {"names": "Anna"})
    assert r.status_code == 200 and "Anmeldeschluss war um 16:45 Uhr" in text(r)
    assert facts(rec) == 0
    r = post(org, rec, "anmeldung/neu/", {"names": "Anna", "late": "on", "paid": "on"})
    assert r.status_code == 302
    assert state(rec).players["p001"].paid


@pytest.mark.django_db
def test_a_withdrawn_player_is_not_seated(org: Client) -> None:
    rec = create(org, NAMES[:5])
    assert post(org, rec, "anmeldung/withdraw/", {"player": "p005"}).status_code == 302
    pay_all(org, rec)
    assert post(org, rec, "ko-tische/eroeffnen/", {}).status_code == 302
    st = state(rec)
    assert st.players["p005"].status == "withdrawn" and len(st.open_tables()[0].players) == 4


@pytest.mark.django_db
def test_table_refusals_save_nothing(org: Client) -> None:
    rec = create(org, NAMES[:8])
    r = post(org, rec, "ko-tische/eroeffnen/", {})
    assert r.status_code == 200 and "Gerade ist kein Tisch zu eröffnen" in text(r)
    pay_all(org, rec)
    before = facts(rec)
    for data, message in [
        ({}, "Bitte die Spieler des Tisches wählen."),
        ({"players": ["p001", "p002"]}, "nicht 2"),
        ({"players": ["p001", "p002", "p003"], "bracket": "mond"}, "„mond“ ist keine Runde."),
        ({"players": ["p001", "p002", "p999"]}, "„p999“ wartet nicht auf einen Tisch."),
    ]:
        r = post(org, rec, "ko-tische/von-hand/", data)
        assert r.status_code == 200 and message in text(r), (data, text(r)[-3000:])
    assert facts(rec) == before
    r = post(org, rec, "ko-tische/von-hand/", {"players": ["p001", "p002", "p003"]})
    assert r.status_code == 302
    assert post(org, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
    before = facts(rec)
    token = table_token(state(rec), 1)
    for table, data, message in [
        (9, {"player": "p001", "state": "x"}, "Den Tisch 9 gibt es nicht."),
        (1, {"player": "p005", "state": token}, "sitzt nicht dort"),
        (1, {"player": "p001", "state": "1:p001=1"}, "An Tisch 1 wurde inzwischen etwas"),
        (1, {"state": token}, "Bitte einen Spieler wählen."),
        (1, {"player": "p001"}, "Bitte einen Spieler wählen."),
    ]:
        r = post(org, rec, f"ko-tische/{table}/verloren/", data)
        assert r.status_code == 200 and message in text(r), (data, text(r)[-3000:])
    assert facts(rec) == before


@pytest.mark.django_db
def test_two_tables_at_once_are_both_accepted_and_a_changed_table_is_refused(org: Client) -> None:
    rec = create(org, NAMES[:8])
    pay_all(org, rec)
    assert post(org, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
    st = state(rec)
    version = rec.version
    forms = {t.number: (t.remaining[0], table_token(st, t.number)) for t in st.open_tables()}
    assert len(forms) == 2
    for table, (pid, token) in forms.items():
        data = {"player": pid, "state": token, "version": version}
        r = org.post(f"/turniere/{rec.pk}/ko-tische/{table}/verloren/", data)
        assert r.status_code == 302
    before = facts(rec)
    pid, token = forms[1]
    data = {"player": pid, "state": token, "version": version}
    r = org.post(f"/turniere/{rec.pk}/ko-tische/1/verloren/", data)
    page = text(r)
    assert r.status_code == 200 and "An Tisch 1 wurde inzwischen etwas eingetragen" in page
    assert "Tisch 1: Spiel verloren: Anna" in page and "Jetzt: Anna 1" in page
    assert facts(rec) == before


@pytest.mark.django_db
def test_a_finished_table_takes_no_more_losers(org: Client) -> None:
    rec = create(org, NAMES[:4])
    pay_all(org, rec)
    post(org, rec, "ko-tische/eroeffnen/", {})
    for pid in ("p001", "p001", "p002", "p002"):
        assert lose(org, rec, 1, pid).status_code == 302
    st = state(rec)
    assert not st.tables[1].is_open
    before = facts(rec)
    r = lose(org, rec, 1, "p003")
    assert r.status_code == 200 and "Tisch 1 ist schon geschlossen." in text(r)
    assert facts(rec) == before


@pytest.mark.django_db
def test_correction_undo_and_stale_forms(org: Client) -> None:
    rec = create(org, NAMES[:4])
    pay_all(org, rec)
    post(org, rec, "ko-tische/eroeffnen/", {})
    assert lose(org, rec, 1, "p001").status_code == 302
    rec.refresh_from_db()
    last = rec.version
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert f"Nr. {last} – Tisch 1: Spiel verloren: Anna" in page
    before = facts(rec)
    for data, message in [
        ({"player": "p002", "corrects": "1"}, "Fakt 1 ist kein verlorenes Spiel an Tisch 1."),
        ({"player": "p002", "corrects": "zwei"}, "Bitte eine ganze Zahl."),
        ({"player": "p009", "corrects": str(last)}, "Den Spieler „p009“ gibt es nicht."),
    ]:
        r = post(org, rec, "ko-tische/1/korrektur/", data)
        assert r.status_code == 200 and message in text(r), (data, text(r)[-3000:])
    assert facts(rec) == before
    r = post(org, rec, "ko-tische/1/korrektur/", {"player": "p002", "corrects": str(last)})
    assert r.status_code == 302
    st = state(rec)
    assert st.players["p001"].chips == 2 and st.players["p002"].chips == 1
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert "Letzten Eintrag zurücknehmen" in page and "korrigiert Nr." in page
    r = org.post(f"/turniere/{rec.pk}/ko-tische/zuruecknehmen/", {"version": 1, "target": 1})
    assert r.status_code == 200 and "Bitte die Seite neu laden" in text(r)
    r = post(org, rec, "ko-tische/zuruecknehmen/", {"target": 1})
    assert r.status_code == 200 and "Der letzte Eintrag ist inzwischen Nr." in text(r)
    assert facts(rec) == before + 1
    r = post(org, rec, "ko-tische/zuruecknehmen/", {"target": rec.version})
    assert r.status_code == 302
    st = state(rec)
    assert st.players["p001"].chips == 1 and st.players["p002"].chips == 2
    assert any("zurückgenommen: Tisch 1" in line for line in logged())


@pytest.mark.django_db
def test_schock_out_and_donations(org: Client) -> None:
    rec = create(org, NAMES[:4])
    pay_all(org, rec)
    post(org, rec, "ko-tische/eroeffnen/", {})
    assert post(org, rec, "ko-tische/schock-aus/", {"player": "p002"}).status_code == 302
    rec.refresh_from_db()
    plain = rec.version
    r = post(org, rec, "ko-tische/schock-aus/", {"player": "p003", "donated": "on"})
    assert r.status_code == 302
    st = state(rec)
    assert list(st.donations) == [plain + 1] and st.schock_outs[plain].table == 1
    before = facts(rec)
    for path, data, message in [
        ("schock-aus/", {"player": "Niemand"}, "Den Spieler „Niemand“ gibt es nicht."),
        ("spende/", {"schock_out": "1"}, "Fakt 1 ist kein Schock aus."),
        ("spende/", {"schock_out": str(plain + 1)}, "ist schon gespendet"),
        ("spende/", {"schock_out": "viel"}, "Bitte eine ganze Zahl."),
    ]:
        r = post(org, rec, "ko-tische/" + path, data)
        assert r.status_code == 200 and message in text(r), (data, text(r)[-3000:])
    assert facts(rec) == before
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert re.search(r'id="kings">Clara<', page) and "3,00 €" in page
    assert post(org, rec, "ko-tische/spende/", {"schock_out": str(plain)}).status_code == 302
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert re.search(r'id="kings">Bernd, Clara<', page) and "6,00 €" in page


@pytest.mark.django_db
def test_english_pages(org: Client) -> None:
    rec = create(org, NAMES[:4])
    org.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = text(org.get(f"/turniere/{rec.pk}/anmeldung/"))
    assert "Register players" in page and "entry fee paid" in page
    r = post(org, rec, "anmeldung/pay/", {"player": "nobody"})
    assert "there is no player 'nobody'." in text(r)
