"""A tournament filled online only: created with no players, every page of it answers, the
draw refuses with the reason until enough have signed up, then it draws them."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from fuzzhelpers import Seen, tournament_pages
from webhelpers import create, fresh, organiser, preview_seed, release, text

from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.core.domain import setup
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.player.models import Arrival, SignUp, SignUpDesk

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_a_tournament_without_players_answers_everywhere_and_fills_online() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "king-lui", 0)
    assert rec.players == []
    first = {"names": "Zacharias", "version": rec.version}  # the organisers may add by hand
    assert client.post(f"/turniere/{rec.pk}/spieler/", first).status_code == 302
    assert [p["id"] for p in fresh(rec.pk).players] == ["p001"]
    gone = {"version": fresh(rec.pk).version}
    assert client.post(f"/turniere/{rec.pk}/spieler/p001/entfernen/", gone).status_code == 302
    rec = fresh(rec.pk)
    tournament_pages(client, rec, Seen())
    for path in (f"/turniere/{rec.pk}/", f"/turniere/{rec.pk}/stand/",
                 f"/api/v1/tournaments/{rec.pk}/standings", f"/einbetten/turniere/{rec.pk}/stand/",
                 f"/turniere/{rec.pk}/spieler/", f"/turniere/{rec.pk}/mitspielen/"):  # fmt: skip
        assert Client().get(path).status_code == 200, path
    blocked = text(client.get(f"/turniere/{rec.pk}/auslosung/"))
    assert "Noch keine Spieler" in blocked  # the reason, and no draw to release
    refused = release(client, rec.pk, 4711)
    assert refused.status_code in (200, 302) and not setup.started(rec)
    desk = {"open": "on", "capacity": "", "club_code": ""}
    client.post(f"/turniere/{rec.pk}/online-anmeldung/", desk)
    for name in ("Anna", "Bernd", "Carla", "Dora"):
        data = {"name": name, "email": "", "note": "", "code": "", "website": ""}
        assert Client().post(f"/turniere/{rec.pk}/mitspielen/", data).status_code == 302
    drawn = release(client, rec.pk, preview_seed(client, rec.pk)[0])
    assert drawn.status_code == 302 and setup.started(rec), text(drawn)
    assert [p["name"] for p in TournamentRecord.objects.get(pk=rec.pk).players] == [
        "Anna", "Bernd", "Carla", "Dora"]  # fmt: skip


def test_a_list_that_is_given_must_still_seat_everybody() -> None:
    client = Client()
    organiser(client)
    answer = client.post("/turniere/neu/", {"preset": "king-lui", "players": "Anna\nBernd"})
    assert answer.status_code == 200 and "mindestens 3 Spieler" in text(answer)


def desk_page(client: Client, pk: int, **data: str) -> Any:
    """Send the organisers' sign-up settings (follow the redirect)."""
    return client.post(f"/turniere/{pk}/online-anmeldung/", data, follow=True)


def test_a_refused_number_of_places_stays_in_the_field_and_too_few_places_warn() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 6)
    refused = desk_page(client, rec.pk, open="on", capacity="zwölf", club_code="Würfel")
    page = text(refused)
    assert 'value="zwölf"' in page and 'id="capacity-error"' in page and 'value="Würfel"' in page
    assert not SignUpDesk.objects.exists()  # nothing stored
    warned = text(desk_page(client, rec.pk, open="on", capacity="4", club_code=""))
    assert "Es sind schon 6 Spieler eingetragen, mehr als die 4 Plätze" in warned
    assert SignUpDesk.objects.get().capacity == 4
    assert len(TournamentRecord.objects.get().players) == 6
    quiet = text(desk_page(client, rec.pk, open="on", capacity="8", club_code=""))
    assert "Es sind schon" not in quiet


def test_known_names_are_offered_at_the_desk_and_the_organiser_confirms() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 3)
    anna = Person.objects.create(name="Anna Berger", member=True)
    Person.objects.create(name="Jan Ott", member=True)
    desk_page(client, rec.pk, open="on", capacity="", club_code="")
    for name in ("anna  berger", "Jan Ot"):  # the same name, and one that looks alike
        data = {"name": name, "email": "", "note": "", "code": "", "website": ""}
        Client().post(f"/turniere/{rec.pk}/mitspielen/", data)
    page = text(client.get(f"/turniere/{rec.pk}/online-anmeldung/"))
    assert "mit Anna Berger verknüpfen" in page and "mit Jan Ott verknüpfen?" in page
    made = SignUp.objects.get(name="anna berger")
    data = {"player": made.player, "person": anna.pk, "back": "sign-ups"}
    linked = client.post(f"/turniere/{rec.pk}/personen/verknuepfen/", data)
    assert linked["Location"] == f"/turniere/{rec.pk}/online-anmeldung/"
    assert PlayerLink.objects.get(tournament=rec, player=made.player).person == anna
    page = text(client.get(f"/turniere/{rec.pk}/online-anmeldung/"))
    assert f'href="/personen/{anna.pk}/"' in page  # the confirmed person, with "lösen"


def form_data(name: str, **more: str) -> dict[str, str]:
    """The public form as a visitor fills it."""
    return {"name": name, "email": "", "note": "", "code": "", "website": ""} | more


def test_a_number_given_up_is_never_given_again_and_the_log_names_the_player() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 3)
    desk_page(client, rec.pk, open="on", capacity="", club_code="")
    dora = Client()
    answer = dora.post(f"/turniere/{rec.pk}/mitspielen/", form_data("Dora"))
    first = SignUp.objects.get(name="Dora")
    assert first.player == "p004"
    Arrival.objects.create(tournament=rec, player="p004")  # Dora was checked in, then left
    dora.post(answer["Location"], {"action": "cancel"})
    Client().post(f"/turniere/{rec.pk}/mitspielen/", form_data("Emil"))
    assert SignUp.objects.get(name="Emil").player == "p005"  # not Dora's number
    added = {"names": "Frieda", "version": fresh(rec.pk).version}
    client.post(f"/turniere/{rec.pk}/spieler/", added)
    assert [p["id"] for p in fresh(rec.pk).players][-2:] == ["p005", "p006"]
    assert not Arrival.objects.filter(tournament=rec, player="p004").exists()  # gone with her
    version = {"version": fresh(rec.pk).version}
    client.post(f"/turniere/{rec.pk}/spieler/p006/entfernen/", version)  # the highest, by hand
    client.post(f"/turniere/{rec.pk}/spieler/", {"names": "Gustav", **version} | {
        "version": fresh(rec.pk).version})  # fmt: skip
    assert [p["id"] for p in fresh(rec.pk).players][-1] == "p007"  # not Frieda's p006 again
    log = text(client.get(f"/turniere/{rec.pk}/protokoll/"))
    assert "Online-Anmeldung zurückgezogen: Dora" in log
    desk = text(client.get(f"/turniere/{rec.pk}/online-anmeldung/"))
    row = desk.split(">Dora</td>", 1)[1].split("</tr>", 1)[0]
    assert "zurückgezogen" in row and "✓" not in row


def test_the_form_forgives_how_a_phone_types_the_code_and_knows_names_in_other_spelling() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 3)  # Anna, Bernd, Clara (names(3))
    desk_page(client, rec.pk, open="on", capacity="", club_code="Würfel 7")
    form = f"/turniere/{rec.pk}/mitspielen/"
    empty = text(Client().post(form, form_data("Xaver")))
    assert "Bitte gib den Vereinscode ein." in empty
    assert Client().post(form, form_data("Xaver", code=" würfel  7 ")).status_code == 302
    name = fresh(rec.pk).players[0]["name"]
    folded = name.upper().replace("Ä", "AE").replace("Ö", "OE").replace("Ü", "UE")
    twice = text(Client().post(form, form_data(folded + "́", code="Würfel 7")))
    assert "ist schon angemeldet" in twice
    phone = Client()
    for who in ("Yara", "Zeno", "Quirin"):
        assert phone.post(form, form_data(who, code="Würfel 7")).status_code == 302
    fourth = text(phone.post(form, form_data("Ulf", code="Würfel 7")))
    assert -1 < fourth.index("drei Spieler") < fourth.index('name="name"')  # above the form


def test_an_empty_tournament_says_to_enter_players_and_the_desk_says_when_it_closed() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "king-lui", 0)
    overview = text(client.get(f"/turniere/{rec.pk}/"))
    assert "Spieler eintragen: 0 Spieler lassen sich" in overview
    assert 'id="ranking-csv"' not in overview  # no final ranking to download yet
    assert f'href="/turniere/{rec.pk}/spieler/"' in overview
    draw = text(client.get(f"/turniere/{rec.pk}/auslosung/"))
    assert 'id="to-sign-up"' in draw and 'id="to-players"' in draw
    desk_page(client, rec.pk, open="on", capacity="", club_code="")
    made = [Client().post(f"/turniere/{rec.pk}/mitspielen/", form_data(n)) for n in
            ("Anna", "Bernd", "Carla", "Dora")]  # fmt: skip
    shown = text(Client().get(made[0]["Location"]))
    assert "Online angemeldet: Du hast einen Platz." in shown
    release(client, rec.pk, preview_seed(client, rec.pk)[0])
    desk = text(client.get(f"/turniere/{rec.pk}/online-anmeldung/"))
    assert "die erste Auslosung ist gemacht" in desk and 'value="no-shows"' not in desk
