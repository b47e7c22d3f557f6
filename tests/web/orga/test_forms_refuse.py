"""Rules, players, new tournaments and imports: saved when right, refused with a reason."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from webhelpers import (
    counts,
    create,
    forms_of,
    fresh,
    logged,
    names,
    organiser,
    play_to_end,
    release,
    text,
)

from tafelrunde.engine.groups.rules_text import stage_lines
from tafelrunde.engine.tournament_file import to_data
from tafelrunde.i18n import text_in
from tafelrunde.presets import load_rules, preset_text
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import FactRecord, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def field_errors(page: str, name: str) -> str:
    """The text of a form field's block (label, input, help and errors)."""
    block = rf'<div class="field" id="field-{name}">(.*?)</div>\s*(?=<div class="field"|<button)'
    found = re.search(block, page, re.S)
    assert found, f"no field {name}"
    return found.group(1)


def organised() -> Client:
    client = Client()
    organiser(client)
    return client


# -- rules ------------------------------------------------------------------------------


def rules_text(client: Client, pk: int) -> tuple[str, str]:
    """The ruleset text and version the rules form offers."""
    form = next(f for f in forms_of(client.get(f"/turniere/{pk}/regeln/")) if "text" in f.textareas)
    return form.textareas["text"].lstrip("\n"), form.value("version")


def test_the_rules_page_shows_every_stage() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    page = text(Client().get(f"/turniere/{rec.pk}/regeln/"))  # public: readable, no form
    rules = load_rules("alhambra")
    for stage in rules.stages:  # type: ignore[union-attr]
        assert stage.title().text("de") in page
        for line in stage_lines(stage):
            assert text_in(line, "de") in page
    assert "<textarea" not in page
    assert "<textarea" in text(client.get(f"/turniere/{rec.pk}/regeln/"))


def test_a_changed_ruleset_is_saved_before_the_first_draw() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    toml, version = rules_text(client, rec.pk)
    assert "games = 2" in toml
    changed = toml.replace("games = 2", "games = 3", 1)
    response = client.post(f"/turniere/{rec.pk}/regeln/", {"text": changed, "version": version})
    assert response.status_code == 302
    rec = fresh(rec.pk)
    assert rec.ruleset["stages"][0]["games"] == 3
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    assert "Partie 1 bis 3" in page and "Regeln geändert." in page
    assert logged(rec).count("Regeln geändert") == 1
    assert "Regeln geändert" in text(client.get(f"/turniere/{rec.pk}/protokoll/"))
    # the engine plays the changed rules: three games in the preliminary
    play_to_end(client, rec.pk, seed=3)
    draws = [f.data for f in fresh(rec.pk).facts.all() if f.data["type"] == "draw"]
    assert [d["game"] for d in draws if d["stage"] == "vorrunde"] == [1, 2, 3]


def test_saving_the_same_rules_changes_nothing() -> None:
    client = organised()
    rec = create(client, "king-lui", 9)
    toml, version = rules_text(client, rec.pk)
    before = counts()
    response = client.post(f"/turniere/{rec.pk}/regeln/", {"text": toml, "version": version})
    assert response.status_code == 302
    assert counts() == before and fresh(rec.pk).ruleset == rec.ruleset


def test_broken_rules_are_refused_at_the_field() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    toml, version = rules_text(client, rec.pk)
    before = counts()
    for bad, says in [
        ("games = = 3\n" + toml, "kein gültiges TOML"),
        (toml.replace("games = 2", 'games = "zwei"', 1), "games"),
        (toml.replace("games = 2", "spiele = 2", 1), "spiele: unbekannter Eintrag"),
    ]:
        response = client.post(f"/turniere/{rec.pk}/regeln/", {"text": bad, "version": version})
        assert response.status_code == 200
        assert says in field_errors(text(response), "text"), bad[:40]
        assert fresh(rec.pk).ruleset == rec.ruleset
    assert counts() == before


def test_the_format_of_a_tournament_cannot_change() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 8)
    _, version = rules_text(client, rec.pk)
    knockout = preset_text("schocken-ko")
    response = client.post(f"/turniere/{rec.pk}/regeln/", {"text": knockout, "version": version})
    page = text(response)
    assert "Das Format eines Turniers lässt sich nicht ändern" in field_errors(page, "text")
    rec2 = fresh(rec.pk)
    assert rec2.ruleset == rec.ruleset and rec2.format == "A"


def test_the_rules_are_fixed_after_the_first_draw() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    toml, _ = rules_text(client, rec.pk)
    assert release(client, rec.pk, 1).status_code == 302
    changed = toml.replace("games = 2", "games = 3", 1)
    before = counts()
    response = client.post(
        f"/turniere/{rec.pk}/regeln/", {"text": changed, "version": fresh(rec.pk).version}
    )
    page = text(response)
    assert "Nach der ersten Auslosung lassen sich die Regeln nicht mehr ändern." in page
    assert counts() == before and fresh(rec.pk).ruleset == rec.ruleset
    assert "<textarea" not in text(client.get(f"/turniere/{rec.pk}/regeln/"))


def test_an_outdated_rules_form_is_refused() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    toml, _ = rules_text(client, rec.pk)
    changed = toml.replace("games = 2", "games = 3", 1)
    response = client.post(f"/turniere/{rec.pk}/regeln/", {"text": changed, "version": 7})
    assert "Inzwischen wurde etwas anderes eingetragen" in text(response)
    assert fresh(rec.pk).ruleset == rec.ruleset


# -- players ----------------------------------------------------------------------------


def player_names(pk: int) -> list[str]:
    return [p["name"] for p in fresh(pk).players]


def test_players_are_added_by_hand_and_by_csv() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 9)
    response = client.post(f"/turniere/{rec.pk}/spieler/", {"names": "Quirin\nRosa", "version": 0})
    assert response.status_code == 302
    csv = SimpleUploadedFile("spieler.csv", b"Verein;Name\nTV;Sepp\nSC;Tina\n")
    response = client.post(f"/turniere/{rec.pk}/spieler/", {"file": csv, "version": 0})
    assert response.status_code == 302
    assert player_names(rec.pk) == [*names(9), "Quirin", "Rosa", "Sepp", "Tina"]
    ids = [p["id"] for p in fresh(rec.pk).players]
    assert len(set(ids)) == 13 and ids[-1] == "p013"
    page = text(client.get(f"/turniere/{rec.pk}/spieler/"))
    assert "Spieler (13)" in page and "Tina" in page
    log = text(client.get(f"/turniere/{rec.pk}/protokoll/"))
    assert "Spieler hinzugefügt: Quirin, Rosa" in log and "Spieler hinzugefügt: Sepp, Tina" in log
    # the new players are drawn
    assert release(client, rec.pk, 3).status_code == 302
    drawn = {p for t in fresh(rec.pk).facts.get(n=1).data["tables"] for p in t}
    assert len(drawn) == 13


def test_a_registered_name_is_refused() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 9)
    before = counts()
    response = client.post(f"/turniere/{rec.pk}/spieler/", {"names": "Zoe\nANNA", "version": 0})
    assert response.status_code == 200
    assert "„ANNA“ ist schon angemeldet." in field_errors(text(response), "names")
    twice = client.post(f"/turniere/{rec.pk}/spieler/", {"names": "Zoe\nzoe", "version": 0})
    assert "steht zweimal in der Spielerliste" in text(twice)
    empty = client.post(f"/turniere/{rec.pk}/spieler/", {"names": "", "version": 0})
    assert "Bitte Namen eingeben." in text(empty)
    assert player_names(rec.pk) == names(9) and counts() == before


def test_a_player_is_removed_before_the_first_draw() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 9)
    page = client.get(f"/turniere/{rec.pk}/spieler/")
    removes = [f for f in forms_of(page) if f.action.endswith("/entfernen/")]
    assert len(removes) == 9
    response = client.post(removes[1].action, {"version": removes[1].value("version")}, follow=True)
    assert "Bernd entfernt." in text(response)
    assert player_names(rec.pk) == [n for n in names(9) if n != "Bernd"]
    again = client.post(removes[1].action, {"version": 0}, follow=True)
    assert "Diesen Spieler gibt es nicht (mehr)." in text(again)
    assert len(player_names(rec.pk)) == 8


def test_the_players_are_fixed_after_the_first_draw() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 9)
    assert release(client, rec.pk, 3).status_code == 302
    version = fresh(rec.pk).version
    before = counts()
    response = client.post(f"/turniere/{rec.pk}/spieler/", {"names": "Zoe", "version": version})
    fixed = "Nach der ersten Auslosung lassen sich keine Spieler mehr hinzufügen oder entfernen."
    assert fixed in text(response)
    response = client.post(
        f"/turniere/{rec.pk}/spieler/p001/entfernen/", {"version": version}, follow=True
    )
    assert fixed in text(response)
    assert player_names(rec.pk) == names(9) and counts() == before


# -- a new tournament -------------------------------------------------------------------


def new(client: Client, **data: object) -> str:
    """Send the new-tournament form; it must be refused (nothing stored)."""
    before = counts()
    fields = {"name": "", "event": "", "preset": "", "players": "\n".join(names(8))} | data
    response = client.post("/turniere/neu/", fields)
    assert response.status_code == 200
    assert counts() == before
    return text(response)


def test_a_tournament_needs_exactly_one_ruleset() -> None:
    client = organised()
    says = "Bitte eine Vorlage wählen oder eine Regeldatei hochladen (nicht beides)."
    assert says in new(client)
    upload = SimpleUploadedFile("regeln.toml", preset_text("alhambra").encode())
    assert says in new(client, preset="alhambra", ruleset=upload)
    assert "errorlist" in field_errors(new(client, preset="gibtsnicht"), "preset")


def test_an_uploaded_ruleset_is_used() -> None:
    client = organised()
    upload = SimpleUploadedFile("regeln.toml", preset_text("king-lui").encode())
    response = client.post("/turniere/neu/", {"ruleset": upload, "players": "\n".join(names(9))})
    assert response.status_code == 302
    rec = TournamentRecord.objects.get()
    assert rec.format == "C" and rec.name == load_rules("king-lui").name
    assert [p["name"] for p in rec.players] == names(9)


def test_a_broken_ruleset_file_is_refused_at_its_field() -> None:
    client = organised()
    broken = SimpleUploadedFile("regeln.toml", b"name = \n[[stages]\n")
    assert "kein gültiges TOML" in field_errors(new(client, ruleset=broken), "ruleset")
    misspelt = preset_text("alhambra").replace("games = 2", "gamez = 2")
    wrong = SimpleUploadedFile("regeln.toml", misspelt.encode())
    errors = field_errors(new(client, ruleset=wrong), "ruleset")
    assert "unbekannter Eintrag" in errors and "gamez" in errors  # names the entry
    latin = SimpleUploadedFile("regeln.toml", preset_text("alhambra").encode("latin-1", "replace"))
    assert "Die Datei ist kein UTF-8-Text." in field_errors(new(client, ruleset=latin), "ruleset")


def test_too_few_or_badly_encoded_players_are_refused() -> None:
    client = organised()
    page = new(client, preset="gruppenmodus", players="Anna\nBernd")
    assert "Das Turnier braucht mindestens 3 Spieler." in field_errors(page, "players")
    page = new(client, preset="gruppenmodus", players="Anna\nBernd\nanna\nDora")
    assert "steht zweimal in der Spielerliste" in field_errors(page, "players")
    latin = SimpleUploadedFile("spieler.csv", "Name\nGünter\nJürgen\nÖzlem\n".encode("latin-1"))
    page = new(client, preset="gruppenmodus", players="", players_file=latin)
    assert "Die Datei ist kein UTF-8-Text." in field_errors(page, "players_file")
    page = new(client, preset="gruppenmodus", players="\n".join(names(5)))
    assert "5" in page and "errorlist" in page  # five cannot be seated at 4- and 3-tables


def test_players_come_from_an_uploaded_csv() -> None:
    client = organised()
    csv = SimpleUploadedFile(
        "spieler.csv", "Name,Ort\nGünter,Köln\nJürgen,Bonn\nÖzlem,Aachen\n".encode()
    )
    response = client.post("/turniere/neu/", {"preset": "king-lui", "players_file": csv})
    assert response.status_code == 302
    stored = [p["name"] for p in TournamentRecord.objects.get().players]
    assert stored == ["Günter", "Jürgen", "Özlem"]


# -- importing a tournament file --------------------------------------------------------


def test_an_exported_file_continues_as_a_new_tournament() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 8)
    play_to_end(client, rec.pk, seed=8)
    exported = client.get(f"/turniere/{rec.pk}/turnierdatei.json").content
    upload = SimpleUploadedFile("turnier.json", exported, content_type="application/json")
    response = client.post("/turniere/laden/", {"file": upload, "event": ""})
    assert response.status_code == 302
    copy = TournamentRecord.objects.exclude(pk=rec.pk).get()
    assert response["Location"] == f"/turniere/{copy.pk}/"
    assert copy.version == fresh(rec.pk).version > 0
    assert [f.data for f in copy.facts.all()] == [f.data for f in fresh(rec.pk).facts.all()]
    assert to_data(engine_tournament(copy)) == to_data(engine_tournament(fresh(rec.pk)))
    assert "Turnierdatei geladen" in text(client.get(f"/turniere/{copy.pk}/protokoll/"))


def test_a_broken_file_is_refused_at_the_file_field() -> None:
    client = organised()
    before = counts()
    for content in [b'{"format": "tafelrunde-tournament", "version": 1', b"[1, 2]", b"\xff\xfe"]:
        upload = SimpleUploadedFile("turnier.json", content)
        response = client.post("/turniere/laden/", {"file": upload})
        assert response.status_code == 200
        errors = field_errors(text(response), "file")
        assert "beschädigt" in errors or "kein UTF-8-Text" in errors
    missing = client.post("/turniere/laden/", {"event": ""})
    assert "Bitte eine Datei wählen." in field_errors(text(missing), "file")
    assert counts() == before
    assert FactRecord.objects.count() == 0
