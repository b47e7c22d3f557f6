"""Long tables (a thousand players) as HTML rows built in Python, escaped cell by cell."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

Cell = tuple[Any, str]  # the value and its CSS class ("n" for numbers, "" else)


def html_rows(rows: Iterable[Sequence[Cell]]) -> SafeString:
    """Join rows of cells into <tr> elements; every value is escaped."""
    out = []
    for row in rows:
        cells = "".join(
            f'<td class="{cls}">{conditional_escape(value)}</td>' if cls
            else f"<td>{conditional_escape(value)}</td>"
            for value, cls in row
        )  # fmt: skip
        out.append(f"<tr>{cells}</tr>")
    return mark_safe("\n".join(out))
