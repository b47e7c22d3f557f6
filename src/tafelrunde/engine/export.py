"""The overall ranking of any format as rows, and as CSV: one writer for CLI and web."""

from __future__ import annotations

import csv
import io
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import Tournament
from tafelrunde.engine.knockout import KnockoutState, KnockoutTournament
from tafelrunde.engine.knockout.results import prize_winners, ranking
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import msg

GROUP_COLUMNS: tuple[str, ...] = ("place", "name", "stage", "stage_rank")
KNOCKOUT_COLUMNS: tuple[str, ...] = ("place", "name", "prize")


def group_ranking_rows(state: TournamentState) -> list[dict[str, Any]]:
    """The overall ranking of a format A–C tournament as data."""
    return [
        {
            "place": r.place,
            "id": r.player,
            "name": state.tournament.name_of(r.player),
            "stage": r.stage,
            "stage_rank": r.stage_rank,
        }
        for r in state.overall()
    ]


def knockout_ranking_rows(state: KnockoutState) -> list[dict[str, Any]]:
    """The overall ranking of a format-D tournament, with the prizes once it is over."""
    prizes = {place: prize for place, _, prize in prize_winners(state)}
    return [
        {
            "place": r.place,
            "id": r.player,
            "name": state.players[r.player].name,
            "prize": prizes.get(r.place),
        }
        for r in ranking(state)
    ]


def final_ranking(tour: Tournament | KnockoutTournament) -> tuple[list[dict[str, Any]], str]:
    """Return the final ranking rows and their CSV; refuse before the tournament is over."""
    if isinstance(tour, KnockoutTournament):
        ko = tour.state()
        finished, rows, columns = ko.finished, knockout_ranking_rows(ko), KNOCKOUT_COLUMNS
    else:
        state = TournamentState(tour)
        finished, rows, columns = state.finished, group_ranking_rows(state), GROUP_COLUMNS
    if not finished:
        raise RuleError(
            msg("The tournament is not over; there is no final ranking yet."), field="file"
        )
    return rows, csv_text([columns, *([r[c] for c in columns] for r in rows)])


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as a formula


def csv_cell(value: Any) -> str:
    """One cell as text; a text a spreadsheet would run as a formula gets a leading apostrophe."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(rows: list[Any]) -> str:
    """Write rows as CSV, every cell neutralised against formula injection."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows([csv_cell(v) for v in row] for row in rows)
    return buf.getvalue()
