"""The knockout family on the projector: queues, open tables, the grand final, its ranking."""

from __future__ import annotations

from tafelrunde.engine.families import KNOCKOUT
from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.engine.knockout.results import schock_out_kings
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.knockout import knockout_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.live.slide import Slide, paged
from tafelrunde.web.live.slide_kinds import SlideKind
from tafelrunde.web.live.slides_common import RANKING_ROWS
from tafelrunde.web.live.slides_knockout import grand_final, ko_tables, queues


def final(rec: TournamentRecord, title: str) -> list[Slide]:
    """A knockout's final ranking with its prizes and the Schock-Aus-König."""
    state = knockout_read(rec)[1]
    rows = [
        [(r["place"], "n"), (r["name"], "name"), (r["prize"] or "", "")]
        for r in knockout_ranking_rows(state)
    ]
    kings = ", ".join(state.players[p].name for p in schock_out_kings(state))
    note = translated(msg("Schock-Aus-König")) + ": " + kings if kings else ""
    return paged("ranking", title, "live/slide_ranking.html", rows, RANKING_ROWS,
                 note=note, prizes=True)  # fmt: skip


SLIDE_KINDS = (
    SlideKind("queues", msg("Queues"), queues, 40, (KNOCKOUT,)),
    SlideKind(
        "ko_tables", msg("Open tables with chips, lives and clock"), ko_tables, 50, (KNOCKOUT,)
    ),
    SlideKind("grand_final", msg("Grand final"), grand_final, 60, (KNOCKOUT,)),
)
