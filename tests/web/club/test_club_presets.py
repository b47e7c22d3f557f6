"""Club presets: a tournament's rules saved under a name, offered when creating a tournament,
downloaded and loaded as a ruleset file, deleted after a confirmation; organisers only."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from rulehelpers import post_rules, rules_form
from webhelpers import create, forms_of, fresh, logged, names, organiser, release, text

from tafelrunde.presets import preset_text, rules_from_toml
from tafelrunde.web.core.models import ClubPreset, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def organised() -> Client:
    client = Client()
    organiser(client)
    return client


def save_as(client: Client, pk: int, name: str) -> object:
    """Send the form 'Als Vereinsvorlage speichern' of a tournament's rules page."""
    return client.post(f"/turniere/{pk}/regeln/vorlage/", {"name": name})


def offered(client: Client) -> dict[str, str]:
    """The club presets the new-tournament form offers: value → label."""
    page = text(client.get("/turniere/neu/"))
    group = re.search(r'<optgroup label="Vereinsvorlagen">(.*?)</optgroup>', page, re.S)
    if not group:
        return {}
    return dict(re.findall(r'<option value="(club:\d+)"[^>]*>([^<]*)</option>', group.group(1)))


def test_changed_rules_saved_as_a_club_preset_start_a_new_tournament() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    sent, _ = rules_form(client, rec.pk)
    assert post_rules(client, rec.pk, sent | {"s1.games": ["3"]}).status_code == 302
    response = save_as(client, rec.pk, "  Alhambra kurz  ")
    assert response.status_code == 302
    preset = ClubPreset.objects.get()
    assert (preset.name, preset.format) == ("Alhambra kurz", "B")
    assert preset.ruleset == fresh(rec.pk).ruleset
    page = text(client.get(response["Location"]))
    assert "Als Vereinsvorlage „Alhambra kurz“ gespeichert." in page
    assert "Vereinsvorlage „Alhambra kurz“ gespeichert" in logged()
    assert offered(client) == {f"club:{preset.pk}": "Alhambra kurz (Format B)"}
    assert "Mitgelieferte Vorlagen" in text(client.get("/turniere/neu/"))
    new = create(client, f"club:{preset.pk}", 8)
    assert new.format == "B" and new.ruleset["stages"][0]["games"] == 3
    assert new.ruleset == preset.ruleset


def test_a_club_preset_of_format_d_starts_a_knockout() -> None:
    client = organised()
    next_week = (timezone.localdate() + timedelta(days=7)).isoformat()  # before its deadline
    rec = create(client, "schocken-ko", 8, day=next_week)
    sent, _ = rules_form(client, rec.pk)
    assert post_rules(client, rec.pk, sent | {"registration.start": ["18:00"]}).status_code == 302
    assert save_as(client, rec.pk, "Schocken am Freitag").status_code == 302
    preset = ClubPreset.objects.get()
    new = create(client, f"club:{preset.pk}", 5, day=next_week)
    assert new.format == "D" and new.ruleset["registration"]["start"] == "18:00"


def test_a_club_preset_can_be_saved_after_the_draw() -> None:
    client = organised()
    rec = create(client, "king-lui", 9)
    assert release(client, rec.pk, 3).status_code == 302
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    assert 'id="rules-form"' not in page and "Als Vereinsvorlage speichern" in page
    assert save_as(client, rec.pk, "King Lui").status_code == 302
    assert ClubPreset.objects.get().ruleset == rec.ruleset


def test_a_bad_name_is_refused_and_shown_again() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 8)
    assert save_as(client, rec.pk, "Vereinsmeisterschaft").status_code == 302
    for name, says in [
        ("", "darf nicht leer sein."),
        ("   ", "darf nicht leer sein."),
        ("x" * 101, "ist zu lang (höchstens 100 Zeichen)."),
        ("VEREINSMEISTERSCHAFT", "Eine Vereinsvorlage „VEREINSMEISTERSCHAFT“ gibt es schon."),
        ("Tab\tName", "enthält ein unzulässiges Zeichen (U+0009)."),
    ]:
        response = save_as(client, rec.pk, name)
        assert response.status_code == 200
        page = text(response)
        block = page.split('id="field-name"', 1)[1].split("</div>", 2)
        assert says in "".join(block[:2]), name
        if name.strip():
            assert f'value="{name}"' in page
    assert ClubPreset.objects.count() == 1


def test_a_club_preset_is_deleted_after_a_confirmation() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    assert save_as(client, rec.pk, "Kurz").status_code == 302
    preset = ClubPreset.objects.get()
    made = create(client, f"club:{preset.pk}", 8)
    page = text(client.get("/vorlagen/"))
    assert "Kurz" in page
    assert "Vereinsvorlage „Kurz“ wirklich löschen? Turniere daraus behalten ihre Regeln." in page
    form = next(f for f in forms_of(client.get("/vorlagen/")) if "loeschen" in f.action)
    response = client.post(form.action)
    assert response.status_code == 302 and not ClubPreset.objects.exists()
    assert "Vereinsvorlage „Kurz“ gelöscht." in text(client.get("/vorlagen/"))
    assert "Vereinsvorlage „Kurz“ gelöscht" in logged()
    assert fresh(made.pk).ruleset == preset.ruleset  # the tournament keeps its rules
    assert offered(client) == {}
    before = TournamentRecord.objects.count()
    data = {"preset": f"club:{preset.pk}", "players": "\n".join(names(8)), "name": "", "event": ""}
    page = text(client.post("/turniere/neu/", data))
    assert "Diese Vorlage gibt es nicht." in page
    assert TournamentRecord.objects.count() == before
    assert client.post(form.action).status_code == 404


def test_a_club_preset_travels_as_a_ruleset_file() -> None:
    client = organised()
    rec = create(client, "king-lui", 9)
    assert save_as(client, rec.pk, "King Lui kurz").status_code == 302
    preset = ClubPreset.objects.get()
    response = client.get(f"/vorlagen/{preset.pk}/regeln.toml")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert rules_from_toml(response.content.decode()).source == preset.ruleset
    upload = SimpleUploadedFile("regeln.toml", response.content)
    response = client.post("/vorlagen/", {"name": "Zurückgeladen", "file": upload})
    assert response.status_code == 302
    assert ClubPreset.objects.get(name="Zurückgeladen").ruleset == preset.ruleset


def test_a_broken_ruleset_file_is_refused_at_its_field() -> None:
    client = organised()
    before = ClubPreset.objects.count()
    broken = preset_text("alhambra").replace("games = 2", "games = 0", 1)
    for upload, says in [
        (None, "Bitte eine Datei wählen."),
        (SimpleUploadedFile("r.toml", b"name = \n[[stages]\n"), "kein gültiges TOML"),
        (SimpleUploadedFile("r.toml", broken.encode()), "muss zwischen 1 und 50 liegen"),
    ]:
        data = {"name": "Neu"} | ({"file": upload} if upload else {})
        page = text(client.post("/vorlagen/", data))
        block = page.split('id="field-file"', 1)[1].split('<div class="field"', 1)[0]
        assert says in block
    page = text(client.post("/vorlagen/", {"name": ""}))
    assert "darf nicht leer sein." in page and "Bitte eine Datei wählen." in page
    assert ClubPreset.objects.count() == before


def test_club_presets_are_for_organisers_only() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    assert save_as(client, rec.pk, "Geheim").status_code == 302
    preset = ClubPreset.objects.get()
    visitor = Client()
    for response in (
        visitor.get("/vorlagen/"),
        visitor.get(f"/vorlagen/{preset.pk}/regeln.toml"),
        visitor.post(f"/vorlagen/{preset.pk}/loeschen/"),
        visitor.post("/vorlagen/", {"name": "X"}),
        visitor.post(f"/turniere/{rec.pk}/regeln/vorlage/", {"name": "Anders"}),
    ):
        assert response.status_code == 302 and "/anmelden/" in response["Location"]
    assert list(ClubPreset.objects.values_list("name", flat=True)) == ["Geheim"]
    page = text(visitor.get(f"/turniere/{rec.pk}/regeln/"))
    assert "Vereinsvorlage" not in page
