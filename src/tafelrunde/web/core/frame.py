"""The frame of a tournament's pages: its tabs, the time stamp of entries."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from tafelrunde.web.core.faces import FAMILY_PAGE, face_of
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.roles import is_organiser, is_staff

PER_PAGE = 50  # tables on one page of the tables page: small however large the tournament


def page_of(table: int) -> int:
    """The page (from 1) of the tables page that shows a table."""
    return (table - 1) // PER_PAGE + 1


def stamp() -> str:
    """The time of an entry, as stored with its facts."""
    return timezone.localtime().replace(microsecond=0).isoformat()


STAFF_TABS = {"print-menu"}  # what a visitor would only be asked to log in for


def here(request: HttpRequest) -> str:
    """The key of the tab the request shows: its address's name, or a family page's slug."""
    match = request.resolver_match
    if match is None:
        return ""
    if match.url_name == FAMILY_PAGE:
        return str(match.kwargs.get("page", ""))
    return match.url_name or ""


def page(
    request: HttpRequest, rec: TournamentRecord, template: str, context: dict[str, Any]
) -> HttpResponse:
    """Render one of a tournament's pages with its tabs."""
    staff = is_staff(request.user)
    base = {
        "rec": rec,
        "tabs": [t for t in face_of(rec).tabs(rec.pk) if staff or t[0] not in STAFF_TABS],
        "here": here(request),
        "organiser": is_organiser(request.user),
        "staff": staff,
    }
    return render(request, template, base | context)
