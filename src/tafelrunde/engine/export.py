"""The overall ranking of any format as rows, and as CSV: one writer for CLI and web."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import Tournament
from tafelrunde.engine.family_engine import AnyState, AnyTournament, Table, engine_of
from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.results import prize_winners, ranking
from tafelrunde.engine.numbers import Num, shown
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


def ranking_table(tour: AnyTournament, state: AnyState | None = None) -> Table:
    """The overall ranking as a table for people: headers (messages) and rows of values
    (`state`: the tournament's state when already at hand), as the tournament's family
    writes it."""
    return engine_of(tour).ranking_table(tour, state)


def knockout_ranking_table(state: KnockoutState) -> Table:
    """Format D's overall ranking for people: place, name, prize."""
    rows = knockout_ranking_rows(state)
    head: list[Text] = [msg("Place"), msg("Player"), msg("Prize")]
    return head, [[r["place"], r["name"], r["prize"] or ""] for r in rows]


def group_ranking_table(
    tour: Tournament, state: TournamentState | None = None
) -> tuple[list[Text], list[list[Any]]]:
    """The overall ranking as a table for people: headers (messages) and rows of values
    (`state`: the tournament's state when already at hand).

    Formats A–C: place, name (marked when withdrawn or joined late), stage reached, rank
    there, and the values that ranked the
    player there (points first, then the tie-breaks) as "label value" texts. Format D:
    place, name, prize.
    """
    state = state if state is not None else TournamentState(tour)
    values: dict[str, Text] = {}
    for st in state.stages:
        standing = st.standing(state.cut(st))
        labels = [criterion_label(c, st.rule) for c in standing.criteria if not c.orders]
        pairs: dict[tuple[int, Num], Text] = {}  # the stage's texts, each made once and
        texts: dict[tuple[tuple[int, Num], ...], Text] = {}  # shared by the rows showing it
        for row in standing.rows:
            key = tuple((i, v) for i, v in enumerate(row.values[: len(labels)]) if v is not None)
            if key not in texts:
                for i, v in key:
                    if (i, v) not in pairs:
                        pairs[i, v] = msg("{label} {value}", label=labels[i], value=shown(v))
                texts[key] = joined([pairs[k] for k in key], " · ")
            values[row.player] = texts[key]
    head: list[Text] = [msg("Place"), msg("Player"), msg("stage reached"), msg("rank there"),
            msg("points and tie-breaks")]  # fmt: skip
    overall, titles = state.overall(), dict[str, Text]()  # one title per stage, shared
    for r in overall:
        if r.stage not in titles:
            titles[r.stage] = state.stage(r.stage).title()
    table: list[list[Any]] = [
        [r.place, marked_name(state, r.player), titles[r.stage],
         r.stage_rank, values.get(r.player, "")]
        for r in overall
    ]  # fmt: skip
    return head, table


def ranking_sheet(tour: AnyTournament, state: AnyState | None = None) -> Table:
    """The overall ranking for files, as the tournament's family writes it (`state`: the
    tournament's state when already at hand)."""
    return engine_of(tour).ranking_sheet(tour, state)


def group_ranking_sheet(tour: Tournament, state: TournamentState | None = None) -> Table:
    """The overall ranking for files: as `ranking_table`, but points and each tie-break in a
    column of their own, as numbers (a criterion of the same name shares one column;
    `state`: the tournament's state when already at hand)."""
    state = state if state is not None else TournamentState(tour)
    labels: dict[str, Text] = {}  # by the label's German text: the column's key
    values: dict[str, dict[str, Num]] = {}
    for st in state.stages:
        standing = st.standing(state.cut(st))
        shown_labels = [criterion_label(c, st.rule) for c in standing.criteria if not c.orders]
        keys = [_key(label) for label in shown_labels]
        labels.update((k, label) for k, label in zip(keys, shown_labels, strict=True)
                      if k not in labels)  # fmt: skip
        for row in standing.rows:
            values[row.player] = {
                k: v for k, v in zip(keys, row.values, strict=False) if v is not None
            }
    head: list[Text] = [msg("Place"), msg("Player"), msg("stage reached"), msg("rank there"),
            *labels.values()]  # fmt: skip
    table: list[list[Any]] = [
        [r.place, marked_name(state, r.player), state.stage(r.stage).title(), r.stage_rank,
         *(file_number(values.get(r.player, {}).get(k)) for k in labels)]
        for r in state.overall()
    ]  # fmt: skip
    return head, table


def _key(label: Text) -> str:
    """A criterion label as a column key (one column for the same words in every stage)."""
    return label if isinstance(label, str) else label.text("de")


def file_number(value: Num | None) -> int | Decimal | None:
    """An exact number for files: whole as int, else a Decimal (4 places where it does not end)."""
    if value is None or isinstance(value, int):
        return value
    if value.denominator == 1:
        return value.numerator
    q = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(q) != value:  # no finite decimal form
        q = q.quantize(Decimal("0.0001"))
    return q.normalize()


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


def final_ranking(tour: AnyTournament) -> tuple[list[dict[str, Any]], list[list[Any]]]:
    """Return the final ranking rows and their lines for CSV (keys as headers); refuse before
    the tournament is over."""
    finished, rows, columns = engine_of(tour).final(tour)
    if not finished:
        raise RuleError(
            msg("The tournament is not over; there is no final ranking yet."), field="file"
        )
    return rows, [list(columns), *([r[c] for c in columns] for r in rows)]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as a formula


@dataclass(frozen=True)
class CsvDialect:
    """How a spreadsheet of one language reads CSV: the list separator and the decimal mark."""

    delimiter: str = ","
    decimal: str = "."


DIALECTS = {"de": CsvDialect(";", ",")}  # German Excel splits at ';' and reads '2,5'; else ','


def csv_dialect(lang: str) -> CsvDialect:
    """The CSV dialect for a language ('de', 'de-at', 'en'): the one place that decides it."""
    return DIALECTS.get(lang[:2].lower(), CsvDialect())


def is_number(value: Any) -> bool:
    """Say whether a cell is a number (a spreadsheet's number, not a text or a truth value)."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def csv_cell(value: Any, dialect: CsvDialect = CsvDialect()) -> str:
    """One cell as text; a text a spreadsheet would run as a formula gets a leading apostrophe;
    a number is written with the dialect's decimal mark."""
    if is_number(value):
        return str(value).replace(".", dialect.decimal)
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def sheet_row(values: list[Any]) -> list[Any]:
    """One row of a spreadsheet file: numbers stay numbers, empty stays empty, every other cell
    neutralised as in CSV files (the one rule for every export)."""
    return [v if v is None or is_number(v) else csv_cell(v) for v in values]


def csv_text(rows: list[Any], dialect: CsvDialect = CsvDialect()) -> str:
    """Write rows as CSV, every cell neutralised against formula injection."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=dialect.delimiter, lineterminator="\n")
    writer.writerows([csv_cell(v, dialect) for v in row] for row in rows)
    return buf.getvalue()


def csv_file(rows: list[Any], lang: str) -> bytes:
    """A CSV file a spreadsheet opens right by double-click: UTF-8 with a byte order mark, and
    the separators of the reader's language."""
    return ("\ufeff" + csv_text(rows, csv_dialect(lang))).encode("utf-8")
