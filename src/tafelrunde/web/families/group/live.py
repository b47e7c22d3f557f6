"""The group family on the projector: its tables and standings slides, its final ranking."""

from __future__ import annotations

from tafelrunde.engine.families import GROUP
from tafelrunde.engine.groups.overall_ranking import group_ranking_table
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import group_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import ranking_deciders
from tafelrunde.web.core.templatetags.tafel import Translator
from tafelrunde.web.live.slide import Slide, paged
from tafelrunde.web.live.slide_kinds import SlideKind
from tafelrunde.web.live.slides_common import RANKING_ROWS
from tafelrunde.web.live.slides_group import standings, tables


def final(rec: TournamentRecord, title: str) -> list[Slide]:
    """A group format's final ranking with the stage each player reached."""
    tour, state = group_read(rec)
    _, table = group_ranking_table(tour, state)
    tr = Translator()  # the rows share their stage's title and labels
    rows = [
        [(place, "n"), (tr(name), "name"), (tr(stage), ""), (tr(values), "small"),
         (decided, "")]
        for (place, name, stage, _rank, values), decided in zip(
            table, ranking_deciders(state), strict=True)
    ]  # fmt: skip
    return paged("ranking", title, "live/slide_ranking.html", rows, RANKING_ROWS, prizes=False)


SLIDE_KINDS = (
    SlideKind("tables", msg("Tables and their state"), tables, 20, (GROUP,)),
    SlideKind("standings", msg("Standings"), standings, 30, (GROUP,)),
)
