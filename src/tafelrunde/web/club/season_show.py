"""The season table for people: cells as text, the tie decisions and the rules in words,
and the table as CSV and Excel file."""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tafelrunde.engine.export import csv_file, sheet_row
from tafelrunde.engine.numbers import file_number, shown
from tafelrunde.engine.season import Row, SeasonRules, SeasonTable
from tafelrunde.i18n import Message, msg, msg_n
from tafelrunde.web.core.templatetags.tafel import translated

DECIDED = {
    "more_evenings": msg("more evenings played"),
    "best_result": msg("best single result"),
    "shared": msg("shared"),
}


@dataclass(frozen=True)
class ShownRow:
    """A table row as the page shows it."""

    row: Row
    person_pk: int | None  # the club person, None for an unlinked player
    cells: list[tuple[str, bool]]  # points as text ('' when absent), counted
    total: str
    decided: str

    @property
    def cells_html(self) -> SafeString:
        """The evenings' cells as table cells (made here: a template loop over 60 × 80 cells
        would take most of the page's time)."""
        return mark_safe("".join(CELL[bool(text), on].format(escape(text))
                                 for text, on in self.cells))  # fmt: skip


CELL = {  # (played, counted) -> the cell; its text is escaped before
    (False, False): '<td class="num"><span class="absent">–</span></td>',
    (False, True): '<td class="num"><span class="absent">–</span></td>',
    (True, True): '<td class="num"><strong class="counted">{}&nbsp;✓</strong></td>',
    (True, False): '<td class="num"><span class="not-counted">({})</span></td>',
}


def season_span(
    date_from: datetime.date | None, date_to: datetime.date | None, days: list[datetime.date]
) -> str:
    """The season's days for its print: its range, else its first and last evening ('': none)."""
    if date_from is None and date_to is None and days:
        date_from, date_to = min(days), max(days)
    if date_from is not None and date_to is not None:
        return f"{date_from:%d.%m.%Y} – {date_to:%d.%m.%Y}"
    if date_from is not None:
        return translated(msg("from {day}", day=f"{date_from:%d.%m.%Y}"))
    if date_to is not None:
        return translated(msg("until {day}", day=f"{date_to:%d.%m.%Y}"))
    return ""


def person_pk(key: str) -> int | None:
    """The club person's number of a season table id ('person-7'), or None."""
    head, _, tail = key.partition("-")
    return int(tail) if head == "person" and tail.isdigit() else None


def number(value: Fraction | None) -> str:
    """Points for people: exact, as decimals (≈ when they do not end)."""
    return "" if value is None else translated(shown(value))


def shown_rows(table: SeasonTable) -> list[ShownRow]:
    """Every row of the table as text."""
    return [
        ShownRow(
            row=r,
            person_pk=person_pk(r.person),
            cells=[(number(c.points), c.counted) for c in r.cells],
            total=number(r.total),
            decided=translated(DECIDED[r.decided_by]) if r.decided_by else "",
        )
        for r in table.rows
    ]


def rules_words(rules: SeasonRules) -> list[str]:
    """The season rules in words: points, what counts, guests, ties."""
    p, c = rules.points, rules.count
    said: list[Message] = []
    if p.source == "participants":
        said.append(msg("Points per evening: participants − place + 1 (the winner of 12 gets 12)."))
    elif p.source == "tournament":
        said.append(msg("Points per evening: the tournament's own points (formats A–C: the "
                        "points of the stage the player reached)."))  # fmt: skip
    else:
        table = ", ".join(translated(shown(v)) for v in p.table)
        said.append(msg("Points per evening by place: {table}; every place behind: {beyond}.",
                        table=table, beyond=translated(shown(p.beyond))))  # fmt: skip
    n = c.n or 0  # given wherever a mode needs it
    if c.mode == "best":
        said.append(msg_n("The best evening counts.", "The best {n} evenings count.", n, n=n))
    elif c.mode == "all_but_worst":
        said.append(
            msg_n(
                "Every evening but the worst counts; a missed evening is a worst one.",
                "Every evening but the {n} worst counts; a missed evening is a worst one.",
                n,
                n=n,
            )
        )
    elif c.mode == "average":
        below = (msg("ranked after the others") if c.below_minimum == "behind"
                 else msg("left out"))  # fmt: skip
        said.append(msg_n("The average of the evenings played counts; whoever played fewer than "
                          "{n} evening is {below}.",
                          "The average of the evenings played counts; whoever played fewer than "
                          "{n} evenings is {below}.", c.min_evenings, n=c.min_evenings,
                          below=below))  # fmt: skip
    else:
        said.append(msg("Every evening counts."))
    said.append({"ranked": msg("Guests are ranked like members."),
                 "behind_members": msg("Guests are ranked behind all members."),
                 "out": msg("Guests are not ranked.")}[rules.guests])  # fmt: skip
    order = ", ".join(translated(DECIDED[t]) for t in rules.deciders)
    if order:
        said.append(msg("Equal totals: decided by {order}; else the place is shared.", order=order))
    else:
        said.append(msg("Equal totals share the place."))
    return [translated(m) for m in said]


def _plain(value: Fraction) -> Decimal | int:
    """An exact number for files (engine.export.file_number: the one rule)."""
    number = file_number(value)
    assert number is not None
    return number


def _heads(table: SeasonTable, members: bool) -> list[str]:
    """The column heads of the files (`members`: with the column member or guest)."""
    days = [f"{e.date.isoformat()} {e.name}" for e in table.evenings]
    first = [translated(msg("Place")), translated(msg("Name"))]
    first += [translated(msg("Member"))] if members else []
    last = [translated(msg("Total")), translated(msg("Evenings")), translated(msg("Decided by"))]
    return first + days + last


def _member(r: Row, members: bool) -> list[str]:
    """The cell member or guest, for the organisers' files only (the public's show none)."""
    return [translated(msg("yes")) if r.member else translated(msg("guest"))] if members else []


def _line(r: Row, members: bool) -> list[Any]:
    """One row's values for the files (a point not counted in parentheses, as text)."""
    cells: list[Any] = []
    for c in r.cells:
        if c.points is None:
            cells.append("")
        else:
            cells.append(_plain(c.points) if c.counted else f"({_plain(c.points)})")
    decided = translated(DECIDED[r.decided_by]) if r.decided_by else ""
    return [r.place, r.name, *_member(r, members), *cells, _plain(r.total), r.evenings, decided]


def season_csv(table: SeasonTable, lang: str, *, members: bool = True) -> bytes:
    """The table as a CSV file for a spreadsheet of the language (safe against formulas);
    points not counted in parentheses; `members`: with who is a guest."""
    return csv_file([_heads(table, members), *(_line(r, members) for r in table.rows)], lang)


def season_xlsx(table: SeasonTable, title: str, *, members: bool = True) -> bytes:
    """The table as an Excel file: numbers as numbers, points not counted in grey italics;
    `members`: with who is a guest."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = title[:31].translate(str.maketrans("[]:*?/\\", "_______")) or "Saison"
    sheet.append(sheet_row(_heads(table, members)))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    aside = Font(italic=True, color="666666")
    for r in table.rows:
        first = [r.place, r.name, *_member(r, members)]
        values = [_plain(c.points) if c.points is not None else None for c in r.cells]
        decided = translated(DECIDED[r.decided_by]) if r.decided_by else ""
        sheet.append(sheet_row([*first, *values, _plain(r.total), r.evenings, decided]))
        for i, c in enumerate(r.cells):
            if c.points is not None and not c.counted:
                sheet.cell(row=sheet.max_row, column=len(first) + 1 + i).font = aside
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
