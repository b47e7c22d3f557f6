"""Print pages: table cards with QR codes, score sheets, lists, rankings and certificates."""

from __future__ import annotations

from django.apps import AppConfig


class PaperConfig(AppConfig):
    """Print pages: table cards with QR codes, score sheets, lists, rankings and certificates."""

    name = "tafelrunde.web.paper"
    label = "paper"
