"""Pages for requests stopped before a view (a missing CSRF token, a locked login) or by an
error (the database out of reach)."""

from __future__ import annotations

import sys
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import defaults

from tafelrunde.web.core import unreachable
from tafelrunde.web.core.attempts import address_failures


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form without a valid CSRF token: say so in words, save nothing."""
    return render(request, "403_csrf.html", status=403)


def locked_out(request: HttpRequest, response: Any = None, credentials: Any = None) -> HttpResponse:
    """Too many wrong passwords for this user name, or for any names, from this address: say
    how long, and how an organiser unlocks it on the laptop; nothing else happens."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    context = {"limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    if address_failures(request) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
        context["limit"] = settings.LOGIN_ADDRESS_FAILURE_LIMIT
        context["address"] = True
    return render(request, "registration/locked.html", context, status=429)


def server_error(request: HttpRequest) -> HttpResponse:
    """A request that failed: 503 in words when the database could not be reached (e.g. in a
    middleware before any view), else the page that nothing was saved (500)."""
    failed = sys.exc_info()[1]
    if failed is not None and unreachable.lost(failed):
        unreachable.found_away()
        return unreachable.answer(request)
    return defaults.server_error(request)
