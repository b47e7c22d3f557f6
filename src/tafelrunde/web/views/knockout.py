"""Format D in the browser: registration, queues, tables with chips, lives, Schock aus."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from tafelrunde.web.views.common import record_of
from tafelrunde.web.views.tournaments import page


def players(request: HttpRequest, pk: int) -> HttpResponse:
    """Registration: add, pay, check in, withdraw."""
    return page(request, record_of(pk), "web/ko_players.html", {})


def tables(request: HttpRequest, pk: int) -> HttpResponse:
    """Queues, open tables with chips and clock, game losers."""
    return page(request, record_of(pk), "web/ko_tables.html", {})


def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Lives and chips of everybody."""
    return page(request, record_of(pk), "web/ko_standings.html", {})
