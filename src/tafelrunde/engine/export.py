"""The overall ranking of any format as rows, and as CSV: one writer for CLI and web."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import Tournament
from tafelrunde.engine.knockout import KnockoutState, KnockoutTournament
from tafelrunde.engine.knockout.results import prize_winners, ranking
from tafelrunde.engine.numbers import shown
from tafelrunde.engine.presence import mark
from tafelrunde.engine.rules_text import criterion_label, joined
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import Text, msg

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
            "withdrawn": r.player in state.withdrawn,
            "late": r.player in state.late,
        }
        for r in state.overall()
    ]


def ranking_table(tour: Tournament | KnockoutTournament) -> tuple[list[Text], list[list[Any]]]:
    """The overall ranking as a table for people: headers (messages) and rows of values.

    Formats A–C: place, name (marked when withdrawn or joined late), stage reached, rank
    there, and the values that ranked the
    player there (points first, then the tie-breaks) as "label value" texts. Format D:
    place, name, prize.
    """
    if isinstance(tour, KnockoutTournament):
        rows = knockout_ranking_rows(tour.state())
        head: list[Text] = [msg("Place"), msg("Player"), msg("Prize")]
        return head, [[r["place"], r["name"], r["prize"] or ""] for r in rows]
    state = TournamentState(tour)
    values: dict[str, list[Text]] = {}
    for st in state.stages:
        standing = st.standing(state.cut(st))
        shown_criteria = [c for c in standing.criteria if not c.orders]
        for row in standing.rows:
            values[row.player] = [
                msg("{label} {value}", label=criterion_label(c, st.rule), value=shown(v))
                for c, v in zip(shown_criteria, row.values, strict=False)
                if v is not None
            ]
    head = [msg("Place"), msg("Player"), msg("stage reached"), msg("rank there"),
            msg("points and tie-breaks")]  # fmt: skip
    table = [
        [r.place, marked_name(state, r.player), state.stage(r.stage).title(),
         r.stage_rank, joined(values.get(r.player, []), " · ")]
        for r in state.overall()
    ]  # fmt: skip
    return head, table


def marked_name(state: TournamentState, player: str) -> Text:
    """A player's name, with '(withdrawn)' or '(joined late)' where that applies."""
    name, word = state.tournament.name_of(player), mark(state, player)
    return name if word is None else msg("{name} ({mark})", name=name, mark=word)


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


def sheet_row(values: list[Any]) -> list[Any]:
    """One row of a spreadsheet file: numbers stay numbers, empty stays empty, every other cell
    neutralised as in CSV files (the one rule for every export)."""
    return [
        v
        if v is None or (isinstance(v, int | float | Decimal) and not isinstance(v, bool))
        else csv_cell(v)
        for v in values
    ]


def csv_text(rows: list[Any]) -> str:
    """Write rows as CSV, every cell neutralised against formula injection."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows([csv_cell(v) for v in row] for row in rows)
    return buf.getvalue()
