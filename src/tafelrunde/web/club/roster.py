"""A tournament's players as the club sees them: id and name, late and format-D players too."""

from __future__ import annotations

from tafelrunde.engine.facts import Tournament
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord


def players_of(rec: TournamentRecord) -> list[tuple[str, str]]:
    """Every player of the tournament (id, name) in registration order, withdrawn ones too."""
    tour, state = read_only(rec)
    if isinstance(tour, Tournament):
        return [(p.id, p.name) for p in [*tour.players, *tour.late_players()]]
    return [(pid, p.name) for pid, p in state.players.items()]
