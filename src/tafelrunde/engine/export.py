"""The overall ranking of any format as rows, and as CSV: one writer for CLI and web."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.family_engine import AnyState, AnyTournament, engine_of
from tafelrunde.engine.family_interface import Table
from tafelrunde.i18n import msg


def ranking_table(tour: AnyTournament, state: AnyState | None = None) -> Table:
    """The overall ranking as a table for people: headers (messages) and rows of values
    (`state`: the tournament's state when already at hand), as the tournament's family
    writes it."""
    return engine_of(tour).ranking_table(tour, state)


def ranking_sheet(tour: AnyTournament, state: AnyState | None = None) -> Table:
    """The overall ranking for files, as the tournament's family writes it (`state`: the
    tournament's state when already at hand)."""
    return engine_of(tour).ranking_sheet(tour, state)


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
