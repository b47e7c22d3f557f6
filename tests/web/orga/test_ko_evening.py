"""Format D through the evening: create after the deadline, fees of all present, hall tables."""

from __future__ import annotations

import html
import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from webhelpers import logged

from tafelrunde.engine.knockout import KnockoutState, PayFees, Status
from tafelrunde.engine.knockout.actions import table_token
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import FactRecord, TournamentRecord

pytestmark = [pytest.mark.integration]

NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gustav", "Hanna", "Ida", "Jule"]
NEXT_WEEK = date.today() + timedelta(days=7)


@pytest.fixture
def org(client: Client) -> Client:
    client.force_login(User.objects.create_user("leitung", password="geheim-123"))
    return client


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


def create(client: Client, names: list[str], day: date = NEXT_WEEK, **more: str) -> Any:
    data = {"name": "Schockabend", "preset": "schocken-ko", "players": "\n".join(names)}
    return client.post("/turniere/neu/", data | {"event": "", "day": day.isoformat()} | more)


def created(client: Client, names: list[str], **more: str) -> TournamentRecord:
    r = create(client, names, **more)
    assert r.status_code == 302, text(r)[:3000]
    return TournamentRecord.objects.latest("pk")


def state(rec: TournamentRecord) -> KnockoutState:
    rec.refresh_from_db()
    return engine_tournament(rec).state()  # type: ignore[union-attr]


def post(client: Client, rec: TournamentRecord, path: str, data: dict[str, Any]) -> Any:
    rec.refresh_from_db()
    return client.post(f"/turniere/{rec.pk}/{path}", {"version": rec.version} | data)


def facts(rec: TournamentRecord) -> int:
    return FactRecord.objects.filter(tournament=rec).count()


def lose(client: Client, rec: TournamentRecord, table: int, pid: str) -> Any:
    token = table_token(state(rec), table)
    return post(client, rec, f"ko-tische/{table}/verloren/", {"player": pid, "state": token})


def knock_out(client: Client, rec: TournamentRecord, table: int, pid: str) -> None:
    while pid in state(rec).tables[table].remaining:
        assert lose(client, rec, table, pid).status_code == 302


# -- creating ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_create_form_offers_the_times_and_the_override(org: Client) -> None:
    page = text(org.get("/turniere/neu/"))
    assert "Nur Format D (Schocken-K.-o.)" in page and "Anmeldeschluss übergehen" in page
    for name, value in (("admission", "16:30"), ("deadline", "16:45"), ("start", "17:00")):
        assert re.search(rf'type="time" name="ko-{name}" value="{value}"', page), name


@pytest.mark.django_db
def test_after_the_deadline_the_form_says_so_and_the_override_registers(org: Client) -> None:
    yesterday = date.today() - timedelta(days=1)
    before = TournamentRecord.objects.count()
    r = create(org, NAMES[:4], day=yesterday)
    page = text(r)
    assert r.status_code == 200 and TournamentRecord.objects.count() == before
    field = page[page.index('id="field-override_deadline"') :]
    field = field[: field.index("</div>\n</div>") if "</div>\n</div>" in field else 2000]
    assert "Der Anmeldeschluss (16:45 Uhr) ist vorbei" in field
    assert "„Anmeldeschluss übergehen“ ankreuzen" in field
    rec = created(org, NAMES[:4], day=yesterday, **{"ko-override_deadline": "on"})
    st = state(rec)
    assert len(st.players) == 4
    regs = [f.data for f in FactRecord.objects.filter(tournament=rec)]
    assert all(d.get("override_deadline") for d in regs)
    assert any("nach dem Anmeldeschluss angemeldet" in line for line in logged(rec))
    log = text(org.get(f"/turniere/{rec.pk}/protokoll/"))
    assert "Anmeldung Anna (nach Anmeldeschluss)" in log


@pytest.mark.django_db
def test_without_players_or_before_the_deadline_no_override_is_needed(org: Client) -> None:
    yesterday = date.today() - timedelta(days=1)
    rec = created(org, [], day=yesterday)
    assert state(rec).players == {}
    rec = created(org, NAMES[:4])
    regs = [f.data for f in FactRecord.objects.filter(tournament=rec)]
    assert len(regs) == 4 and not any(d.get("override_deadline") for d in regs)


@pytest.mark.django_db
def test_the_times_are_fields_and_are_checked(org: Client) -> None:
    times = {"ko-admission": "18:30", "ko-deadline": "18:50", "ko-start": "19:05"}
    rec = created(org, NAMES[:4], **times)
    rules = engine_tournament(rec).rules  # type: ignore[union-attr]
    assert (rules.admission, rules.deadline, rules.start) == (66600, 67800, 68700)
    page = text(org.get(f"/turniere/{rec.pk}/anmeldung/"))
    assert "Einlass 18:30" in page and "Anmeldeschluss 18:50" in page and "Beginn 19:05" in page
    before = TournamentRecord.objects.count()
    r = create(org, NAMES[:4], **{"ko-deadline": "20:00", "ko-start": "19:00"})
    assert r.status_code == 200 and TournamentRecord.objects.count() == before
    page = text(r)
    field = page[page.index('id="field-deadline"') :][:1500]
    assert "Einlass ≤ Anmeldeschluss ≤ Turnierstart." in field
    r = create(org, NAMES[:4], **{"ko-start": "25:99"})
    assert "Bitte eine Uhrzeit wie 16:45 eingeben." in text(r)
    r = org.post(
        "/turniere/neu/",
        {"name": "A", "preset": "gruppenmodus", "players": "\n".join(NAMES[:6]), "event": "",
         "ko-deadline": "20:00"},
    )  # fmt: skip
    assert r.status_code == 200 and "nur bei Format D" in text(r)
    assert TournamentRecord.objects.count() == before


# -- fees --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_all_present_players_are_marked_paid_after_asking(org: Client) -> None:
    rec = created(org, NAMES[:6])
    assert post(org, rec, "anmeldung/pay/", {"player": "p002"}).status_code == 302
    assert post(org, rec, "anmeldung/withdraw/", {"player": "p006"}).status_code == 302
    page = text(org.get(f"/turniere/{rec.pk}/anmeldung/"))
    form = page[page.index('id="pay-all"') - 400 : page.index('id="pay-all"') + 900]
    assert "Alle Anwesenden als bezahlt markieren (4)" in form
    question = re.search(r'data-confirm="([^"]+)"', form)
    assert question is not None
    assert question.group(1) == (
        "Startgebühr als bezahlt markieren – alle 4 Anwesenden: Anna, Clara, Dieter, Emil?"
    )
    count = facts(rec)
    assert post(org, rec, "anmeldung/alle-bezahlt/", {}).status_code == 302
    assert facts(rec) == count + 1  # one entry, one undo takes it back
    st = state(rec)
    assert [p.paid for p in st.players.values()] == [True] * 5 + [False]
    assert any("alle Anwesenden (4): Anna, Clara, Dieter, Emil" in x for x in logged(rec))
    page = text(org.get(f"/turniere/{rec.pk}/anmeldung/"))
    assert 'id="pay-all"' not in page and "50,00 €" in page
    r = post(org, rec, "anmeldung/alle-bezahlt/", {})  # from an old page: nothing left
    assert r.status_code == 200 and facts(rec) == count + 1
    assert "Alle Anwesenden haben die Startgebühr schon bezahlt." in text(r)


@pytest.mark.django_db
def test_a_stale_pay_all_form_is_refused(org: Client) -> None:
    rec = created(org, NAMES[:4])
    rec.refresh_from_db()
    old = rec.version
    assert post(org, rec, "anmeldung/neu/", {"names": "Zoe"}).status_code == 302
    r = org.post(f"/turniere/{rec.pk}/anmeldung/alle-bezahlt/", {"version": old})
    assert r.status_code == 200 and not any(p.paid for p in state(rec).players.values())


@pytest.mark.django_db
def test_a_fee_mark_is_taken_back_until_the_player_is_seated(org: Client) -> None:
    rec = created(org, NAMES[:5])
    assert post(org, rec, "anmeldung/alle-bezahlt/", {}).status_code == 302
    page = text(org.get(f"/turniere/{rec.pk}/anmeldung/"))
    assert page.count("„bezahlt“ zurücknehmen") == 5
    assert post(org, rec, "anmeldung/unpay/", {"player": "p005"}).status_code == 302
    p = state(rec).players["p005"]
    assert not p.paid and p.status is Status.REGISTERED
    assert any("Vermerk „Startgebühr bezahlt“ zurückgenommen: Emil" in x for x in logged(rec))
    assert post(org, rec, "ko-tische/eroeffnen/", {}).status_code == 302
    page = text(org.get(f"/turniere/{rec.pk}/anmeldung/"))
    assert "„bezahlt“ zurücknehmen" not in page  # the four are seated, Emil has not paid
    count = facts(rec)
    r = post(org, rec, "anmeldung/unpay/", {"player": "p001"})
    assert r.status_code == 200 and facts(rec) == count
    assert "„Anna“ hat schon an einem Tisch gespielt; die Startgebühr bleibt bezahlt." in text(r)
    r = post(org, rec, "anmeldung/unpay/", {"player": "p005"})
    assert "„Emil“ hat die Startgebühr nicht bezahlt" in text(r) and facts(rec) == count


@pytest.mark.django_db
def test_pay_all_undone_from_the_tables_page(org: Client) -> None:
    rec = created(org, NAMES[:4])
    assert post(org, rec, "anmeldung/alle-bezahlt/", {}).status_code == 302
    rec.refresh_from_db()
    tour = engine_tournament(rec)
    last = tour.facts[-1]
    assert isinstance(last, PayFees)
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert "Startgebühr bezahlt, alle Anwesenden (4)" in page
    assert post(org, rec, "ko-tische/zuruecknehmen/", {"target": last.n}).status_code == 302
    assert not any(p.paid for p in state(rec).players.values())


# -- hall tables -------------------------------------------------------------------------


@pytest.mark.django_db
def test_tables_take_the_lowest_free_hall_number_and_a_full_hall_waits(org: Client) -> None:
    client = Client()  # somebody not logged in
    rec = created(org, [*NAMES, "Karl", "Lena"])
    assert post(org, rec, "anmeldung/alle-bezahlt/", {}).status_code == 302
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert "nicht eingetragen" in page
    assert post(org, rec, "ko-tische/halle/", {"count": "2"}).status_code == 302
    assert post(org, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
    st = state(rec)
    assert sorted(t.place for t in st.open_tables()) == [1, 2] and len(st.open_tables()) == 2
    page = text(org.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert "Die Halle hat 2 Tische; belegt: 2." in page
    assert "Alle Tische der Halle (2) sind belegt" in page
    assert re.search(r'class="hall-table">Tisch 1<', page)
    assert re.search(r'class="hall-table">Tisch 2<', page)
    r = post(org, rec, "ko-tische/eroeffnen/", {})
    assert r.status_code == 200 and "kein Tisch zu eröffnen" in text(r)
    r = post(org, rec, "ko-tische/halle/", {"count": "1"})
    assert "An Tisch 2 wird noch gespielt" in text(r) and state(rec).hall_tables == 2
    r = post(org, rec, "ko-tische/halle/", {"count": "0"})
    assert "Die Halle braucht mindestens 1 Tisch." in text(r)
    r = post(org, rec, "ko-tische/halle/", {"count": "viele"})
    assert "Bitte eine ganze Zahl." in text(r)
    first = st.tables[1]
    knock_out(org, rec, 1, first.players[0])
    knock_out(org, rec, 1, first.players[1])  # hall table 1 is free again
    assert post(org, rec, "ko-tische/eroeffnen/", {}).status_code == 302
    st = state(rec)
    assert st.tables[3].place == 1 and st.tables[3].is_open
    public = text(client.get(f"/turniere/{rec.pk}/ko-tische/"))
    assert re.search(r'class="hall-table">Tisch 1<', public) and "ko-tische/halle" not in public
    lives = text(client.get(f"/turniere/{rec.pk}/leben/"))
    seated = st.tables[3].players[0]
    row = lives[lives.index(st.players[seated].name) :]
    row = row[: row.index("</tr>")]
    assert re.search(r'<td class="n">1</td>', row)
    log = text(org.get(f"/turniere/{rec.pk}/protokoll/"))
    assert "Tisch 1 eröffnet (Hauptrunde)" in log and "Tische in der Halle: 2" in log


# -- the lives page ----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_lives_page_says_so_far_until_the_grand_final_is_known(org: Client) -> None:
    client = Client()  # somebody not logged in
    rec = created(org, NAMES[:8])
    assert post(org, rec, "anmeldung/alle-bezahlt/", {}).status_code == 302
    assert post(org, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
    page = text(client.get(f"/turniere/{rec.pk}/leben/"))
    assert page.count("✓ derzeit weiter") == 8 and "weiter?" in page
    for _ in range(400):  # play until somebody has no lives left
        st = state(rec)
        if st.eliminated or st.finished:
            break
        tables = st.open_tables()
        if not tables:
            assert post(org, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
            continue
        assert lose(org, rec, tables[0].number, tables[0].remaining[0]).status_code == 302
    st = state(rec)
    out = st.players[st.eliminated[0]].name
    page = text(client.get(f"/turniere/{rec.pk}/leben/"))
    row = page[page.index(f"<td>{out}</td>") :]
    row = row[: row.index("</tr>")]
    assert "derzeit nicht weiter" in row and "keine Leben mehr" in row
    assert "ausgeschieden" not in row
    assert "die zuletzt Ausgeschiedenen können das große Finale noch auffüllen" in page
    for _ in range(600):
        st = state(rec)
        if st.finished:
            break
        tables = st.open_tables()
        if not tables:
            assert post(org, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
            continue
        assert lose(org, rec, tables[0].number, tables[0].remaining[0]).status_code == 302
    st = state(rec)
    assert st.finished
    page = text(client.get(f"/turniere/{rec.pk}/leben/"))
    assert "derzeit" not in page
    assert page.count(">ausgeschieden<") == len(st.eliminated) > 0
