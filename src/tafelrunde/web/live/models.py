"""What the live app keeps: each tournament's projector settings (none stored: the defaults)."""

from __future__ import annotations

from django.db import models

from tafelrunde.web.core.models import TournamentRecord


class ProjectorSettings(models.Model):
    """Which slide kinds the projector rotates, how long each stays, and its theme."""

    tournament = models.OneToOneField(
        TournamentRecord, on_delete=models.CASCADE, primary_key=True, related_name="projector"
    )
    kinds = models.JSONField("Folien", default=list)  # slide kinds that rotate, in order
    seconds = models.PositiveSmallIntegerField("Sekunden je Folie", default=12)
    theme = models.CharField("Farben", max_length=8, default="dark")
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        """Name the tournament whose projector this is."""
        return f"Beamer {self.tournament_id}"
