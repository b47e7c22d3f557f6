"""The Django app of Tafelrunde."""

from __future__ import annotations

from django.apps import AppConfig


class WebConfig(AppConfig):
    """Tafelrunde's web app: events, tournaments and their facts."""

    name = "tafelrunde.web"
    label = "web"
    verbose_name = "Tafelrunde"
