"""Events; who may change what; forms from elsewhere, nonsense fields; German and English."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client
from webhelpers import (
    counts,
    create,
    enter_result,
    fresh,
    organiser,
    play_to_end,
    release,
    result_data,
    result_form,
    state_of,
    text,
)

from tafelrunde.web.core.models import Event, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def organised(**kwargs: object) -> Client:
    client = Client(**kwargs)  # type: ignore[arg-type]
    organiser(client)
    return client


# -- events -----------------------------------------------------------------------------


def test_events_are_created_edited_and_deleted() -> None:
    client = organised()
    response = client.post("/termine/neu/", {"name": "Vereinsabend", "date": "2099-03-06"})
    assert response.status_code == 302 and response["Location"] == "/"
    response = client.post("/termine/neu/", {"name": "Sommerfest", "date": ""}, follow=True)
    page = text(response)
    assert "Termin gespeichert." in page
    assert "Vereinsabend – Freitag, 6. März 2099" in page
    assert "Sommerfest – Termin steht noch nicht fest" in page
    assert page.index("Vereinsabend") < page.index("Sommerfest")  # no date: last
    club = Event.objects.get(name="Vereinsabend")
    fest = Event.objects.get(name="Sommerfest")
    assert fest.date is None

    # a tournament of the event, created from the event's link
    form = client.get(f"/turniere/neu/?event={club.pk}")
    assert f'<option value="{club.pk}" selected>' in text(form)
    rec = create(client, "alhambra", 8, event=str(club.pk))
    assert rec.event == club
    assert rec.name in text(Client().get("/"))  # the public sees it under the event

    response = client.post(f"/termine/{club.pk}/", {"name": "Clubabend", "date": "2099-03-07"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.name == "Clubabend" and club.date.isoformat() == "2099-03-07"
    edit = text(client.get(f"/termine/{club.pk}/"))
    assert 'value="Clubabend"' in edit and 'value="2099-03-07"' in edit

    response = client.post(f"/termine/{club.pk}/loeschen/", follow=True)
    assert "Termin gelöscht; seine Turniere bleiben erhalten." in text(response)
    assert not Event.objects.filter(pk=club.pk).exists()
    assert fresh(rec.pk).event is None
    assert rec.name in text(client.get("/"))  # now among the tournaments without an event


def test_an_invalid_event_is_refused() -> None:
    client = organised()
    before = counts()
    page = text(client.post("/termine/neu/", {"name": "Vereinsabend", "date": "31.02.2099"}))
    assert "Bitte ein gültiges Datum." in page
    page = text(client.post("/termine/neu/", {"name": "", "date": "2099-01-01"}))
    assert "Bitte ausfüllen." in page
    assert counts() == before
    assert client.get("/termine/999/").status_code == 404
    assert client.post("/termine/999/loeschen/").status_code == 404


# -- who may change what ----------------------------------------------------------------


def test_every_change_needs_an_organiser() -> None:
    boss = organised()
    event = Event.objects.create(name="Vereinsabend")
    rec = create(boss, "gruppenmodus", 9)
    assert release(boss, rec.pk, 5).status_code == 302
    enter_result(boss, rec.pk, 1, 1, random.Random(1))
    form = result_form(boss, rec.pk, 1, 2)
    data = result_data(state_of(rec.pk), 1, 2, form, random.Random(2))
    version = fresh(rec.pk).version
    pk = rec.pk
    posts = {
        "/termine/neu/": {"name": "Fremd"},
        f"/termine/{event.pk}/": {"name": "Fremd"},
        f"/termine/{event.pk}/loeschen/": {},
        "/turniere/neu/": {"preset": "alhambra", "players": "A\nB\nC\nD"},
        "/turniere/laden/": {"event": ""},
        f"/turniere/{pk}/loeschen/": {},
        f"/turniere/{pk}/regeln/": {"text": "name = 1", "version": version},
        f"/turniere/{pk}/spieler/": {"names": "Zoe", "version": version},
        f"/turniere/{pk}/spieler/p001/entfernen/": {"version": version},
        f"/turniere/{pk}/auslosung/": {"seed": 1, "version": version},
        f"/turniere/{pk}/ergebnis/": data,
        f"/turniere/{pk}/stechen/": {"players": ["p001", "p002"], "auto": "1"},
        f"/turniere/{pk}/zuruecknehmen/": {"version": version},
    }
    before = counts()
    ruleset, players = fresh(pk).ruleset, fresh(pk).players
    anonymous = Client()
    for address, fields in posts.items():
        response = anonymous.post(address, fields)
        assert response.status_code == 302, address
        assert response["Location"].startswith("/anmelden/?next="), address
    assert counts() == before
    rec = fresh(pk)
    assert (rec.version, rec.ruleset, rec.players) == (version, ruleset, players)
    assert Event.objects.get(pk=event.pk).name == "Vereinsabend"
    # and the public pages show no forms that change anything
    for page in ("tische/", "spieler/", "regeln/", "auslosung/", ""):
        html = text(anonymous.get(f"/turniere/{pk}/{page}"))
        assert "zuruecknehmen" not in html and "ergebnis/" not in html and "<textarea" not in html
        assert 'id="release"' not in html


def test_a_form_without_its_token_is_refused_in_words() -> None:
    client = organised(enforce_csrf_checks=True)
    rec = create(organised(), "alhambra", 8)
    before = counts()
    for address, fields in [
        ("/turniere/neu/", {"preset": "alhambra", "players": "A\nB\nC\nD"}),
        (f"/turniere/{rec.pk}/auslosung/", {"seed": 1, "version": 0}),
        ("/termine/neu/", {"name": "Fremd"}),
    ]:
        response = client.post(address, fields)
        assert response.status_code == 403
        page = text(response)
        assert "Formular abgelaufen" in page and "Es wurde nichts gespeichert" in page
    assert counts() == before
    # with the token the same form goes through
    token = client.get("/turniere/neu/").cookies["csrftoken"].value
    fields = {"preset": "alhambra", "players": "A\nB\nC\nD", "csrfmiddlewaretoken": token}
    assert client.post("/turniere/neu/", fields).status_code == 302


def test_nonsense_in_the_fields_gets_a_message_not_an_error() -> None:
    client = organised(raise_request_exception=False)
    rec = create(client, "gruppenmodus", 8)
    pk = rec.pk
    assert release(client, pk, 5).status_code == 302
    form = result_form(client, pk, 1, 1)
    good = result_data(state_of(pk), 1, 1, form, random.Random(3))
    p = next(k for k in good if k.startswith("pips-"))[len("pips-") :]
    before = counts()
    cases = [
        (good | {"game": "x"}, "Diese Seite gibt es nicht"),
        (good | {"table": "99"}, "Tisch 99 gibt es nicht (1–2)."),
        (good | {"game": "99"}, "Durchgang 99 ist nicht ausgelost."),
        (good | {"basis": "abc"}, "Diese Seite gibt es nicht"),
        (good | {f"points-{p}": "abc"}, "„abc“ ist keine Zahl."),
        (good | {f"pips-{p}": "1,5"}, "„1,5“ ist keine ganze Zahl"),
        (good | {f"place-{p}": "erster"}, "„erster“ ist keine ganze Zahl"),
        (good | {f"points-{p}": "1e999"}, "„1e999“ ist keine Zahl."),
        (good | {f"points-{p}": "0,00000000000000001"}, "zu groß oder zu fein"),
        (good | {f"points-{p}": "99999999999999999999"}, "zu groß oder zu fein"),
        (good | {f"points-{p}": "1/3"}, "„1/3“ ist hier keine Zahl"),
        (good | {f"points-{p}": "٣"}, "„٣“ ist keine Zahl."),
        (good | {f"points-{p}": "-5"}, "mindestens 0"),
        (good | {f"pips-{p}": "²"}, "„²“ ist keine ganze Zahl"),
        (good | {f"pips-{p}": "1_000"}, "„1_000“ ist keine ganze Zahl"),
        (good | {f"pips-{p}": "9" * 4299}, "ist keine ganze Zahl"),
        (good | {f"pips-{p}": "1000000"}, "liegt nicht zwischen 0 und 999999"),
    ]
    for data, says in cases:
        response = client.post(f"/turniere/{pk}/ergebnis/", data)
        assert response.status_code < 500, data
        assert says in text(response), (says, data)
    typed = client.post(f"/turniere/{pk}/ergebnis/", good | {f"points-{p}": "abc"})
    assert "Spielpunkte von " in text(typed)  # the message names the player
    assert f'name="points-{p}" value="abc"' in text(typed)  # what was typed stays to fix it
    marked = rf'name="points-{p}"[^>]*aria-invalid="true" aria-describedby="refused-points-{p}">'
    told = rf'<span class="field-error" id="refused-points-{p}" role="alert">Spielpunkte von '
    at_field = re.search(marked + r".*" + told + "[^<]*„abc“ ist keine Zahl", text(typed), re.S)
    assert at_field, "the message stands at the refused field"
    assert text(typed).count('aria-invalid="true"') == 1  # only that field is marked
    for data, says in [
        ({"players": ["p001", "p002"], "auto": "1"}, "Dieses Stechen ist nicht (mehr) offen."),
        ({"players": ["p001", "p002"], "pos-1": "p001", "pos-2": "p001"}, "genau einmal"),
        ({"players": ["p001", "p002", "p003"], "pos-1": "p001"}, "genau einmal"),
        ({"players": ["p001", "p002"], "pos-1": "p001"}, "kein Stechen offen"),
        ({"players": ["p001", "p002"], "pos-1": "p002", "pos-2": "p001"}, "kein Stechen offen"),
        ({"players": ["zz"], "pos-1": "zz"}, "kein Stechen offen"),
    ]:
        response = client.post(f"/turniere/{pk}/stechen/", data)
        assert response.status_code < 500, data
        assert says in text(response), (says, data)
    for address, fields in [
        (f"/turniere/{pk}/auslosung/", {"seed": "abc", "version": "1"}),
        (f"/turniere/{pk}/auslosung/", {"seed": "1"}),
        (f"/turniere/{pk}/zuruecknehmen/", {"version": "x"}),
        (f"/turniere/{pk}/spieler/p001/entfernen/", {"version": ""}),
        (f"/turniere/{pk}/spieler/", {"names": "Zoe", "version": "x"}),
        (f"/turniere/{pk}/regeln/", {"text": "x", "version": "x"}),
    ]:
        response = client.post(address, fields)
        assert response.status_code < 500, address
    assert counts() == before
    assert client.get(f"/turniere/{pk}/auslosung/?seed=abc").status_code == 200
    assert client.get(f"/turniere/{pk}/auslosung/?seed=99999999999999").status_code == 200


def test_an_unknown_tournament_is_a_german_404_page() -> None:
    client = Client(raise_request_exception=False)
    for page in ("", "tische/", "stand/", "endstand/", "endstand.csv", "turnierdatei.json"):
        response = client.get(f"/turniere/9999/{page}")
        assert response.status_code == 404
        assert "Diese Seite gibt es nicht" in text(response)
    response = organised(raise_request_exception=False).post(
        "/turniere/9999/ergebnis/", {"game": 1, "table": 1, "basis": 0}
    )
    assert response.status_code == 404


def test_deleting_a_tournament_removes_it_with_its_facts() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    play_to_end(client, rec.pk, seed=2)
    response = client.post(f"/turniere/{rec.pk}/loeschen/", follow=True)
    assert "Turnier gelöscht." in text(response)
    assert not TournamentRecord.objects.exists()
    assert counts()[0] == 0


# -- language ---------------------------------------------------------------------------


def test_english_pages_and_refusals() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    response = client.post("/i18n/setlang/", {"language": "en", "next": f"/turniere/{rec.pk}/"})
    assert response.status_code == 302
    page = text(client.get(f"/turniere/{rec.pk}/"))
    assert ">Standings</a>" in page and ">Tables & results</a>" in page
    assert 'lang="en"' in page and "Übersicht" not in page
    rules = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    assert "Preliminary" in rules and "game 1 to 2" in rules
    assert "Players: 2" not in rules

    assert release(client, rec.pk, 5).status_code == 302
    stale = client.post(f"/turniere/{rec.pk}/zuruecknehmen/", {"version": 0}, follow=True)
    assert "Something else was entered meanwhile" in text(stale)
    early = client.post(f"/turniere/{rec.pk}/auslosung/", {"seed": 1, "version": 1}, follow=True)
    assert "Release the draw" not in text(early)
    bad = result_data(state_of(rec.pk), 1, 1, result_form(client, rec.pk, 1, 1), random.Random(1))
    p = next(k for k in bad if k.startswith("points-"))
    response = client.post(f"/turniere/{rec.pk}/ergebnis/", bad | {p: "abc"})
    assert "'abc' is not a number." in text(response)
    page = text(client.post("/turniere/neu/", {"preset": "", "players": "A\nB\nC"}))
    assert "Choose a preset or upload a ruleset file (not both)." in page
    assert "Standings" in text(client.get(f"/turniere/{rec.pk}/stand/"))

    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert ">Stand</a>" in text(client.get(f"/turniere/{rec.pk}/"))


def test_the_public_sees_the_role_not_the_organisers_login_name() -> None:
    client, login = Client(), "hannelore"
    organiser(client, login)
    rec = create(client, "gruppenmodus", 8)
    assert release(client, rec.pk, 5).status_code == 302
    for page in (f"/turniere/{rec.pk}/protokoll/", f"/turniere/{rec.pk}/turnierdatei.json"):
        assert login in client.get(page).content.decode()  # the organiser's log says who
        public = Client().get(page).content.decode()
        assert login not in public, page
        assert "Turnierleitung" in public, page
    data = json.loads(Client().get(f"/turniere/{rec.pk}/turnierdatei.json").content)
    assert {f["by"] for f in data["facts"]} == {"Turnierleitung"}
    assert {line["by"] for line in data["log"]} == {"Turnierleitung"}
