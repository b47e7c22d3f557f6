"""The final ranking (page and projector slide) says which tie-break decided places of equal
points, in the words of the standings page."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from webhelpers import state_of, text

from factories import group_tournament, organiser_user, stored

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def standings_decided(page: str) -> dict[str, str]:
    """Each player's 'decided by' cell of the final stage's standing (the page's first)."""
    table = page[page.index("<tbody>") : page.index("</tbody>")]
    out = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        out[html.unescape(cells[1])] = html.unescape(cells[-1])
    return out


def test_the_final_ranking_says_which_tie_break_decided() -> None:
    organiser_user()
    pk = stored(group_tournament("gruppenmodus", 12, 6, lambda s: False)).pk  # to the end
    state = state_of(pk)
    assert state.finished
    client = Client()
    wanted = standings_decided(text(client.get(f"/turniere/{pk}/stand/")))
    told = {name: said for name, said in wanted.items() if said}
    assert list(told.values()) == ["Augen"], wanted  # the final's places 3 and 4: equal points
    ranking = text(client.get(f"/turniere/{pk}/endstand/"))
    slides = text(client.get(f"/turniere/{pk}/beamer/folien/"))
    for page in (ranking, slides):
        assert "<th>entschieden durch</th>" in page
        for name, said in told.items():
            row = re.search(rf"<td class=\"name\">{re.escape(name)}</td>(.*?)</tr>", page)
            assert row is not None and row.group(1).endswith(f"<td>{said}</td>"), (name, said)
