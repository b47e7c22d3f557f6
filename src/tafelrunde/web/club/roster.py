"""A tournament's players as the club sees them: id and name, late and format-D players too."""

from __future__ import annotations

from tafelrunde.web.club.family_parts import CLUB
from tafelrunde.web.core.models import TournamentRecord


def players_of(rec: TournamentRecord) -> list[tuple[str, str]]:
    """Every player of the tournament (id, name) in registration order, withdrawn ones too."""
    return CLUB.of(rec.family).players(rec)
