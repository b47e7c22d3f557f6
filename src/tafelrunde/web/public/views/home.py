"""The public start page: upcoming events with their tournaments."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from django.db.models import F, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from tafelrunde.web.core.models import Event, TournamentRecord
from tafelrunde.web.core.roles import is_staff
from tafelrunde.web.core.shared import shared
from tafelrunde.web.public.ical import kinds


def _upcoming() -> Q:
    """The events still to come (today's included) and those without a date."""
    return Q(date__gte=timezone.localdate()) | Q(date__isnull=True)


def home_mark(*_: Any, **__: Any) -> Hashable:
    """What the start page shows a visitor: the day, the upcoming events and their
    tournaments (a change of one, its rules included, gives it a new revision)."""
    events = tuple(
        Event.objects.filter(_upcoming()).order_by("pk").values_list("pk", "name", "date", "kind")
    )
    tournaments = tuple(
        TournamentRecord.objects.filter(event__in=[e[0] for e in events])
        .order_by("pk")
        .values_list("pk", "name", "format", "event_id", "revision")
    )
    return timezone.localdate(), events, tournaments, tuple(sorted(kinds()))  # (the feeds)


@shared(home_mark)
def home(request: HttpRequest) -> HttpResponse:
    """Show upcoming events (those without a date last), their tournaments, and loose ones."""
    today = timezone.localdate()
    events = (
        Event.objects.filter(_upcoming())
        .prefetch_related("tournaments")
        .order_by(F("date").asc(nulls_last=True), "name")
    )
    feeds = [
        (kind, reverse("calendar-kind", args=[slug])) for slug, kind in sorted(kinds().items())
    ]
    context: dict[str, Any] = {"events": events, "feeds": feeds}
    if is_staff(request.user):
        context["past"] = Event.objects.filter(date__lt=today).order_by("-date")[:20]
        context["loose"] = TournamentRecord.objects.filter(event__isnull=True).order_by("-pk")
    return render(request, "public/home.html", context)
