"""The knockout family's face: its tabs, the page of each part, its ranking with prizes."""

from __future__ import annotations

from tafelrunde.engine.families import KNOCKOUT
from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.engine.knockout.results import donation_total, fees_total, schock_out_kings
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.knockout import knockout_read
from tafelrunde.web.core.faces import OVERVIEW, SEATS, Column, Face
from tafelrunde.web.core.models import TournamentRecord


def ranking(rec: TournamentRecord) -> dict[str, object]:
    """A knockout's ranking with its prizes, Schock-Aus-König and money."""
    _, ko = knockout_read(rec)
    return {
        "finished": ko.finished,
        "rows": knockout_ranking_rows(ko),
        "prizes": True,
        "kings": [ko.players[p].name for p in schock_out_kings(ko)],
        "donations": donation_total(ko),
        "fees": fees_total(ko),
    }


FACE = Face(
    KNOCKOUT,
    (
        OVERVIEW,
        SEATS,
        ("ko-players", msg("Registration")),
        ("ko-tables", msg("Tables")),
        ("ko-standings", msg("Lives & chips")),
    ),
    {"players": "ko-players", "tables": "ko-tables", "standings": "ko-standings"},
    {
        "collect_fee": "ko-players",
        "check_in": "ko-players",
        "register": "ko-players",
        "finished": "ranking",
    },
    ranking,
    (Column("prize", msg("Prize"), "key", "wrap"),),
)
