"""What the print pages keep: the club's name and logo (one for the whole installation)."""

from __future__ import annotations

from django.db import models


class ClubLook(models.Model):
    """The club's name and logo, printed on table cards and certificates."""

    club_name = models.CharField("Vereinsname", max_length=80, blank=True, default="")
    logo = models.BinaryField("Logo (PNG)", blank=True, default=b"")  # re-encoded on upload
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        """Name the club."""
        return self.club_name or "Verein"
