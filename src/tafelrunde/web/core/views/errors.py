"""Pages for requests that fail before a view: a missing CSRF token."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form without a valid CSRF token: say so in words, save nothing."""
    return render(request, "403_csrf.html", status=403)
