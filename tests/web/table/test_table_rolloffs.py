"""Players enter a Stechen at their table's link and another player confirms it on another
phone; under `rolloffs_at_table = false` the page only announces it."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from linkhelpers import (
    confirm,
    csrf_post,
    enter,
    entered_at_table_1,
    phone,
    seats,
    tap,
    tokens,
)
from rolloffhelpers import counted, last_fact, rolloff_form, send
from webhelpers import (
    create,
    fresh,
    logged,
    organiser,
    preview_seed,
    release,
    state_of,
    text,
)

from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.presets import preset_text
from tafelrunde.web.core.models import AuditEntry, FactRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]


def stechen(
    pips: tuple[int, ...] = (17, 17, 12, 9),
) -> tuple[int, str, tuple[str, ...], Client, Client]:
    """A tie at table 1 entered on the first player's phone and confirmed on the second's:
    the Stechen is open; both phones have tapped their names."""
    _client, pk, token, table, first, second = entered_at_table_1(pips)
    assert confirm(second, token, last_fact(pk).n).status_code == 302  # type: ignore[attr-defined]
    assert [n.kind for n in open_rolloffs(state_of(pk), 1)] == ["stechen"]
    return pk, token, table, first, second


def test_a_stechen_is_entered_at_the_table_and_confirmed_on_another_phone() -> None:
    pk, token, (a, b, _c, _d), first, second = stechen()
    name = state_of(pk).tournament.name_of
    page = text(first.get(f"/tisch/{token}/"))
    assert "Wer hat gewonnen?" in page and "Noch auszuspielen an diesem Tisch" in page
    form = rolloff_form(first, token)
    assert sorted(form.choices["winner"]) == sorted((a, b))
    assert send(first, token, form, winner=b).status_code == 302  # type: ignore[attr-defined]
    assert "Gespeichert: eingetragen – wartet auf Bestätigung." in text(
        first.get(f"/tisch/{token}/")
    )
    assert not counted(pk) and last_fact(pk).data["type"] == "rolloffentered"
    shown = text(second.get(f"/tisch/{token}/"))
    assert f"Eingetragen von {name(a)}: <strong>1. {name(b)}, 2. {name(a)}</strong>" in shown
    yes = rolloff_form(second, token, "rolloff-confirm")
    assert send(second, token, yes).status_code == 302  # type: ignore[attr-defined]
    after = text(second.get(f"/tisch/{token}/"))
    assert "Gespeichert: Das Stechen ist bestätigt und zählt." in after
    assert "Noch auszuspielen" not in after and counted(pk)
    cur = state_of(pk).current
    assert cur is not None and (cur.totals[b].points, cur.totals[a].points) == (6, 5)
    lines = AuditEntry.objects.filter(tournament_id=pk).order_by("pk")
    assert [e.who for e in lines][-2:] == [
        f"Tisch 1 · {name(a)} (Handy 1)",
        f"Tisch 1 · {name(b)} (Handy 2)",
    ]
    assert logged(fresh(pk))[-2:] == [
        "Stechen an Tisch 1 eingetragen",
        "Stechen an Tisch 1 bestätigt",
    ]
    log = text(Client().get(f"/turniere/{pk}/protokoll/"))
    assert f"Stechen am Tisch 1 eingetragen von {name(a)}" in log


def test_the_same_phone_cannot_confirm_its_own_entry_and_a_double_tap_stores_once() -> None:
    pk, token, (a, b, _c, _d), _first, _second = stechen()
    staff = Client(enforce_csrf_checks=True)
    organiser(staff)  # the staff may tap any name, all on this one phone
    tap(staff, token, a)
    form = rolloff_form(staff, token)
    send(staff, token, form, winner=a)
    count = FactRecord.objects.count()
    send(staff, token, form, winner=a)  # the same tap again
    assert "Das war schon gespeichert." in text(staff.get(f"/tisch/{token}/"))
    assert FactRecord.objects.count() == count
    entry = last_fact(pk)
    tap(staff, token, b)
    page = text(staff.get(f"/tisch/{token}/"))
    assert "Auf diesem Handy eingetragen" in page and 'value="rolloff-confirm"' not in page
    forged = {"action": "rolloff-confirm", "entry": str(entry.n), "mark": str(entry.n)}
    assert csrf_post(staff, f"/tisch/{token}/", forged).status_code == 302  # type: ignore[attr-defined]
    assert "auf diesem Handy eingetragen" in text(staff.get(f"/tisch/{token}/"))
    assert FactRecord.objects.count() == count and not counted(pk)


def test_a_roll_off_of_three_is_entered_place_by_place() -> None:
    pk, token, (a, b, c, _d), first, second = stechen((17, 17, 17, 9))
    form = rolloff_form(first, token)
    assert form.selects["order"][0] == "" and "Platz 3" in text(first.get(f"/tisch/{token}/"))
    send(first, token, form, order=[c, a, b])
    assert text(second.get(f"/tisch/{token}/")).count('value="rolloff-confirm"') == 1
    send(second, token, rolloff_form(second, token, "rolloff-confirm"))
    cur = state_of(pk).current
    assert cur is not None and counted(pk)
    assert [cur.totals[p].points for p in (c, a, b)] == [6, 5, 3]


def test_bad_input_is_refused_in_words_and_changes_nothing() -> None:
    pk, token, (a, _b, c, _d), first, _second = stechen()
    form = rolloff_form(first, token)
    count = FactRecord.objects.count()
    tries = [
        ({"winner": c}, "Bitte auf den Sieger des Stechens tippen."),
        ({"winner": "<script>"}, "Bitte auf den Sieger des Stechens tippen."),
        ({"order": [a, a]}, "Bitte jeden Spieler des Stechens genau einmal wählen"),
        ({"order": []}, "Bitte jeden Spieler des Stechens genau einmal wählen"),
        ({"winner": a, "rgame": "x"}, "Dieses Stechen ist nicht (mehr) offen."),
        ({"winner": a, "kind": "herzog"}, "Dieses Stechen ist nicht (mehr) offen."),
        ({"winner": a, "mark": "9999"}, "Inzwischen wurde an diesem Tisch etwas anderes"),
        ({"winner": a, "mark": ""}, "Inzwischen wurde an diesem Tisch etwas anderes"),
        ({"winner": c, "players": [a, c]}, "Dieses Stechen ist nicht (mehr) offen."),
        (
            {"action": "rolloff-confirm", "entry": "abc"},
            "Für dieses Stechen ist nichts eingetragen.",
        ),
        ({"action": "rolloff-confirm", "entry": "1"}, "Für dieses Stechen ist nichts eingetragen."),
    ]
    for changed, said in tries:
        response = send(first, token, form, **changed)
        assert response.status_code == 302, changed  # type: ignore[attr-defined]
        assert said in text(first.get(f"/tisch/{token}/")), changed
    assert FactRecord.objects.count() == count and not counted(pk)
    stranger = phone()  # no name tapped: nothing is taken
    send(stranger, token, form, winner=a)
    assert "Bitte zuerst auf den eigenen Namen tippen." in text(stranger.get(f"/tisch/{token}/"))
    assert FactRecord.objects.count() == count


def test_without_roll_offs_at_the_table_the_page_only_announces_it() -> None:
    client = Client()
    organiser(client)
    source = preset_text("gruppenmodus").replace(
        "rolloffs_at_table = true", "rolloffs_at_table = false"
    )
    upload = SimpleUploadedFile("regeln.toml", source.encode())
    pk = create(client, "", 12, ruleset=upload).pk
    seed, _ = preview_seed(client, pk, 7)
    assert release(client, pk, seed).status_code == 302
    token = tokens(client, pk)[0]
    a, b, c, d = seats(pk)
    first, second = phone(), phone()
    tap(first, token, a)
    enter(first, token, dict(zip((a, b, c, d), (17, 17, 12, 9), strict=True)))
    tap(second, token, b)
    confirm(second, token, last_fact(pk).n)
    page = text(first.get(f"/tisch/{token}/"))
    assert "Die Turnierleitung trägt das Stechen ein." in page and "Stechen um Platz 1." in page
    assert 'value="rolloff"' not in page and "Wer hat gewonnen?" not in page
    count = FactRecord.objects.count()
    forged = {"action": "rolloff", "kind": "stechen", "rgame": "1", "mark": "0",
              "players": [a, b], "winner": a}  # fmt: skip
    assert csrf_post(first, f"/tisch/{token}/", forged).status_code == 302  # type: ignore[attr-defined,arg-type]
    said = "Nach diesen Regeln trägt die Turnierleitung die Stechen ein."
    assert said in text(first.get(f"/tisch/{token}/"))
    assert FactRecord.objects.count() == count and not counted(pk)
