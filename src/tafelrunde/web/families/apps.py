"""The format families' web packages, registered when the apps are ready."""

from __future__ import annotations

from django.apps import AppConfig


class FamiliesConfig(AppConfig):
    """Registers each installed family's answers with the apps."""

    name = "tafelrunde.web.families"
    label = "families"

    def ready(self) -> None:
        """Add the installed families' answers."""
        from tafelrunde.web.families.installed import register_all

        register_all()
