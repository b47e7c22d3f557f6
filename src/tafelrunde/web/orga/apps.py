"""The organiser's and referee's pages: create, rules, players, draws, results."""

from __future__ import annotations

from django.apps import AppConfig


class OrgaConfig(AppConfig):
    """The organiser's and referee's pages: create, rules, players, draws, results."""

    name = "tafelrunde.web.orga"
    label = "orga"
