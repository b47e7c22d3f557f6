"""The knockout family in the API: no stages nor standings, each place's player."""

from __future__ import annotations

from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.web.api.family_parts import ApiPart, Rows
from tafelrunde.web.core.domain.knockout import knockout_read
from tafelrunde.web.core.models import TournamentRecord


def places(rec: TournamentRecord) -> Rows:
    """Each place's player (no stages)."""
    rows = knockout_ranking_rows(knockout_read(rec)[1])
    return [{"player": str(r["id"]), "stage_key": None, "stage_rank": None} for r in rows]


API = ApiPart(
    lambda _rec: [], lambda rec: bool(knockout_read(rec)[1].tables), lambda _rec: [], places
)
