"""„Wo sitze ich?" takes hostile names: any text (control characters, NUL, very long, HTML and
script) answers 200, or 400 for an overlong name; nothing typed comes back unescaped; nothing
is written."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote_from_bytes

import pytest
from django.test import Client
from fuzzhelpers import HOSTILE_BYTES, HOSTILE_TEXTS, snapshot
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from seathelpers import draw, group_tournament, knockout_tournament, save, shown
from tablefuzz import KNOWN_SCRIPTS

from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.limits import NAME_LENGTH
from tafelrunde.web.public.views.seats import printable

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

MARKUP = str.maketrans(dict.fromkeys("<>&\"'", "§"))  # no name holds these


@pytest.fixture
def tournaments() -> list[int]:
    """Format A drawn and format D with a table open."""
    state = TournamentState(group_tournament("gruppenmodus", 13))
    draw(state)
    return [save(state.tournament).pk, save(knockout_tournament(12)).pk]


class _Tags(HTMLParser):
    """The page's structure: every tag with the names of its attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, tuple(sorted(k for k, _ in attrs))))

    def handle_endtag(self, tag: str) -> None:
        self.tags.append(("/" + tag, ()))


def structure(response: Any) -> list[tuple[str, tuple[str, ...]]]:
    """The tags of a page, in order."""
    parser = _Tags()
    parser.feed(response.content.decode())
    return parser.tags


names = st.one_of(
    st.text(st.characters(exclude_categories=["Cs"]), max_size=40),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=90, max_size=130),
    st.sampled_from(HOSTILE_TEXTS),
    st.sampled_from(["<script>alert(1)</script>", "</textarea><b>", "\" autofocus onfocus=\"x",
                     "Anna\x00<b>", "müller\u202e", "'><svg onload=x>", "&amp;&lt;"]),
)  # fmt: skip


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(typed=names)
@example(typed="\ufdd0")  # a noncharacter: the browser shows it as �
def test_any_typed_name_answers_200_or_400_and_comes_back_escaped(
    tournaments: list[int], typed: str
) -> None:
    client = Client(raise_request_exception=False)
    before = snapshot()
    for pk in tournaments:
        path = f"/turniere/{pk}/wo-sitze-ich/"
        response = client.get(path, {"name": typed})
        assert response.status_code == (400 if len(typed) > NAME_LENGTH else 200), repr(typed)
        page = shown(response)
        assert page.value == printable(typed)[:NAME_LENGTH]  # in the box, exactly as typed
        assert page.handlers == [] and page.scripts == KNOWN_SCRIPTS  # ours only
        plain = client.get(path, {"name": typed.translate(MARKUP)})
        assert structure(response) == structure(plain), repr(typed)  # no tag or attribute added
    assert snapshot() == before


@pytest.mark.parametrize("raw", [*HOSTILE_BYTES, b"%", b"%%", b"%zz", b"\x00" * 300])
def test_odd_bytes_in_the_address_answer_200(tournaments: list[int], raw: bytes) -> None:
    client = Client(raise_request_exception=False)
    for pk in tournaments:
        response = client.get(f"/turniere/{pk}/wo-sitze-ich/?name={quote_from_bytes(raw)}")
        assert response.status_code in (200, 400), raw
        again = client.get(f"/turniere/{pk}/wo-sitze-ich/?name={raw.decode('latin-1')}")
        assert again.status_code in (200, 400), raw
