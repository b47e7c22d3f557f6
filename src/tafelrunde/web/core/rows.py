"""Long tables (a thousand players) as HTML rows built in Python, escaped cell by cell."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.safestring import SafeString, mark_safe

Cell = tuple[Any, str]  # the value and its CSS class ("n" for numbers, "" else)


def escaped(value: Any) -> str:
    """A value as HTML: escaped, unless it is HTML already (as Django's conditional_escape,
    without its wrappers: a long table has tens of thousands of cells)."""
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(value))


def html_rows(rows: Iterable[Sequence[Cell]]) -> SafeString:
    """Join rows of cells into <tr> elements; every value is escaped (a plain text once per
    call: the same words and numbers fill a column; a whole number needs none)."""
    out = []
    done: dict[str, str] = {}
    for row in rows:
        parts = []
        for value, cls in row:
            kind = type(value)
            if kind is str:
                text = done.get(value)
                if text is None:
                    text = done[value] = _escape(value)
            else:
                text = str(value) if kind is int else escaped(value)
            parts.append(f'<td class="{cls}">{text}</td>' if cls else f"<td>{text}</td>")
        out.append("<tr>" + "".join(parts) + "</tr>")
    return mark_safe("\n".join(out))


_escape = html.escape
