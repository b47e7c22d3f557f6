"""The club's people: persons (members and guests) across tournaments, linked to players."""

from __future__ import annotations

from django.apps import AppConfig


class ClubConfig(AppConfig):
    """The club's people: persons (members and guests) across tournaments, linked to players."""

    name = "tafelrunde.web.club"
    label = "club"
