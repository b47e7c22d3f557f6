"""The person registry: persons with German refusals, suggestions, links of a tournament's
players, merges that keep every link, member lists from CSV and xlsx in two steps, hostile
files, the persons made for tournaments stored before, and who may use it all."""

from __future__ import annotations

import io
import re
import zipfile
from collections import Counter
from html import unescape

import pytest
from django.apps import apps as django_apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from rolehelpers import REFUSED, referee
from webhelpers import create, logged, organiser, text

from tafelrunde.engine.errors import RuleError
from tafelrunde.web.club.existing import link_existing, players_in
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.club.people import link, merge, suggest, unlink
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]


def organised() -> Client:
    client = Client()
    organiser(client)
    return client


def names_of(people: list[Person]) -> list[str]:
    return [p.name for p in people]


def errors(response: object) -> list[str]:
    """The refusals shown on a page."""
    return re.findall(r'<ul class="errorlist"[^>]*>\s*<li>(.*?)</li>', text(response), re.S)


def tournament(
    client: Client, players: list[str], preset: str = "gruppenmodus"
) -> TournamentRecord:
    """A tournament with these players, made through the form."""
    return create(client, preset, len(players), players="\n".join(players))


def plain(page: str) -> str:
    """A page's text without its tags, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split()).replace("( ", "(").replace(" )", ")")


def pid(rec: TournamentRecord, name: str) -> str:
    """The id of the player of this name."""
    return next(p for p, n in players_of(rec) if n == name)


# -- persons: create, edit, refusals ---------------------------------------------------------


def test_a_person_is_created_and_changed_with_refusals_at_the_field() -> None:
    client = organised()
    answer = client.post("/personen/neu/", {"name": "  ", "member": "1", "email": ""})
    assert answer.status_code == 400
    assert "Name: Bitte einen Namen eingeben." in errors(answer)
    answer = client.post("/personen/neu/", {"name": "Anna", "member": "1", "email": "kein@"})
    assert "E-Mail-Adresse: Das ist keine E-Mail-Adresse (etwa name@example.org)." in errors(answer)
    answer = client.post("/personen/neu/", {"name": "A" * 101, "member": "1"})
    assert any(e.startswith("Name: „AAAA") and "höchstens 100 Zeichen" in e for e in errors(answer))
    answer = client.post("/personen/neu/", {"name": "Anna", "member": "7"})
    assert "Mitglied oder Gast: Bitte eines wählen." in errors(answer)
    answer = client.post("/personen/neu/", {"name": "Anna\x07", "member": "1"})
    assert (
        answer.status_code == 400
        and "Name: enthält ein unzulässiges Zeichen (U+0007)." in errors(answer)
    )
    assert not Person.objects.exists()

    answer = client.post(
        "/personen/neu/", {"name": "  Anna   Müller ", "member": "0", "email": "anna@example.org"}
    )
    assert answer.status_code == 302
    anna = Person.objects.get()
    assert (anna.name, anna.member, anna.email) == ("Anna Müller", False, "anna@example.org")
    assert "Person angelegt: Anna Müller" in logged()
    page = text(client.get("/personen/"))
    assert "0 Mitglieder · 1 Gast" in page and "Anna Müller" in page
    assert "anna@example.org" not in page  # the address only in the person's form

    answer = client.post(f"/personen/{anna.pk}/bearbeiten/", {"name": "", "member": "1"})
    assert answer.status_code == 400 and "Name: Bitte einen Namen eingeben." in errors(answer)
    answer = client.post(
        f"/personen/{anna.pk}/bearbeiten/", {"name": "Anna Meier", "member": "1", "email": ""}
    )
    assert answer.status_code == 302
    anna.refresh_from_db()
    assert (anna.name, anna.member, anna.email) == ("Anna Meier", True, "")
    assert client.get("/personen/999/bearbeiten/").status_code == 404


def test_a_likely_duplicate_is_warned_about_and_stored_when_confirmed() -> None:
    client = organised()
    Person.objects.create(name="Jürgen Groß")
    answer = client.post("/personen/neu/", {"name": "JUERGEN GROSS", "member": "1"})
    assert answer.status_code == 400
    assert "Name: Es gibt schon eine Person mit ähnlichem Namen: Jürgen Groß." in errors(answer)
    assert 'type="checkbox" name="same_name"' in text(answer)
    assert Person.objects.count() == 1
    sent = {"name": "JUERGEN GROSS", "member": "1", "same_name": "on"}
    assert client.post("/personen/neu/", sent).status_code == 302
    assert Person.objects.count() == 2
    # changing another field of a person keeps its name: no warning
    first = Person.objects.get(name="Jürgen Groß")
    sent = {"name": "Jürgen Groß", "member": "0"}
    assert client.post(f"/personen/{first.pk}/bearbeiten/", sent).status_code == 302


def test_the_list_searches_tolerantly() -> None:
    client = organised()
    for name in ("Anna Müller", "Bernd Schmidt", "Clara Müller-Lüdenscheidt"):
        Person.objects.create(name=name)
    page = text(client.get("/personen/", {"q": "mueller"}))
    assert "Anna Müller" in page and "Clara Müller-Lüdenscheidt" in page
    assert "Bernd Schmidt" not in page
    assert "Niemand mit diesem Namen gefunden." in text(client.get("/personen/", {"q": "Zora"}))


# -- suggestions ---------------------------------------------------------------------------


def test_suggestions_ignore_case_and_accents_with_the_same_name_first() -> None:
    for name in ("Anna Müllerová", "Anna Muller", "Anna Müller", "Bernd", "Anne Müller"):
        Person.objects.create(name=name)
    found = names_of(suggest("anna müller"))
    assert set(found[:2]) == {"Anna Müller", "Anna Muller"}  # the same name, accents aside
    assert "Bernd" not in found and "Anne Müller" in found
    assert names_of(suggest("ANNA MUELLER"))[0] == "Anna Müller"
    assert names_of(suggest("  anna   MULLER "))[:2] in (
        ["Anna Muller", "Anna Müller"],
        ["Anna Müller", "Anna Muller"],
    )
    assert suggest("") == [] and suggest("Zacharias") == []


# -- links ---------------------------------------------------------------------------------


def test_link_and_unlink_refuse_what_cannot_be() -> None:
    client = organised()
    rec = tournament(client, ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"])
    anna, bernd = Person.objects.create(name="Anna"), Person.objects.create(name="Bernd")
    link(rec, pid(rec, "Anna"), anna)
    link(rec, pid(rec, "Anna"), anna)  # again: nothing new
    assert PlayerLink.objects.count() == 1
    with pytest.raises(RuleError) as err:
        link(rec, pid(rec, "Anna"), bernd)
    assert err.value.msg.text("de") == "Dieser Spieler ist schon mit Anna verknüpft."
    with pytest.raises(RuleError) as err:
        link(rec, pid(rec, "Bernd"), anna)
    said = err.value.msg.text("de")
    assert said == "Anna ist schon mit dem Spieler Anna dieses Turniers verknüpft."
    with pytest.raises(RuleError):
        link(rec, "p999", bernd)
    assert PlayerLink.objects.count() == 1
    assert unlink(rec, pid(rec, "Anna")) == anna
    assert unlink(rec, pid(rec, "Anna")) is None
    assert not PlayerLink.objects.exists() and Person.objects.count() == 2


def test_the_tournament_page_links_by_one_click_and_all_unique_matches() -> None:
    client = organised()
    players = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"]
    rec = tournament(client, players)
    assert 'id="persons-link"' in text(client.get(f"/turniere/{rec.pk}/spieler/"))
    anna = Person.objects.create(name="ANNA")
    Person.objects.create(name="Bernd")
    Person.objects.create(name="bernd")  # two of one name: no unique match
    Person.objects.create(name="Klara")  # like Clara: a suggestion only
    page = text(client.get(f"/turniere/{rec.pk}/personen/"))
    assert "Alle eindeutigen verknüpfen" not in page  # only one: Anna
    assert "Den eindeutigen Treffer verknüpfen (1)" in page
    assert "mit Klara verknüpfen?" in page and "0 von 8 Spielern verknüpft." in page

    url = f"/turniere/{rec.pk}/personen/"
    answer = client.post(url + "verknuepfen/", {"player": pid(rec, "Clara"), "person": "x"})
    assert "Diese Person gibt es nicht (mehr)." in text(client.get(answer["Location"]))
    klara = Person.objects.get(name="Klara")
    answer = client.post(url + "verknuepfen/", {"player": pid(rec, "Clara"), "person": klara.pk})
    assert "Clara ist jetzt mit Klara verknüpft." in text(client.get(answer["Location"]))
    assert client.post(url + "alle/").status_code == 302
    assert PlayerLink.objects.get(player=pid(rec, "Anna")).person == anna
    assert not PlayerLink.objects.filter(player=pid(rec, "Bernd")).exists()
    answer = client.post(url + "neu/", {"player": pid(rec, "Dieter")})
    assert "Dieter als Gast angelegt und verknüpft." in text(client.get(answer["Location"]))
    dieter = Person.objects.get(name="Dieter")
    assert not dieter.member and PlayerLink.objects.get(person=dieter).player == pid(rec, "Dieter")
    assert client.post(url + "neu/", {"player": "nobody"}).status_code == 302
    assert not Person.objects.filter(name="nobody").exists()
    answer = client.post(url + "loesen/", {"player": pid(rec, "Clara")})
    assert "Verknüpfung mit Klara gelöst." in text(client.get(answer["Location"]))
    assert "3 von 8 Spielern verknüpft." not in text(client.get(url))
    assert "2 von 8 Spielern verknüpft." in text(client.get(url))
    assert any("Spieler Clara mit der Person Klara verknüpft" in line for line in logged(rec))


def test_a_knockout_tournaments_players_are_linked_too() -> None:
    from datetime import timedelta

    from django.utils import timezone

    client = organised()
    day = (timezone.localdate() + timedelta(days=7)).isoformat()
    rec = create(client, "schocken-ko", 5, day=day)
    names = [n for _, n in players_of(rec)]
    assert len(names) == 5
    Person.objects.create(name=names[0])
    page = text(client.get(f"/turniere/{rec.pk}/personen/"))
    assert "Den eindeutigen Treffer verknüpfen (1)" in page
    assert 'id="persons-link"' in text(client.get(f"/turniere/{rec.pk}/anmeldung/"))
    client.post(f"/turniere/{rec.pk}/personen/alle/")
    assert PlayerLink.objects.get(tournament=rec).person.name == names[0]


# -- merges --------------------------------------------------------------------------------


def test_a_merge_moves_every_link_after_a_clear_confirmation() -> None:
    client = organised()
    one = tournament(client, ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"])
    two = tournament(client, ["Anne", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"])
    keep = Person.objects.create(name="Anna")
    gone = Person.objects.create(name="Anne", email="anne@example.org")
    link(one, pid(one, "Anna"), keep)
    link(two, pid(two, "Anne"), gone)
    url = f"/personen/{keep.pk}/zusammenfuehren/"
    page = text(client.get(url, {"q": "anne"}))
    assert f'href="?other={gone.pk}"' in page and f'href="?other={keep.pk}"' not in page
    assert "Anne würde in Anna übernommen" in page
    page = text(client.get(url, {"other": gone.pk}))
    assert "„Anne“ in „Anna“ übernehmen?" in page
    assert "Anne wird in Anna übernommen: Anna bleibt, Anne wird gelöscht." in page
    assert "„Anne“ in „Anna“ übernehmen</button>" in page
    assert f'href="/personen/{gone.pk}/zusammenfuehren/?other={keep.pk}"' in page
    assert (
        f"{two.name}: Anne" in page
        and "Die E-Mail-Adresse anne@example.org wird übernommen." in page
    )
    assert PlayerLink.objects.filter(person=gone).exists()  # a look changes nothing
    answer = client.post(url, {"other": gone.pk})
    assert "Anne in Anna übernommen." in text(client.get(answer["Location"]))
    keep.refresh_from_db()
    assert keep.email == "anne@example.org" and not Person.objects.filter(pk=gone.pk).exists()
    assert sorted(keep.links.values_list("tournament", flat=True)) == [one.pk, two.pk]
    assert "Personen zusammengeführt: Anne in Anna (1 Spieler übernommen)" in logged()
    answer = client.post(url, {"other": keep.pk})  # itself: refused
    assert "Bitte eine andere Person" in text(client.get(answer["Location"]))


def test_a_merge_is_undone_from_the_list_of_persons() -> None:
    client = organised()
    one = tournament(client, ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"])
    two = tournament(client, ["Anne", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"])
    keep = Person.objects.create(name="Anna")
    gone = Person.objects.create(name="Anne", member=False, email="anne@example.org")
    link(one, pid(one, "Anna"), keep)
    link(two, pid(two, "Anne"), gone)
    assert 'id="merge-undo"' not in text(client.get("/personen/"))
    client.post(f"/personen/{keep.pk}/zusammenfuehren/", {"other": gone.pk})
    listed = text(client.get("/personen/"))
    assert "„Anne“ wurde eben zusammengeführt." in listed and 'id="merge-undo"' in listed
    assert Client().post("/personen/zusammenfuehren/zurueck/").status_code == 302  # no login
    assert Person.objects.count() == 1
    answer = client.post("/personen/zusammenfuehren/zurueck/")
    assert "Anne ist wieder ein eigener Eintrag." in text(client.get(answer["Location"]))
    back = Person.objects.get(name="Anne")
    assert (back.member, back.email) == (False, "anne@example.org")
    assert list(back.links.values_list("tournament", flat=True)) == [two.pk]
    keep.refresh_from_db()
    assert keep.email == "" and list(keep.links.values_list("tournament", flat=True)) == [one.pk]
    assert "Zusammenführung zurückgenommen: Anne wieder getrennt von Anna" in logged()
    again = client.post("/personen/zusammenfuehren/zurueck/")  # only once
    assert "Es gibt keine Zusammenführung" in text(client.get(again["Location"]))
    assert Person.objects.count() == 2


def test_a_merge_of_two_players_of_one_tournament_is_refused() -> None:
    client = organised()
    rec = tournament(client, ["Anna", "Anne", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"])
    anna, anne = Person.objects.create(name="Anna"), Person.objects.create(name="Anne")
    link(rec, pid(rec, "Anna"), anna)
    link(rec, pid(rec, "Anne"), anne)
    url = f"/personen/{anna.pk}/zusammenfuehren/"
    page = text(client.get(url, {"other": anne.pk}))
    assert "Anna und Anne spielen beide in" in page and 'id="merge-form"' not in page
    answer = client.post(url, {"other": anne.pk})
    assert "eine Person kann nicht zwei Spieler eines Turniers sein" in text(
        client.get(answer["Location"])
    )
    assert Person.objects.count() == 2 and PlayerLink.objects.count() == 2


PLAYERS = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"]
ops = st.lists(
    st.one_of(
        st.tuples(st.just("link"), st.integers(0, 1), st.integers(0, 7), st.integers(0, 3)),
        st.tuples(st.just("unlink"), st.integers(0, 1), st.integers(0, 7), st.just(0)),
        st.tuples(st.just("merge"), st.integers(0, 3), st.integers(0, 3), st.just(0)),
    ),
    max_size=25,
)


@settings(max_examples=40)
@given(ops)
def test_links_and_merges_keep_every_linked_player(steps: list[tuple[str, int, int, int]]) -> None:
    """Whatever is linked, unlinked and merged: the linked (tournament, player) pairs are
    exactly those linked and not unlinked, each with the person its person merged into."""
    recs = list(TournamentRecord.objects.order_by("pk"))
    if len(recs) < 2:
        client = organised()
        recs = [tournament(client, PLAYERS), tournament(client, PLAYERS)]
    PlayerLink.objects.all().delete()
    Person.objects.all().delete()
    people = [Person.objects.create(name=f"P{i}") for i in range(4)]
    alive = {p.pk for p in people}
    owner = {p.pk: p.pk for p in people}  # each record: the record it was merged into
    model: dict[tuple[int, str], int] = {}
    for kind, a, b, c in steps:
        if kind == "link":
            rec, player = recs[a], pid(recs[a], PLAYERS[b])
            try:
                link(rec, player, Person.objects.get(pk=owner[people[c].pk]))
            except RuleError:
                continue
            model[(rec.pk, player)] = owner[people[c].pk]
        elif kind == "unlink":
            unlink(recs[a], pid(recs[a], PLAYERS[b]))
            model.pop((recs[a].pk, pid(recs[a], PLAYERS[b])), None)
        else:
            keep, gone = owner[people[a].pk], owner[people[b].pk]
            both = {t for (t, _), w in model.items() if w == keep} & {
                t for (t, _), w in model.items() if w == gone
            }
            try:
                merge(Person.objects.get(pk=keep), Person.objects.get(pk=gone))
            except RuleError:
                assert keep == gone or both  # refused only for a reason
                continue
            assert keep != gone and not both
            alive.discard(gone)
            owner = {k: keep if v == gone else v for k, v in owner.items()}
            model = {pair: keep if who == gone else who for pair, who in model.items()}
        stored = dict(
            ((t, p), who)
            for t, p, who in PlayerLink.objects.values_list("tournament", "player", "person")
        )
        assert stored == model
        assert set(Person.objects.values_list("pk", flat=True)) == alive
        per_tournament = Counter((t, who) for (t, _), who in stored.items())
        assert all(n == 1 for n in per_tournament.values())


# -- member lists --------------------------------------------------------------------------


def upload(client: Client, name: str, data: bytes) -> object:
    return client.post("/personen/import/", {"file": SimpleUploadedFile(name, data)})


def hidden_rows(page: str) -> str:
    found = re.search(r'name="rows" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


def ticks(response: object) -> dict[str, str]:
    """The preview's tick boxes: name → value, and which are ticked (as 'value*')."""
    found = re.findall(
        r'<input type="checkbox" name="row" value="(\d+)" aria-label="([^"]*)"( checked)?>',
        response.content.decode(),  # type: ignore[attr-defined]
    )
    return {unescape(label): value + ("*" if on else "") for value, label, on in found}


def test_a_csv_list_is_previewed_then_only_the_ticked_rows_are_stored() -> None:
    client = organised()
    Person.objects.create(name="Bernd Schmidt")
    Person.objects.create(name="Clara Müller")
    data = (
        "Vorname;Nachname;Status;E-Mail;Telefon\n"
        "Anna;Groß;Mitglied;anna@example.org;0123\n"
        "bernd;schmidt;Gast;;\n"
        "Clara;Mueller;;;\n"
        "Dora;Dötsch;Gast;kein-at;\n"
        "Emil;Ernst;vielleicht;;\n"
        ";;;;\n"
        "Anna;Gross;;;\n"
    ).encode("cp1252")
    answer = upload(client, "mitglieder.csv", data)
    assert answer.status_code == 200
    page = text(answer)
    boxes = ticks(answer)
    assert not Person.objects.filter(name__in=["Anna Groß", "bernd schmidt"]).exists()
    assert "neu" in page and "schon vorhanden (gleicher Name)" in page
    assert "ähnlich wie Clara Müller" in page
    assert "„kein-at“ ist keine E-Mail-Adresse: markiert, nicht als solche gespeichert" in page
    assert "Mitglied (vielleicht)" in plain(page)  # another status: a member, the status as a note
    assert "doppelt in der Datei (Zeile 2)" in page
    assert boxes == {
        "Anna Groß": "0*",
        "bernd schmidt": "1",
        "Clara Mueller": "2",
        "Dora Dötsch": "3*",
        "Emil Ernst": "4*",
    }
    assert Person.objects.count() == 2  # nothing stored before „Übernehmen“
    token = hidden_rows(page)
    answer = client.post("/personen/import/uebernehmen/", {"rows": token, "row": ["0", "2"]})
    assert answer.status_code == 302
    assert "2 Personen übernommen." in text(client.get(answer["Location"]))
    anna = Person.objects.get(name="Anna Groß")
    assert anna.member and anna.email == "anna@example.org"
    assert Person.objects.filter(name="Clara Mueller", member=True).exists()
    assert Person.objects.count() == 4
    assert "Personen importiert: Anna Groß, Clara Mueller" in logged()


def test_another_status_is_a_note_and_a_bad_address_is_flagged_not_refused() -> None:
    client = organised()
    data = (
        b"Name;Status;E-Mail\n"
        b"Hans Passiv;passiv;hans@example.org\n"
        b"Erna Ehre;Ehrenmitglied;erna(at)example.org\n"
        b"Gustav Gast;Gast;\n"
    )
    page = text(upload(client, "liste.csv", data))
    assert "nicht übernommen" not in page
    assert "Mitglied (passiv)" in plain(page) and "Mitglied (Ehrenmitglied)" in plain(page)
    assert "„erna(at)example.org“ ist keine E-Mail-Adresse: markiert" in page
    answer = client.post(
        "/personen/import/uebernehmen/", {"rows": hidden_rows(page), "row": ["0", "1", "2"]}
    )
    report = text(client.get(answer["Location"]))
    assert "3 Personen übernommen." in report
    assert (
        "Keine E-Mail-Adresse, darum nicht als solche gespeichert: Erna Ehre "
        "(„erna(at)example.org“)." in report
    )
    hans, erna = Person.objects.get(name="Hans Passiv"), Person.objects.get(name="Erna Ehre")
    assert (hans.member, hans.note, hans.email) == (True, "passiv", "hans@example.org")
    assert (erna.member, erna.note, erna.email) == (True, "Ehrenmitglied", "")
    assert erna.bad_email == "erna(at)example.org"
    assert not Person.objects.get(name="Gustav Gast").member
    listed = text(client.get("/personen/"))
    assert "E-Mail-Adresse ungültig: „erna(at)example.org“" in listed
    assert "Mitglied (Ehrenmitglied)" in plain(listed)
    form = text(client.get(f"/personen/{erna.pk}/bearbeiten/"))
    assert "„erna(at)example.org“ aus der Mitgliederliste ist keine E-Mail-Adresse" in form
    assert 'value="erna(at)example.org"' in form and 'value="Ehrenmitglied"' in form
    sent = {"name": "Erna Ehre", "member": "1", "email": "erna@example.org", "note": "Ehre"}
    assert client.post(f"/personen/{erna.pk}/bearbeiten/", sent).status_code == 302
    erna.refresh_from_db()
    assert (erna.email, erna.bad_email, erna.note) == ("erna@example.org", "", "Ehre")
    assert "ungültig" not in text(client.get("/personen/"))


def test_the_list_of_persons_is_alphabetical_like_a_german_list() -> None:
    client = organised()
    for name in ("zora Zander", "Özlem Yilmaz", "Anna Weiß", "Ole Berg", "ägidius Kraus",
                 "Bernd Acker", "Oskar Ziegler", "Ärmel Arm", "Adam Zorn"):  # fmt: skip
        Person.objects.create(name=name)
    page = text(client.get("/personen/"))
    shown = re.findall(r'<td class="name"><a href="/personen/\d+/">([^<]+)</a>', page)
    assert shown == [
        "Adam Zorn", "ägidius Kraus", "Anna Weiß", "Ärmel Arm", "Bernd Acker", "Ole Berg",
        "Oskar Ziegler", "Özlem Yilmaz", "zora Zander",
    ]  # fmt: skip


def test_a_changed_preview_is_refused_and_stores_nothing() -> None:
    client = organised()
    page = text(upload(client, "liste.csv", b"Name,Mitglied\nAnna,ja\nBernd,nein\n"))
    token = hidden_rows(page)
    forged = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    for sent in (
        {"rows": forged, "row": ["0"]},
        {"rows": "", "row": ["0"]},
        {"rows": token, "row": ["7"]},
        {"rows": token, "row": ["-1"]},
        {"rows": token},
    ):
        answer = client.post("/personen/import/uebernehmen/", sent)
        shown = text(client.get(answer["Location"]))
        assert "verändert" in shown or "mindestens eine Zeile" in shown, sent
    assert not Person.objects.exists()
    answer = client.post("/personen/import/uebernehmen/", {"rows": token, "row": ["1", "1"]})
    assert list(Person.objects.values_list("name", "member")) == [("Bernd", False)]


def xlsx(rows: list[list[object]]) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_an_excel_list_is_read_with_formulas_kept_as_plain_text() -> None:
    client = organised()
    data = xlsx(
        [
            ["Name", "Gast", "E-Mail"],
            ["Anna Groß", "nein", "anna@example.org"],
            ["Bernd", "ja", None],
            ['=HYPERLINK("http://böse.example","klick")', None, None],
            [12345, None, None],
        ]
    )
    answer = upload(client, "Mitglieder.xlsx", data)
    page, boxes = text(answer), ticks(answer)
    assert set(boxes) == {
        "Anna Groß",
        "Bernd",
        '=HYPERLINK("http://böse.example","klick")',
        "12345",
    }
    assert '<a href="http://böse.example"' not in page
    token = hidden_rows(page)
    client.post("/personen/import/uebernehmen/", {"rows": token, "row": ["0", "1", "2"]})
    stored = dict(Person.objects.values_list("name", "member"))
    assert stored == {
        "Anna Groß": True,
        "Bernd": False,
        '=HYPERLINK("http://böse.example","klick")': True,
    }
    listed = text(client.get("/personen/"))
    assert "=HYPERLINK(" in listed and 'href="http://böse.example"' not in listed


def zipped(parts: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as pack:
        for name, data in parts.items():
            pack.writestr(name, data)
    return out.getvalue()


def wide_sheet(cells: int, rows: int = 1) -> bytes:
    """A real xlsx whose first sheet has `rows` rows of `cells` cells each."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Name"])
    out = io.BytesIO()
    book.save(out)
    row = "".join(f'<c t="inlineStr"><is><t>x{k}</t></is></c>' for k in range(cells))
    body = "".join(f'<row r="{r + 2}">{row}</row>' for r in range(rows))
    parts = {}
    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as pack:
        for name in pack.namelist():
            data = pack.read(name)
            if name == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</sheetData>", body.encode() + b"</sheetData>")
            parts[name] = data
    return zipped(parts)


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("breit.xlsx", wide_sheet(600_000), "zu viele Zellen (höchstens 200 in einer Zeile"),
        ("voll.xlsx", wide_sheet(150, 800), "100000 insgesamt"),
        ("bild.csv", b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR", "weder eine CSV- noch eine Excel-Datei"),
        ("gross.csv", b"Name\n" + b"a" * (10 * 1024 * 1024), "Die Datei ist zu groß"),
        ("alt.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "(.xls)"),
        ("falsch.xlsx", b"Name\nAnna\n", "keine Excel-Datei (xlsx)"),
        ("kaputt.xlsx", b"PK\x03\x04kaputt", "keine lesbare Excel-Datei"),
        ("anderes.xlsx", zipped({"hallo.txt": b"hallo"}), "keine lesbare Excel-Datei"),
        (
            "bombe.xlsx",
            zipped({f"x{i}.xml": b"\x00" * (8 * 1024 * 1024) for i in range(5)}),
            "entpackt zu groß",
        ),
        (
            "entity.xlsx",
            zipped({"xl/workbook.xml": b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a/>'}),
            "keine lesbare Excel-Datei",
        ),
        ("leer.csv", b"   \n", "Die Datei ist leer."),
        ("ohne.csv", b"Telefon;Ort\n0123;Bonn\n", "keine Spalte „Name“"),
        ("nur.csv", b"Name\n", "Unter den Überschriften stehen keine Personen."),
        ("lang.csv", b"Name\n" + b"Anna\n" * 2001, "höchstens 2000 Zeilen"),
        ("utf16.csv", "Name\nAnna\n".encode("utf-16"), "weder eine CSV- noch eine Excel-Datei"),
        ("bytes.csv", b"Name\n\x81\x8d\x8f\n", "weder UTF-8- noch Windows-1252-Text"),
    ],
)
def test_hostile_or_wrong_files_are_refused_in_words(name: str, data: bytes, said: str) -> None:
    client = organised()
    answer = upload(client, name, data)
    assert answer.status_code == 400
    assert any(said in e for e in errors(answer)), errors(answer)
    assert not Person.objects.exists()


def test_no_file_is_refused() -> None:
    answer = organised().post("/personen/import/", {})
    assert answer.status_code == 400
    assert "Mitgliederliste: Bitte eine Datei wählen." in errors(answer)


# -- tournaments stored before the registry --------------------------------------------------


def test_the_data_migration_links_one_player_across_tournaments() -> None:
    client = organised()
    one = tournament(
        client, ["Anna", "Bernd", "Jürgen", "Dieter", "Emil", "Frieda", "Ingo", "Jana"]
    )
    two = tournament(
        client, ["ANNA", "bernd", "Juergen", "Dieter", "Emil", "Frida", "Ingo", "Otto"]
    )
    link_existing(django_apps)

    def person(rec: TournamentRecord, name: str) -> Person | None:
        found = PlayerLink.objects.filter(tournament=rec, player=pid(rec, name)).first()
        return found.person if found else None

    assert person(one, "Anna") == person(two, "ANNA") is not None
    assert person(one, "Anna").name == "Anna"  # type: ignore[union-attr]
    assert person(one, "Bernd") == person(two, "bernd") is not None
    assert person(one, "Frieda") != person(two, "Frida")  # two names are never joined
    assert person(one, "Jürgen") is None and person(two, "Juergen") is None  # undecided
    assert set(
        Person.objects.filter(name__in=["Jürgen", "Juergen"]).values_list("name", flat=True)
    ) == {
        "Jürgen",
        "Juergen",
    }
    page = text(client.get(f"/turniere/{one.pk}/personen/"))
    assert "mit Juergen verknüpfen?" in page and "mit Jürgen verknüpfen" in page
    links = PlayerLink.objects.count()
    link_existing(django_apps)  # again: nothing doubled
    assert PlayerLink.objects.count() == links
    assert Person.objects.filter(name="Anna").count() == 1


def test_stored_players_include_late_and_registered_ones_but_not_undone_ones() -> None:
    listed = [{"id": "s1", "name": "Anna"}, {"id": "s2", "name": "Bernd"}]
    late = [
        {"n": 4, "type": "latejoined", "player": "s3", "name": "Clara"},
        {"n": 5, "type": "latejoined", "player": "s4", "name": "Dieter"},
        {"n": 6, "type": "undo", "target": 5},
    ]
    assert players_in("A", listed, late) == [("s1", "Anna"), ("s2", "Bernd"), ("s3", "Clara")]
    registered = [
        {"n": 1, "type": "register", "player": "p001", "name": "Emil"},
        {"n": 2, "type": "register", "player": "p002", "name": "Frieda"},
        {"n": 3, "type": "undo", "target": 2},
    ]
    assert players_in("D", [], registered) == [("p001", "Emil")]
    assert players_in("B", "kaputt", [None, {"type": "latejoined"}]) == []


# -- who may ---------------------------------------------------------------------------------


def club_addresses(pk: int, person: int) -> list[str]:
    return [
        reverse("persons"),
        reverse("person-new"),
        reverse("person-import"),
        reverse("person-import-apply"),
        reverse("person-edit", args=[person]),
        reverse("person-merge", args=[person]),
        reverse("tournament-persons", args=[pk]),
        reverse("tournament-person-link", args=[pk]),
        reverse("tournament-person-new", args=[pk]),
        reverse("tournament-person-unlink", args=[pk]),
        reverse("tournament-persons-certain", args=[pk]),
    ]


def test_referees_and_visitors_are_refused() -> None:
    rec = tournament(organised(), PLAYERS)
    anna = Person.objects.create(name="Anna", email="anna@example.org")
    schiri, visitor = Client(), Client()
    referee(schiri)
    before = (list(Person.objects.values_list()), list(PlayerLink.objects.values_list()))
    for url in club_addresses(rec.pk, anna.pk):
        sent = {"player": pid(rec, "Anna"), "person": anna.pk, "name": "X", "member": "1"}
        for method in ("get", "post"):
            answer = getattr(schiri, method)(url, sent)
            assert answer.status_code == 403 and REFUSED in text(answer), (method, url)
            assert "anna@example.org" not in text(answer)
            answer = getattr(visitor, method)(url, sent)
            assert answer.status_code == 302 and answer["Location"].startswith("/anmelden/")
    assert (list(Person.objects.values_list()), list(PlayerLink.objects.values_list())) == before
    assert "/personen/" not in text(schiri.get(f"/turniere/{rec.pk}/spieler/"))


def test_odd_numbers_in_addresses_and_forms_change_nothing() -> None:
    client = organised()
    rec = tournament(client, PLAYERS)
    huge = "9" * 30
    assert client.get(f"/personen/{huge}/bearbeiten/").status_code == 404
    assert client.get(f"/personen/{huge}/zusammenfuehren/").status_code == 404
    anna = Person.objects.create(name="Anna")
    url = f"/turniere/{rec.pk}/personen/"
    for odd in ("²", "١٢", huge, "-1", ""):
        assert (
            client.get(f"/personen/{anna.pk}/zusammenfuehren/", {"other": odd}).status_code == 200
        )
        assert (
            client.post(f"/personen/{anna.pk}/zusammenfuehren/", {"other": odd}).status_code == 302
        )
        sent = {"player": pid(rec, "Anna"), "person": odd}
        assert client.post(url + "verknuepfen/", sent).status_code == 302
    assert client.get("/personen/import/uebernehmen/").status_code == 405
    token = hidden_rows(text(upload(client, "l.csv", b"Name\nBernd\n")))
    for odd in ("²", "١", huge):
        answer = client.post("/personen/import/uebernehmen/", {"rows": token, "row": [odd]})
        assert answer.status_code == 302
    assert list(Person.objects.values_list("name", flat=True)) == ["Anna"]
    assert not PlayerLink.objects.exists()


def test_a_removed_players_link_goes_with_it() -> None:
    client = organised()
    rec = tournament(client, PLAYERS)
    jana = Person.objects.create(name="Jana")
    link(rec, pid(rec, "Jana"), jana)
    gone = pid(rec, "Jana")
    sent = {"version": TournamentRecord.objects.get(pk=rec.pk).version}
    assert client.post(f"/turniere/{rec.pk}/spieler/{gone}/entfernen/", sent).status_code == 302
    assert not PlayerLink.objects.exists()
    sent = {"names": "Zora", "version": TournamentRecord.objects.get(pk=rec.pk).version}
    assert client.post(f"/turniere/{rec.pk}/spieler/", sent).status_code == 302
    rec = TournamentRecord.objects.get(pk=rec.pk)
    assert pid(rec, "Zora") != gone  # a new number (a phone may remember the old one)
    assert "Zora" in text(client.get(f"/turniere/{rec.pk}/personen/"))
    assert not PlayerLink.objects.exists() and Person.objects.filter(name="Jana").exists()


def test_known_persons_are_offered_while_a_name_is_typed() -> None:
    client = organised()
    Person.objects.create(name="Jürgen Müller", member=True)
    Person.objects.create(name="Clara Schmidt", member=False)
    found = text(client.get("/personen/vorschlaege/", {"q": "mue"}))
    assert 'data-name="Jürgen Müller"' in found and "Clara" not in found
    alike = text(client.get("/personen/vorschlaege/", {"q": "Klara Schmidt"}))
    assert 'data-name="Clara Schmidt"' in alike and "(Gast)" in alike
    assert "Keine bekannte Person" in text(client.get("/personen/vorschlaege/", {"q": "Zoltan"}))
    assert "data-name" not in text(client.get("/personen/vorschlaege/", {"q": "m"}))
    hostile = text(client.get("/personen/vorschlaege/", {"q": "<script>x" * 50}))
    assert "<script>" not in hostile
    page = text(client.get("/turniere/neu/"))
    assert 'data-suggest-url="/personen/vorschlaege/"' in page and 'data-suggest="person"' in page
    assert Client().get("/personen/vorschlaege/", {"q": "mue"}).status_code == 302
    assert "data-suggest-url" not in text(Client().get("/"))


def test_the_list_of_persons_names_the_tournaments_with_players_not_linked() -> None:
    client = organised()
    rec = tournament(client, ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"])
    link(rec, pid(rec, "Anna"), Person.objects.create(name="Anna"))
    listed = text(client.get("/personen/"))
    assert f'href="/turniere/{rec.pk}/personen/">{rec.name}</a>' in listed
    assert "1 von 8 Spielern verknüpft" in listed
    for name in ["Bernd", "Clara", "Dieter", "Emil", "Frieda", "Ingo", "Jana"]:
        link(rec, pid(rec, name), Person.objects.create(name=name))
    assert 'id="not-linked"' not in text(client.get("/personen/"))


def test_the_list_of_persons_has_a_plain_title() -> None:
    page = text(organised().get("/personen/"))
    assert "<title>Personen – Tafelrunde</title>" in page


def test_a_replayed_or_double_clicked_take_back_makes_one_person() -> None:
    client = organised()
    keep = Person.objects.create(name="Anna")
    gone = Person.objects.create(name="Anne", email="anne@example.org")
    client.post(f"/personen/{keep.pk}/zusammenfuehren/", {"other": gone.pk})
    cookie = client.cookies["sessionid"].value  # the browser's cookie before the first click
    first = client.post("/personen/zusammenfuehren/zurueck/")
    assert "Anne ist wieder ein eigener Eintrag." in text(client.get(first["Location"]))
    assert Person.objects.get(name="Anne").pk == gone.pk  # back under its old number
    replay = Client()
    replay.cookies["sessionid"] = cookie
    second = replay.post("/personen/zusammenfuehren/zurueck/")
    assert "schon rückgängig gemacht" in text(replay.get(second["Location"]))
    assert sorted(p.name for p in Person.objects.all()) == ["Anna", "Anne"]


def test_the_persons_page_asks_the_database_as_often_for_200_tournaments_as_for_one() -> None:
    """The list of tournaments with players not linked yet reads every tournament's added
    players in one query, not one per tournament; each count stays right."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.web.core.domain.store import save_new

    client = organised()

    def stored(first: int, last: int) -> None:
        for k in range(first, last + 1):
            people = [Player(f"p{k}-{i}", f"Spieler {k} {i}") for i in range(4 + k % 3)]
            save_new(Tournament(f"Abend {k}", load_ruleset("gruppenmodus"), people, seed=k))

    def asked() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/personen/").status_code == 200
        return len(queries)

    stored(1, 1)
    one = asked()
    stored(2, 200)
    assert asked() == one
    page = text(client.get("/personen/"))
    assert "Abend 200<" in page and "Abend 1<" in page  # the newest and the first
    for k in (1, 2, 3):  # 5, 6 and 4 players, none linked yet
        assert f"0 von {4 + k % 3} Spielern verknüpft" in page
