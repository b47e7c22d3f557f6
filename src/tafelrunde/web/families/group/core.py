"""The group family's face: its tabs, the page of each part, its overall ranking."""

from __future__ import annotations

from tafelrunde.engine.families import GROUP
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.overall_ranking import group_ranking_table
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import group_read
from tafelrunde.web.core.faces import OVERVIEW, SEATS, Column, Face
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import ranking_deciders, settled_memo
from tafelrunde.web.core.templatetags.tafel import Translator, lang


def ranking(rec: TournamentRecord) -> dict[str, object]:
    """The overall ranking of the tournament's state now."""
    return settled_ranking(rec, *group_read(rec))


def settled_ranking(
    rec: TournamentRecord, tour: Tournament, state: TournamentState
) -> dict[str, object]:
    """`group_ranking`, made again only when the settled state changed."""
    return settled_memo(rec, state, f"ranking-{lang()}", lambda: group_ranking(tour, state))


def group_ranking(tour: Tournament, state: TournamentState) -> dict[str, object]:
    """A group format's overall ranking: each player's place, the stage reached, its values."""
    _, table = group_ranking_table(tour, state)
    tr = Translator()  # the rows share their stage's title and labels
    rows = [
        {"place": place, "name": tr(name), "stage_title": tr(stage),
         "stage_rank": rank, "values": tr(values), "decided": decided}
        for (place, name, stage, rank, values), decided in zip(
            table, ranking_deciders(state), strict=True)
    ]  # fmt: skip
    return {"finished": state.finished, "rows": rows, "prizes": False}


FACE = Face(
    GROUP,
    (
        OVERVIEW,
        SEATS,
        ("players", msg("Players")),
        ("draw", msg("Draw")),
        ("tables", msg("Tables & results")),
        ("standings", msg("Standings")),
    ),
    {"players": "players", "tables": "tables", "standings": "standings"},
    {
        "draw": "draw",
        "players": "players",
        "finished": "ranking",
        "rolloff_disputed": "board",
        "result_disputed": "board",
    },
    ranking,
    (
        Column("stage_title", msg("stage reached"), "", "wrap"),
        Column("stage_rank", msg("rank there"), "n narrow-hide", "n narrow-hide"),
        Column("values", msg("points and tie-breaks"), "key", "wrap"),
        Column("decided", msg("decided by")),
    ),
)
