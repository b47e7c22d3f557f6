"""A tournament's event and day changed after it was created: what seasons date it by."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from rolehelpers import referee
from webhelpers import create, logged, organiser, text

from tafelrunde.web.club.club_ratings import played_on
from tafelrunde.web.core.models import Event, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_an_organiser_puts_a_tournament_into_an_event_and_dates_it() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    event = Event.objects.create(name="Spieleabend März", date=datetime.date(2026, 3, 5))
    url = f"/turniere/{rec.pk}/termin/"
    assert f'href="{url}"' in text(client.get(f"/turniere/{rec.pk}/"))
    assert "Spieleabend März" in text(client.get(url))
    answer = client.post(url, {"event": str(event.pk), "day": ""})
    assert answer.status_code == 302
    rec = TournamentRecord.objects.get(pk=rec.pk)
    assert rec.event == event and played_on(rec) == "2026-03-05"
    assert "Spieleabend März" in text(client.get(answer["Location"]))  # in the heading
    client.post(url, {"event": str(event.pk), "day": "2026-03-06"})
    assert played_on(TournamentRecord.objects.get(pk=rec.pk)) == "2026-03-06"
    assert "Termin des Turniers: Spieleabend März; Tag: 2026-03-06" in logged(rec)


def test_bad_input_is_refused_at_its_field_and_changes_nothing() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    url = f"/turniere/{rec.pk}/termin/"
    for data, said in [
        ({"event": "999", "day": ""}, "Diesen Termin gibt es nicht."),
        ({"event": "x<script>", "day": ""}, "Diesen Termin gibt es nicht."),
        ({"event": "", "day": "31.02.2026"}, "Bitte ein gültiges Datum."),
    ]:
        answer = client.post(url, data)
        assert answer.status_code == 400 and said in text(answer), data
    rec2 = TournamentRecord.objects.get(pk=rec.pk)
    assert (rec2.event_id, rec2.day, rec2.revision) == (None, None, rec.revision)


def test_format_d_keeps_its_day_and_only_organisers_may_change_the_event() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "schocken-ko", 8, day="2027-04-01")
    page = text(client.get(f"/turniere/{rec.pk}/termin/"))
    assert 'name="event"' in page and 'name="day"' not in page
    event = Event.objects.create(name="Schockabend", date=datetime.date(2027, 4, 2))
    client.post(f"/turniere/{rec.pk}/termin/", {"event": str(event.pk), "day": "2028-01-01"})
    rec = TournamentRecord.objects.get(pk=rec.pk)
    assert rec.event == event and rec.day == datetime.date(2027, 4, 1)
    assert Client().get(f"/turniere/{rec.pk}/termin/").status_code == 302  # to the login
    other = Client()
    referee(other)
    assert other.post(f"/turniere/{rec.pk}/termin/", {"event": ""}).status_code == 403
    assert TournamentRecord.objects.get(pk=rec.pk).event == event
