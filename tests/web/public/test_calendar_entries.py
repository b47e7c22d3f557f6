"""The calendar feeds read back with the `icalendar` library after any sequence of changes:
each UID once per feed, kinds spelled alike but for case are one kind, a SEQUENCE that never
goes back, and an event's description (its tournaments) moving SEQUENCE and LAST-MODIFIED."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st
from icalendar import Calendar

from factories import dated_tournament, logged_in
from tafelrunde.web.core.models import CancelledEvent, Event, TournamentRecord
from tafelrunde.web.public.ical import kinds

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DAY = datetime.date(2026, 12, 4)
KINDS = ("Spieleabend", "spieleabend", "Schocken")


def entries(path: str = "/termine.ics") -> list[dict[str, object]]:
    """The VEVENTs of a feed: uid, summary, sequence, status, last-modified, description."""
    answer = Client().get(path)
    assert answer.status_code == 200, (path, answer.status_code)
    return [
        {"uid": str(e["uid"]), "summary": str(e["summary"]), "sequence": int(e["sequence"]),
         "status": str(e["status"]), "modified": e.decoded("last-modified"),
         "description": str(e.get("description", ""))}
        for e in Calendar.from_ical(answer.content).walk("VEVENT")
    ]  # fmt: skip


def feeds() -> list[str]:
    """Every feed's address: all dates and one per kind."""
    return ["/termine.ics", *(f"/termine/{slug}.ics" for slug in kinds())]


def post(client: Client, path: str, data: dict[str, str] | None = None) -> None:
    """A form sent by the organisers, taken."""
    assert client.post(path, data or {}).status_code == 302, path


def event_data(name: str, day: datetime.date | None, kind: str) -> dict[str, str]:
    """The event form's fields."""
    return {"name": name, "date": day.isoformat() if day else "", "kind": kind}


def test_a_changed_kind_then_a_deletion_leaves_one_cancelled_entry() -> None:
    client = logged_in()
    post(client, "/termine/neu/", event_data("Abend", DAY, "Spieleabend"))
    pk = Event.objects.get().pk
    post(client, f"/termine/{pk}/", event_data("Abend", DAY, "Schocken"))
    post(client, f"/termine/{pk}/loeschen/")
    shown = entries()
    assert [(e["status"], e["sequence"]) for e in shown] == [("CANCELLED", 2)]
    for path in feeds():
        assert len(entries(path)) == 1, path


def test_kinds_that_differ_only_in_case_are_one_kind_with_one_feed() -> None:
    client = logged_in()
    post(client, "/termine/neu/", event_data("Erster", DAY, "Spieleabend"))
    post(client, "/termine/neu/", event_data("Zweiter", DAY, "spieleabend"))
    assert set(Event.objects.values_list("kind", flat=True)) == {"Spieleabend"}
    Event.objects.create(name="Dritter", date=DAY, kind="SPIELEABEND")  # stored before
    shown = {str(e["summary"]).split(" (")[0] for e in entries("/termine/spieleabend.ics")}
    assert shown == {"Erster", "Zweiter", "Dritter"}


def test_a_new_description_moves_sequence_and_last_modified() -> None:
    client = logged_in()
    post(client, "/termine/neu/", event_data("Abend", DAY, "Spieleabend"))
    event = Event.objects.get()
    Event.objects.update(changed_at=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC))
    (before,) = entries()
    rec = dated_tournament("C", 8, DAY, play=False, name="Vereinspokal")
    post(client, f"/turniere/{rec.pk}/termin/", {"event": str(event.pk), "day": DAY.isoformat()})
    (joined,) = entries()
    assert joined["description"] == "Vereinspokal"
    assert joined["sequence"] == before["sequence"] + 1  # type: ignore[operator]
    assert joined["modified"] > before["modified"]  # type: ignore[operator]
    post(client, f"/turniere/{rec.pk}/loeschen/")
    (left,) = entries()
    assert left["description"] == "" and left["sequence"] == joined["sequence"] + 1  # type: ignore[operator]


STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("create"), st.integers(0, 2), st.booleans()),
        st.tuples(st.just("kind"), st.integers(0, 2), st.integers(0, 2)),
        st.tuples(st.just("describe"), st.integers(0, 2), st.booleans()),
        st.tuples(st.just("undate"), st.integers(0, 2), st.booleans()),
        st.tuples(st.just("delete"), st.integers(0, 2), st.booleans()),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=15, deadline=None)
@given(STEPS)
def test_every_feed_has_each_uid_once_and_sequences_never_go_back(
    steps: list[tuple[str, int, object]],
) -> None:
    rec = TournamentRecord.objects.first() or dated_tournament("C", 8, DAY, play=False)
    Event.objects.all().delete()
    CancelledEvent.objects.all().delete()
    client, seen = logged_in(), dict[tuple[str, str], int]()
    for op, which, arg in steps:
        events = list(Event.objects.order_by("pk"))
        event = events[which % len(events)] if events else None
        if op == "create" or event is None:
            post(client, "/termine/neu/", event_data(f"Abend {len(events)}", DAY, KINDS[which]))
        elif op == "kind":
            post(client, f"/termine/{event.pk}/", event_data(event.name, event.date,
                                                             KINDS[int(arg)]))  # fmt: skip
        elif op == "describe":
            target = str(event.pk) if arg else ""
            post(client, f"/turniere/{rec.pk}/termin/", {"event": target, "day": DAY.isoformat()})
        elif op == "undate":
            day = None if event.date else DAY
            post(client, f"/termine/{event.pk}/", event_data(event.name, day, event.kind))
        else:
            post(client, f"/termine/{event.pk}/loeschen/")
        for path in feeds():
            shown = entries(path)
            twice = [u for u, n in Counter(e["uid"] for e in shown).items() if n > 1]
            assert not twice, (path, shown)
            for e in shown:
                key = (path, str(e["uid"]))
                assert int(e["sequence"]) >= seen.get(key, 0), (path, shown)  # type: ignore[call-overload]
                seen[key] = int(e["sequence"])  # type: ignore[call-overload]
