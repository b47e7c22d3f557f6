"""The read-only JSON API of the club: events, tournaments, standings, rankings, seasons."""

from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The read-only JSON API of the club: events, tournaments, standings, rankings, seasons."""

    name = "tafelrunde.web.api"
    label = "api"
