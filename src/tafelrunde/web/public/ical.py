"""The club's dates as an iCalendar feed (RFC 5545), made with the `icalendar` library:
every event with a date as an all-day event with a lasting UID and a SEQUENCE that grows
with each change, and deleted events as CANCELLED, so subscribed calendars follow along.
Events whose date is not fixed yet are not in the feed (the start page lists them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from django.utils.text import slugify
from icalendar import Calendar
from icalendar import Event as Vevent

from tafelrunde.web.core.models import CancelledEvent, Event

PRODID = "-//Tafelrunde//Termine//DE"
DOMAIN = "tafelrunde"  # UIDs read "<uid>@tafelrunde"
CANCELLED_KEPT = 200  # the newest cancelled events the feed still reports


def kinds() -> dict[str, str]:
    """Each event kind by the slug of its feed's address ("Spieleabend" → "spieleabend")."""
    found = Event.objects.exclude(kind="").values_list("kind", flat=True).distinct()
    gone = CancelledEvent.objects.exclude(kind="").values_list("kind", flat=True).distinct()
    return {slugify(k): k for k in [*gone, *found] if slugify(k)}


def feed(title: str, home: str, kind: str | None = None) -> bytes:
    """The feed of every dated event (of one kind), and of the cancelled ones."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", title)
    cal.add("refresh-interval", timedelta(hours=1), parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", "PT1H")
    events = Event.objects.exclude(date=None).prefetch_related("tournaments")
    cancelled = CancelledEvent.objects.order_by("-cancelled_at")
    if kind is not None:
        events, cancelled = events.filter(kind=kind), cancelled.filter(kind=kind)
    cancelled = cancelled.exclude(uid__in=events.values("uid"))  # (the date moved, and is here)
    for e in events:
        names = [t.name for t in e.tournaments.all()]
        cal.add_component(_vevent(Dated(e.uid, e.name, e.date, e.kind, e.sequence,  # type: ignore[arg-type]
                                        e.changed_at, "CONFIRMED", names), home))  # fmt: skip
    for c in cancelled[:CANCELLED_KEPT]:
        cal.add_component(_vevent(Dated(c.uid, c.name, c.date, c.kind, c.sequence,
                                        c.cancelled_at, "CANCELLED"), home))  # fmt: skip
    return cal.to_ical()


@dataclass(frozen=True)
class Dated:
    """What the feed tells of one event."""

    uid: str
    name: str
    day: date
    kind: str
    sequence: int
    stamp: datetime  # when it last changed
    status: str  # CONFIRMED or CANCELLED
    tournaments: list[str] = field(default_factory=list)


def _vevent(d: Dated, home: str) -> Vevent:
    """One all-day event of the feed."""
    ev = Vevent()
    ev.add("uid", f"{d.uid}@{DOMAIN}")
    ev.add("dtstamp", d.stamp.astimezone(UTC))
    ev.add("last-modified", d.stamp.astimezone(UTC))
    ev.add("dtstart", d.day)
    ev.add("dtend", d.day + timedelta(days=1))
    ev.add("summary", f"{d.name} ({d.kind})" if d.kind else d.name)
    ev.add("sequence", d.sequence)
    ev.add("status", d.status)
    ev.add("transp", "TRANSPARENT")
    if d.kind:
        ev.add("categories", [d.kind])
    if d.tournaments:
        ev.add("description", ", ".join(d.tournaments))
    ev.add("url", home)
    return ev
