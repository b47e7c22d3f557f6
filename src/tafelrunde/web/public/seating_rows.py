"""The seating list's rows (thousands of players) as HTML built in Python, escaped cell by cell."""

from __future__ import annotations

from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tafelrunde.engine.seat_list import Seating, Where
from tafelrunde.web.core.templatetags.tafel import translated


def seating_rows(found: Seating) -> SafeString:
    """One row per player: name, table, seat (start, game where they differ), or why none.

    Each number carries its label, shown before it where a phone lists a player as a block.
    """
    e = conditional_escape
    word = translated(found.word)
    labels = [e(gettext("Table")), e(gettext("Seat"))]
    if found.with_start:
        labels.append(e(gettext("Start position")))
    if word:
        labels.append(e(word))
    out = []
    for r in found.rows:
        name = f'<td class="name">{e(r.name)}</td>'
        if r.where is not Where.SEATED:
            note = e(translated(r.note) or "–")
            out.append(f'<tr class="muted">{name}<td colspan="{len(labels)}">{note}</td></tr>')
            continue
        values: list[Any] = [r.table, r.seat]
        if found.with_start:
            values.append("?" if r.start is None else r.start)
        if word:
            values.append(r.game)
        cells = "".join(
            f'<td class="n" data-label="{label}">{e(v)}</td>'
            for label, v in zip(labels, values, strict=True)
        )
        out.append(f"<tr>{name}{cells}</tr>")
    return mark_safe("\n".join(out))


def name_options(found: Seating) -> SafeString:
    """The names to pick from while typing (a <datalist>)."""
    return mark_safe(
        "".join(f'<option value="{conditional_escape(r.name)}"></option>' for r in found.rows)
    )
