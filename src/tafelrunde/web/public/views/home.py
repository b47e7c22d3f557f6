"""The public start page: upcoming events with their tournaments."""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from tafelrunde.web.core.models import Event, TournamentRecord
from tafelrunde.web.core.roles import is_staff


def home(request: HttpRequest) -> HttpResponse:
    """Show upcoming events (those without a date last), their tournaments, and loose ones."""
    today = timezone.localdate()
    events = (
        Event.objects.filter(Q(date__gte=today) | Q(date__isnull=True))
        .prefetch_related("tournaments")
        .order_by(F("date").asc(nulls_last=True), "name")
    )
    context: dict[str, Any] = {"events": events}
    if is_staff(request.user):
        context["past"] = Event.objects.filter(date__lt=today).order_by("-date")[:20]
        context["loose"] = TournamentRecord.objects.filter(event__isnull=True).order_by("-pk")
    return render(request, "public/home.html", context)
