"""A page's translator (each message object made text once) gives every text exactly as
`translated` does, in every language: the pages it serves stay the same bytes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from projectorhelpers import drawn, finished

from tafelrunde.engine.export import ranking_table
from tafelrunde.errors import pair
from tafelrunde.i18n import Message, msg, msg_n
from tafelrunde.web.core.rows import html_rows
from tafelrunde.web.core.templatetags.tafel import Translator, translated

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def tricky() -> list[Message | str | None]:
    """Messages of every shape: plural, nested, shared, lists, a kept pair, the empty id."""
    late = msg("joined late")
    shared = msg("{name} ({mark})", name="Anna", mark=late)
    return [
        None, "", "Anna", msg(""), late, shared, shared,
        msg("{name} ({mark})", name="Bernd", mark=late),
        msg_n("{n} player", "{n} players", 1), msg_n("{n} player", "{n} players", 2),
        msg("{label} {value}", label=[late, "x", pair("Paar", "pair")], value=3),
        pair("Nur Deutsch", "English only"), msg("{x}", x=pair("Paar", "pair")),
    ]  # fmt: skip


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_translator_gives_what_translated_gives(lang: str) -> None:
    texts: list[Message | str | None] = tricky()
    for state in (finished("alhambra", 12), finished("gruppenmodus", 9), drawn("king-lui", 9)):
        _, table = ranking_table(state.tournament, state)
        texts += [cell for row in table for cell in row if not isinstance(cell, int)]
        texts += [st.title() for st in state.stages]
    with translation.override(lang):
        tr = Translator()
        assert [tr(t) for t in texts] == [translated(t) for t in texts]
        assert [tr(t) for t in reversed(texts)] == [translated(t) for t in reversed(texts)]


def test_table_rows_escape_every_cell_as_django_does() -> None:
    values = ["Anna", "<b>&'\"", "Anna", 7, -3, True, None, Fraction(1, 3), mark_safe("<i>x</i>"),
              "<b>&'\"", 7, "", "≈ 1,5 · ✓"]  # fmt: skip
    rows = [[(v, cls) for v in values] for cls in ("", "n", "name")]
    want = "\n".join(
        "<tr>" + "".join(
            f'<td class="{cls}">{conditional_escape(v)}</td>' if cls
            else f"<td>{conditional_escape(v)}</td>"
            for v, cls in row
        ) + "</tr>"
        for row in rows
    )  # fmt: skip
    assert html_rows(rows) == want
