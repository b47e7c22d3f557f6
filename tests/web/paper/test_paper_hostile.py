"""Print pages under hostile options: every kind of every format, anonymous and as organiser,
with odd query strings, answers a page, a refusal in words or the login; never a server error,
never a stored change, never the raw input echoed as markup."""

from __future__ import annotations

import pytest
from django.test import Client
from fuzzhelpers import expect, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from factories import logged_in, tournaments_in_play
from tafelrunde.engine.families import family_of_letter
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.paper.kinds import KINDS

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

OPTIONS = ("karten", "bis", "seed", "lang", "page")
ODD = st.sampled_from(["", "0", "-1", "a5", "A5", "a4 ", "1e3", "²", "9" * 400, "NaN", "3.5",
                       "<script>x</script>", "%00", "\u202e", "1&bis=2", "١٢"])  # fmt: skip
VALUES = st.one_of(ODD, st.text(max_size=40))


def addresses(pk: int, fmt: str) -> list[str]:
    """Every print page of a tournament: each kind it has, and everything at once."""
    return [f"/turniere/{pk}/drucken/{k.slug}/" for k in KINDS if k.fits(family_of_letter(fmt))] + [
        f"/turniere/{pk}/drucken/alles/",
        f"/turniere/{pk}/drucken/",
    ]


@pytest.fixture
def in_play() -> list[tuple[int, str]]:
    """Tournaments of every format in the states a hall sees."""
    pks = tournaments_in_play().values()
    return [(pk, TournamentRecord.objects.get(pk=pk).format) for pk in pks]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(query=st.dictionaries(st.sampled_from(OPTIONS), VALUES, max_size=3))
def test_hostile_options_get_a_page_a_refusal_or_the_login(
    in_play: list[tuple[int, str]], query: dict[str, str]
) -> None:
    before = snapshot()
    for client, who in ((Client(raise_request_exception=False), "anonymous"),
                        (logged_in(), "organiser")):  # fmt: skip
        for pk, fmt in in_play:
            for path in addresses(pk, fmt):
                response = client.get(path, query)
                expect(response, (200, 302, 400), f"GET {path} {query} ({who})")
                if response.status_code == 302:
                    assert who == "anonymous" and "/anmelden/" in response["Location"]
                body = response.content.decode()
                assert "<script>x</script>" not in body
                if response.status_code == 400:
                    assert 'role="alert"' in body
    assert snapshot() == before


def test_every_print_page_of_every_state_answers_the_organiser(
    in_play: list[tuple[int, str]],
) -> None:
    client = logged_in()
    for pk, fmt in in_play:
        for path in addresses(pk, fmt):
            response = client.get(path)
            expect(response, (200,), f"GET {path}")
            body = response.content.decode()
            assert "<nav" not in body or path.endswith("/drucken/")
