"""The pages everyone reads: events, tournaments, standings, ranking, log."""

from __future__ import annotations

from django.apps import AppConfig


class PublicConfig(AppConfig):
    """The pages everyone reads: events, tournaments, standings, ranking, log."""

    name = "tafelrunde.web.public"
    label = "public"
