"""The club's dates as an iCalendar feed (RFC 5545), made with the `icalendar` library:
every event with a date as an all-day event with a lasting UID and a SEQUENCE that grows
with each change, and deleted events as CANCELLED, so subscribed calendars follow along.
Events whose date is not fixed yet are not in the feed (the start page lists them).

A feed is made once per state of the club's dates (and per title and address) and served
from its kept bytes; while it is being made anew, the requests meanwhile get the one before
(calendars fetch it hourly and may keep it five minutes) instead of each waiting for it."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from django.db.models import Count, Max, Sum
from django.utils.text import slugify
from icalendar import Calendar
from icalendar import Event as Vevent

from tafelrunde.web.core.conditional import etag_of
from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.models import CancelledEvent, Event, TournamentRecord

PRODID = "-//Tafelrunde//Termine//DE"
DOMAIN = "tafelrunde"  # UIDs read "<uid>@tafelrunde"
CANCELLED_KEPT = 200  # the newest cancelled events the feed still reports


def kinds() -> dict[str, str]:
    """Each event kind by the slug of its feed's address ("Spieleabend" → "spieleabend")."""
    found = Event.objects.exclude(kind="").values_list("kind", flat=True).distinct()
    gone = CancelledEvent.objects.exclude(kind="").values_list("kind", flat=True).distinct()
    return {slugify(k): k for k in [*gone, *found] if slugify(k)}


@dataclass(frozen=True)
class Made:
    """A finished feed: the state of the dates it shows, its bytes and their ETag."""

    mark: Hashable
    body: bytes
    etag: str


FEEDS: Kept[tuple[str, str, str | None], Made] = Kept(64)  # by title, address and kind's slug


def dates_mark() -> Hashable:
    """Everything a feed shows of the club's dates, in three small queries: the events and
    the cancellations (each change of one stamps it with the time), and the tournaments at
    an event (their names never change)."""
    events = Event.objects.exclude(date=None).aggregate(
        Count("pk"), Sum("pk"), Sum("sequence"), Max("changed_at")
    )
    cancelled = CancelledEvent.objects.aggregate(
        Count("pk"), Sum("pk"), Sum("sequence"), Max("cancelled_at")
    )
    at_events = TournamentRecord.objects.exclude(event=None).aggregate(
        Count("pk"), Sum("pk"), Sum("event_id"), Max("pk")
    )
    return tuple(tuple(sorted(found.items())) for found in (events, cancelled, at_events))


def kept_feed(title: str, home: str, slug: str | None = None) -> Made:
    """The feed as `feed` makes it, kept per state of the club's dates; while another request
    makes it anew, the one made before."""
    key, mark = (title, home, slug), dates_mark()
    kept = FEEDS.peek(key)
    if kept is not None and kept.mark == mark:
        return kept
    maker = FEEDS.maker(key)
    if kept is not None and not maker.acquire(blocking=False):
        return kept  # being made anew this moment: the one before, as a cache would
    if kept is None:
        maker.acquire()
    try:
        again = FEEDS.peek(key)
        if again is not None and again.mark == mark:
            return again
        body = feed(title, home, slug)
        return FEEDS.put(key, Made(mark, body, etag_of(body)))
    finally:
        maker.release()


def feed(title: str, home: str, slug: str | None = None) -> bytes:
    """The feed of every dated event (of the kinds of one address), and of the cancelled
    ones: each UID once (the newest cancellation of an event cancelled in several kinds)."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", title)
    cal.add("refresh-interval", timedelta(hours=1), parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", "PT1H")
    events = Event.objects.exclude(date=None).prefetch_related("tournaments")
    seen = set()
    for e in events:
        if _of_kind(e.kind, slug):
            seen.add(e.uid)
            names = [t.name for t in e.tournaments.all()]
            cal.add_component(_vevent(Dated(e.uid, e.name, e.date, e.kind, e.sequence,  # type: ignore[arg-type]
                                            e.changed_at, "CONFIRMED", names), home))  # fmt: skip
    cancelled = 0
    for c in CancelledEvent.objects.order_by("-cancelled_at", "-sequence", "-pk").iterator():
        if cancelled == CANCELLED_KEPT:
            break
        if c.uid in seen or not _of_kind(c.kind, slug):
            continue
        seen.add(c.uid)
        cancelled += 1
        cal.add_component(_vevent(Dated(c.uid, c.name, c.date, c.kind, c.sequence,
                                        c.cancelled_at, "CANCELLED"), home))  # fmt: skip
    return cal.to_ical()


def _of_kind(kind: str, slug: str | None) -> bool:
    """Whether an event of this kind is in the feed of that address (None: every feed); kinds
    spelled alike but for case or punctuation share one address."""
    return slug is None or slugify(kind) == slug


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
