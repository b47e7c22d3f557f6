"""Names with bidirectional overrides or other invisible characters are refused everywhere a
name is typed or imported, with the character's code in the message; nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from webhelpers import create, organiser, text

from factories import names
from tafelrunde.web.club.models import Person, Season
from tafelrunde.web.core.models import ClubPreset, Event, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

TURNED = "Anna\u202eannA"  # shows as "AnnaAnna" turned around: a right-to-left override
HIDDEN = "Ben\u200bno"  # a zero-width space inside


def stored() -> tuple[int, ...]:
    """How many persons, events, seasons, presets and tournaments are stored."""
    return tuple(m.objects.count() for m in (Person, Event, Season, ClubPreset, TournamentRecord))


def refused(answer: Any, mark: str) -> None:
    """The answer shows the form again (or a message) naming the character."""
    page = text(answer)
    assert answer.status_code in (200, 400), answer.status_code
    assert f"U+{ord(mark):04X}" in page, page[-2000:]


@pytest.mark.parametrize("name, mark", [(TURNED, "\u202e"), (HIDDEN, "\u200b")])
def test_every_name_field_refuses_invisible_characters(name: str, mark: str) -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 8)
    before = stored()
    players = "\n".join([*names(8), name])
    cases: list[tuple[str, dict[str, Any]]] = [
        ("/turniere/neu/", {"preset": "alhambra", "players": players, "name": "", "event": ""}),
        ("/turniere/neu/", {"preset": "alhambra", "players": "\n".join(names(9)), "name": name}),
        (f"/turniere/{rec.pk}/spieler/", {"names": name, "version": rec.version}),
        ("/personen/neu/", {"name": name, "member": "1", "email": ""}),
        ("/termine/neu/", {"name": name, "date": ""}),
        ("/termine/neu/", {"name": "Vereinsabend", "date": "", "kind": name}),
        ("/saisons/neu/", {"name": name, "preset": "summe"}),
        (f"/turniere/{rec.pk}/regeln/vorlage/", {"name": name}),
    ]
    for path, data in cases:
        answer = client.post(path, data, follow=True)
        refused(answer, mark)
        assert stored() == before, (path, data)
    assert name not in str(TournamentRecord.objects.get(pk=rec.pk).players)


def test_a_member_list_with_an_invisible_character_stores_nobody_of_that_row() -> None:
    client = Client()
    organiser(client)
    data = f"Vorname;Nachname;Status\nAnna;Groß;Mitglied\n{TURNED};Weiß;Gast\n".encode()
    answer = client.post("/personen/import/", {"file": SimpleUploadedFile("m.csv", data)})
    refused(answer, "\u202e")
    assert not Person.objects.filter(name__contains="\u202e").exists()
