"""The club's dates in every calendar: `/termine.ics` and one feed per kind, read back with the
`icalendar` library: dated events only, lasting UIDs, SEQUENCE up on each change, a deleted
event CANCELLED; a wrong kind or method gets a clear answer and changes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from icalendar import Calendar
from webhelpers import organiser

from tafelrunde.web.core.models import CancelledEvent, Event

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

DAY = datetime.date(2026, 12, 4)


def read(client: Client, path: str = "/termine.ics") -> Calendar:
    """A feed as a calendar reads it."""
    answer = client.get(path)
    assert answer.status_code == 200, answer.status_code
    assert answer["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(answer.content)


def by_summary(cal: Calendar) -> dict[str, dict[str, object]]:
    """The feed's events by their summary: uid, start, end, sequence, status."""
    return {
        str(e["summary"]): {
            "uid": str(e["uid"]), "start": e.decoded("dtstart"), "end": e.decoded("dtend"),
            "sequence": int(e["sequence"]), "status": str(e["status"]),
        }
        for e in cal.walk("VEVENT")
    }  # fmt: skip


def saved(client: Client, data: dict[str, str], pk: int | None = None) -> None:
    """Create or change an event through the organisers' form."""
    path = f"/termine/{pk}/" if pk else "/termine/neu/"
    assert client.post(path, data).status_code == 302


def test_dated_events_are_in_the_feed_with_a_lasting_uid_and_a_growing_sequence() -> None:
    client = Client()
    organiser(client)
    saved(client, {"name": "Spieleabend", "date": DAY.isoformat(), "kind": "Spieleabend"})
    saved(client, {"name": "Strategieabend", "date": "", "kind": "Spieleabend"})  # not fixed
    cal = read(Client())
    assert str(cal["x-wr-calname"]) == "Termine des Vereins"
    shown = by_summary(cal)
    assert list(shown) == ["Spieleabend (Spieleabend)"]  # "steht noch nicht fest": not here
    first = shown["Spieleabend (Spieleabend)"]
    assert first["start"] == DAY and first["end"] == DAY + datetime.timedelta(days=1)
    assert first["sequence"] == 0 and first["status"] == "CONFIRMED"
    event = Event.objects.get(name="Spieleabend")
    saved(client, {"name": "Spieleabend", "date": "2026-12-11", "kind": "Spieleabend"}, event.pk)
    moved = by_summary(read(Client()))["Spieleabend (Spieleabend)"]
    assert moved["uid"] == first["uid"] and moved["sequence"] == 1  # the same event, moved
    assert moved["start"] == datetime.date(2026, 12, 11)
    saved(client, {"name": "Spieleabend", "date": "2026-12-11", "kind": "Spieleabend"}, event.pk)
    assert by_summary(read(Client()))["Spieleabend (Spieleabend)"]["sequence"] == 1  # unchanged
    home = Client().get("/").content.decode()
    assert "Strategieabend" in home  # the page lists it
    assert 'href="/termine.ics"' in home and 'href="/termine/spieleabend.ics"' in home


def test_a_deleted_event_is_cancelled_in_the_feed() -> None:
    client = Client()
    organiser(client)
    saved(client, {"name": "Schocken-Serie 3", "date": DAY.isoformat(), "kind": "Schocken"})
    saved(client, {"name": "Vielleicht", "date": "", "kind": "Schocken"})
    event = Event.objects.get(name="Schocken-Serie 3")
    before = by_summary(read(Client()))["Schocken-Serie 3 (Schocken)"]
    assert client.post(f"/termine/{event.pk}/loeschen/").status_code == 302
    assert (
        client.post(f"/termine/{Event.objects.get(name='Vielleicht').pk}/loeschen/").status_code
        == 302
    )
    after = by_summary(read(Client()))["Schocken-Serie 3 (Schocken)"]
    assert after["uid"] == before["uid"] and after["status"] == "CANCELLED"
    assert after["sequence"] == 1
    assert CancelledEvent.objects.count() == 1  # an undated event was never in a calendar


def test_one_feed_per_kind_and_a_wrong_kind_is_a_clear_404() -> None:
    client = Client()
    organiser(client)
    saved(client, {"name": "Spieleabend", "date": DAY.isoformat(), "kind": "Spieleabend"})
    saved(client, {"name": "Meisterschaft", "date": "2027-01-15", "kind": "Vereinsmeisterschaft"})
    only = by_summary(read(Client(), "/termine/vereinsmeisterschaft.ics"))
    assert list(only) == ["Meisterschaft (Vereinsmeisterschaft)"]
    assert "Vereinsmeisterschaft" in str(
        read(Client(), "/termine/vereinsmeisterschaft.ics")["x-wr-calname"]
    )
    for wrong in ("skat", "x" * 500, "%3Cscript%3E", "..%2F..%2Fetc"):
        answer = Client().get(f"/termine/{wrong}.ics")
        assert answer.status_code == 404
    assert Client().post("/termine.ics").status_code == 405
    assert Event.objects.count() == 2


def test_the_feed_shows_nothing_a_public_page_does_not() -> None:
    client = Client()
    organiser(client)
    saved(client, {"name": "Spieleabend", "date": DAY.isoformat(), "kind": "Spieleabend"})
    body = Client().get("/termine.ics").content.decode()
    assert "leitung" not in body and "@" in body  # UIDs only; no login, no e-mail address
    assert all(line.startswith(tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ ")) for line in body.splitlines())


def test_a_date_taken_back_or_a_kind_changed_is_cancelled_where_it_was() -> None:
    client = Client()
    organiser(client)
    saved(client, {"name": "Meisterschaft", "date": DAY.isoformat(), "kind": "Meisterschaft"})
    saved(client, {"name": "Übungsabend", "date": DAY.isoformat(), "kind": "Anfänger"})
    title = "Meisterschaft (Meisterschaft)"
    uid = by_summary(read(Client()))[title]["uid"]
    event = Event.objects.get(name="Meisterschaft")
    saved(client, {"name": "Meisterschaft", "date": "", "kind": "Meisterschaft"}, event.pk)
    gone = by_summary(read(Client()))[title]  # "steht noch nicht fest" again
    assert gone["uid"] == uid and gone["status"] == "CANCELLED" and gone["sequence"] == 1
    saved(
        client, {"name": "Meisterschaft", "date": "2027-01-09", "kind": "Meisterschaft"}, event.pk
    )
    back = by_summary(read(Client()))[title]
    assert back["uid"] == uid and back["status"] == "CONFIRMED" and back["sequence"] == 2
    other = Event.objects.get(name="Übungsabend")
    saved(client, {"name": "Übungsabend", "date": DAY.isoformat(), "kind": "Spieleabend"}, other.pk)
    old_feed = by_summary(read(Client(), "/termine/anfanger.ics"))
    assert old_feed["Übungsabend (Anfänger)"]["status"] == "CANCELLED"
    new_feed = by_summary(read(Client(), "/termine/spieleabend.ics"))
    assert new_feed["Übungsabend (Spieleabend)"]["status"] == "CONFIRMED"
    everything = [e for e in read(Client()).walk("VEVENT") if "Übungsabend" in str(e["summary"])]
    assert [str(e["status"]) for e in everything] == ["CONFIRMED"]  # one entry per UID there


def test_a_calendar_that_has_the_feed_gets_304_until_a_date_changes() -> None:
    client = Client()
    organiser(client)
    saved(client, {"name": "Spieleabend", "date": DAY.isoformat(), "kind": "Spieleabend"})
    first = Client().get("/termine.ics")
    tag = first["ETag"]
    again = Client().get("/termine.ics", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == tag
    assert Client().get("/termine.ics").content == first.content
    event = Event.objects.get(name="Spieleabend")
    saved(client, {"name": "Spieleabend", "date": "2026-12-11", "kind": "Spieleabend"}, event.pk)
    moved = Client().get("/termine.ics", HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200 and moved["ETag"] != tag
    assert (
        by_summary(Calendar.from_ical(moved.content))["Spieleabend (Spieleabend)"]["sequence"] == 1
    )
    kind = Client().get("/termine/spieleabend.ics", HTTP_IF_NONE_MATCH=moved["ETag"])
    assert kind.status_code == 200  # another feed, other bytes
    assert (
        Client().get("/termine/spieleabend.ics", HTTP_IF_NONE_MATCH=kind["ETag"]).status_code == 304
    )
