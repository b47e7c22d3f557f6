"""The frame of a tournament's pages: its tabs, the time stamp of entries."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.views.common import say


def stamp() -> str:
    """The time of an entry, as stored with its facts."""
    return timezone.localtime().replace(microsecond=0).isoformat()


def tabs(rec: TournamentRecord) -> list[tuple[str, str]]:
    """The tabs of a tournament's pages: address name and label."""
    if rec.format == "D":
        pages = [
            ("tournament", say("Übersicht", "Overview")),
            ("ko-players", say("Anmeldung", "Registration")),
            ("ko-tables", say("Tische", "Tables")),
            ("ko-standings", say("Leben & Chips", "Lives & chips")),
        ]
    else:
        pages = [
            ("tournament", say("Übersicht", "Overview")),
            ("players", say("Spieler", "Players")),
            ("draw", say("Auslosung", "Draw")),
            ("tables", say("Tische & Ergebnisse", "Tables & results")),
            ("standings", say("Stand", "Standings")),
        ]
    return [
        *pages,
        ("ranking", say("Endstand & Preise", "Ranking & prizes")),
        ("rules", say("Regeln", "Rules")),
        ("log", say("Protokoll", "Log")),
    ]


def page(
    request: HttpRequest, rec: TournamentRecord, template: str, context: dict[str, Any]
) -> HttpResponse:
    """Render one of a tournament's pages with its tabs."""
    base = {
        "rec": rec,
        "tabs": tabs(rec),
        "here": request.resolver_match.url_name if request.resolver_match else "",
        "organiser": request.user.is_authenticated,
    }
    return render(request, template, base | context)
