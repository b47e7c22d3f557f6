"""A page's translator (each message object made text once) gives every text exactly as
`translated` does, in every language: the pages it serves stay the same bytes."""

from __future__ import annotations

import pytest
from django.utils import translation
from projectorhelpers import drawn, finished

from tafelrunde.engine.export import ranking_table
from tafelrunde.errors import pair
from tafelrunde.i18n import Message, msg, msg_n
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
