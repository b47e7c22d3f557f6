"""The pages: the public start page lists upcoming events and their tournaments."""

from __future__ import annotations

from django.db.models import F, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from tafelrunde.web.models import Event


def home(request: HttpRequest) -> HttpResponse:
    """Show upcoming events (those without a date last) with their tournaments."""
    today = timezone.localdate()
    events = (
        Event.objects.filter(Q(date__gte=today) | Q(date__isnull=True))
        .prefetch_related("tournaments")
        .order_by(F("date").asc(nulls_last=True), "name")
    )
    return render(request, "web/home.html", {"events": events})
