"""Addresses of the tests of the one-writer rule: the application's, and two views that write
the way a careless new view would (read, then write; write, then fail)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from tafelrunde.web.core.models import Event
from tafelrunde.web.core.urls import urlpatterns as app


def next_number(request: HttpRequest) -> HttpResponse:
    """Read the highest number given, then give the next one (read, then write)."""
    taken = [int(e.name) for e in Event.objects.filter(kind="nummer")]
    Event.objects.create(name=str(max(taken, default=0) + 1), kind="nummer")
    return HttpResponse(status=204)


def half_done(request: HttpRequest) -> HttpResponse:
    """Write, then fail."""
    Event.objects.create(name="halb", kind="halb")
    raise RuntimeError("failed after a write")


urlpatterns = [
    path("probe/nummer/", next_number),
    path("probe/halb/", half_done),
    *app,
]
