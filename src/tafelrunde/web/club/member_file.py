"""Reading a club's member list: CSV (UTF-8 or Windows-1252, `;` or `,`) or Excel (xlsx).

Columns are found by their heading: Name, or Vorname and Nachname; Mitglied/Gast or
Status; E-Mail. Another status ("passiv", "Ehrenmitglied") makes a member with the status
as a note; an address that is no e-mail address keeps the person and is flagged. Every
cell is read as plain text (a formula stays its text, never runs); files too large, too
long or not what they claim are refused in words.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import checked_name, checked_size
from tafelrunde.engine.name_match import name_key
from tafelrunde.i18n import Message, msg
from tafelrunde.web.club.models import NOTE_LENGTH

MAX_FILE_BYTES = 2 * 1024 * 1024  # a member list of thousands of rows is far smaller
MAX_ROWS = 2000  # rows of people (the heading not counted)
MAX_COLUMNS = 30  # columns read per row
MAX_BLANK_ROWS = 10_000  # empty rows skipped before giving up
MAX_UNPACKED = 30 * 1024 * 1024  # an xlsx file's parts, unpacked, together
MAX_PARTS = 300  # parts of an xlsx file
MAX_ROW_CELLS = 200  # cells one row of a sheet may hold (MAX_COLUMNS of them are read)
MAX_CELLS = 100_000  # cells of one sheet: a list of MAX_ROWS people needs far fewer
_ROW = re.compile(rb"<(?:\w+:)?row[\s>/]")
_CELL = re.compile(rb"<(?:\w+:)?c[\s>/]")
FIELD = "file"

HEADINGS = {
    "name": ("name", "spieler", "person", "mitgliedsname"),
    "first": ("vorname", "firstname", "rufname"),
    "last": ("nachname", "familienname", "lastname", "surname"),
    "status": ("mitglied", "status", "mitgliedschaft", "art", "member"),
    "guest": ("gast", "guest"),  # a column 'Gast' with ja/nein: the other way round
    "email": ("email", "mail", "emailadresse", "mailadresse"),
}
MEMBER_WORDS = frozenset(
    {"mitglied", "ja", "j", "x", "1", "yes", "y", "true", "wahr", "member", "m", "aktiv"}
)
GUEST_WORDS = frozenset({"gast", "nein", "n", "0", "no", "false", "falsch", "guest", "g"})


@dataclass(frozen=True)
class MemberRow:
    """One row of the list: its line in the file, the person it names, or why not."""

    line: int
    name: str
    member: bool = True
    email: str = ""
    problem: Message | None = None
    note: str = ""  # a status other than member or guest, kept as it was written
    bad_email: str = ""  # what the list gave as e-mail address when it is none


def read_members(data: bytes, filename: str = "") -> list[MemberRow]:
    """The rows of a member list (CSV or xlsx, found by content); refuse what is no list."""
    checked_size(len(data), limit=MAX_FILE_BYTES, field=FIELD)
    if not data.strip():
        raise RuleError(msg("The file is empty."), field=FIELD)
    if data.startswith(b"PK\x03\x04"):
        table = list(_xlsx_rows(data))
    elif data.startswith(b"\xd0\xcf\x11\xe0"):
        raise RuleError(
            msg("Old Excel files (.xls) cannot be read; please save the list as .xlsx or CSV."),
            field=FIELD,
        )
    elif filename.lower().endswith((".xlsx", ".xlsm")):
        raise RuleError(msg("The file is not an Excel file (xlsx)."), field=FIELD)
    else:
        table = _csv_rows(data)
    return _rows(table)


def _csv_rows(data: bytes) -> list[tuple[int, list[str]]]:
    """The non-empty rows of a CSV text, numbered by line; refuse what is not text."""
    if b"\x00" in data:
        raise RuleError(msg("The file is neither a CSV nor an Excel file (xlsx)."), field=FIELD)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise RuleError(
                msg("The file is neither UTF-8 nor Windows-1252 text."), field=FIELD
            ) from None
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = ";" if first.count(";") >= first.count(",") and ";" in first else ","
    rows: list[tuple[int, list[str]]] = []
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        for cells in reader:
            if any(c.strip() for c in cells):
                rows.append((reader.line_num, cells[:MAX_COLUMNS]))
                _count(len(rows))
    except csv.Error:
        raise RuleError(msg("The file is not a readable CSV file."), field=FIELD) from None
    return rows


def _count(rows: int) -> None:
    """Refuse a list with more rows than allowed (the heading is one more)."""
    if rows > MAX_ROWS + 1:
        raise RuleError(
            msg("The list is too long (at most {limit} rows).", limit=MAX_ROWS), field=FIELD
        )


def _xlsx_rows(data: bytes) -> Iterator[tuple[int, list[str]]]:
    """The non-empty rows of the first sheet of an xlsx file, as texts, numbered by row."""
    _check_parts(data)
    from openpyxl import load_workbook  # only when an Excel file comes

    not_excel = RuleError(msg("The file is not a readable Excel file (xlsx)."), field=FIELD)
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except Exception:  # openpyxl raises many kinds for broken files
        raise not_excel from None
    try:
        if not book.worksheets:
            raise not_excel
        found = blank = 0
        for number, values in enumerate(
            book.worksheets[0].iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1
        ):
            cells = [_cell_text(v) for v in values]
            if any(c.strip() for c in cells):
                found += 1
                _count(found)
                yield number, cells
            else:
                blank += 1
                if blank > MAX_BLANK_ROWS:
                    raise not_excel
    except RuleError:
        raise
    except Exception:
        raise not_excel from None
    finally:
        book.close()


def _check_parts(data: bytes) -> None:
    """Refuse an xlsx whose parts are too many, unpack too large, or declare XML entities."""
    not_excel = RuleError(msg("The file is not a readable Excel file (xlsx)."), field=FIELD)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as pack:
            parts = pack.infolist()
            if len(parts) > MAX_PARTS or sum(p.file_size for p in parts) > MAX_UNPACKED:
                raise RuleError(msg("The Excel file unpacks too large."), field=FIELD)
            for part in parts:
                with pack.open(part) as stream:
                    head = stream.read(4096)
                if b"<!DOCTYPE" in head.upper() or b"<!ENTITY" in head.upper():
                    raise not_excel
                if part.filename.startswith("xl/worksheets/") and part.filename.endswith(".xml"):
                    _check_cells(pack.read(part))
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError):
        raise not_excel from None


def _check_cells(sheet: bytes) -> None:
    """Refuse a sheet with too many cells in a row or in all before any of it is parsed (one
    row of 600,000 cells took openpyxl half a minute)."""
    total = 0
    for row in _ROW.split(sheet):
        cells = sum(1 for _ in _CELL.finditer(row))
        total += cells
        if cells > MAX_ROW_CELLS or total > MAX_CELLS:
            raise RuleError(
                msg(
                    "The Excel file has too many cells (at most {row} in a row, {total} in all).",
                    row=MAX_ROW_CELLS,
                    total=MAX_CELLS,
                ),
                field=FIELD,
            )


def _cell_text(value: Any) -> str:
    """A cell as plain text (whole numbers without '.0'; a formula as its text)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def _heading(cell: str) -> str:
    """A heading reduced to letters: 'E-Mail ' → 'email'."""
    return re.sub(r"[^a-z]", "", name_key(cell))


def _columns(heading: list[str]) -> dict[str, int]:
    """Which column holds what, by the first row's headings."""
    found: dict[str, int] = {}
    for i, cell in enumerate(heading):
        word = _heading(cell)
        for what, words in HEADINGS.items():
            if word in words and what not in found:
                found[what] = i
                break
    if "name" not in found and "last" not in found:
        raise RuleError(
            msg(
                "The first row names no column 'Name' (or 'Vorname' and 'Nachname'). "
                "Please add the headings."
            ),
            field=FIELD,
        )
    return found


def _rows(table: list[tuple[int, list[str]]]) -> list[MemberRow]:
    """The people of the table (its first row the headings)."""
    if not table:
        raise RuleError(msg("The file is empty."), field=FIELD)
    columns = _columns(table[0][1])
    if len(table) < 2:
        raise RuleError(msg("The list holds no people below its headings."), field=FIELD)
    return [_row(line, cells, columns) for line, cells in table[1:]]


def _is_member(word: str, *, guest_column: bool) -> bool | None:
    """Whether a status cell says member (True) or guest (False); None: it says neither (a
    member, the status kept as a note). An empty cell is a member; in a column 'Gast', 'ja'
    means a guest."""
    if word in ("", "mitglied", "member", "gast", "guest"):
        return word not in ("gast", "guest")
    yes, no = word in MEMBER_WORDS, word in GUEST_WORDS
    if not (yes or no):
        return None
    return no if guest_column else yes


def _row(line: int, cells: list[str], columns: dict[str, int]) -> MemberRow:
    """One person of the list, or the row with what is wrong with it."""

    def cell(what: str) -> str:
        i = columns.get(what)
        return " ".join(cells[i].split()) if i is not None and i < len(cells) else ""

    if "last" in columns:
        raw = f"{cell('first')} {cell('last')}"
    elif "first" in columns:
        raw = f"{cell('first')} {cell('name')}"  # 'Name' beside 'Vorname' is the surname
    else:
        raw = cell("name")
    raw = " ".join(raw.split())
    guest_column = "status" not in columns and "guest" in columns
    status, email = cell("status") or cell("guest"), cell("email")
    try:
        name = checked_name(raw, field="name")
    except RuleError as err:
        return MemberRow(line, raw[:100], problem=err.msg)
    member = _is_member(name_key(status), guest_column=guest_column)
    note = "" if member is not None else status[:NOTE_LENGTH]
    if email:
        try:
            validate_email(email)
        except ValidationError:
            return MemberRow(line, name, member is not False, note=note, bad_email=email[:254])
    return MemberRow(line, name, member is not False, email[:254], note=note)
