"""A player's pass needs no login, so its address, its query and its form are fuzzed: any token
answers the „Pass gilt nicht (mehr)" page (404) and writes nothing; the real pass answers its
page whatever else is sent, never a server error, and nothing sent comes back unescaped."""

from __future__ import annotations

from urllib.parse import quote, quote_from_bytes

import pytest
from django.test import Client
from fuzzhelpers import HOSTILE_BYTES, HOSTILE_TEXTS, snapshot
from hypothesis import given
from hypothesis import strategies as st
from linkhelpers import drawn, seats
from tablefuzz import MARKUP
from tokenfuzz import ALPHABET, _no_limits, fuzzed  # noqa: F401  (the fixture: autouse)
from webhelpers import text

from tafelrunde.web.player import passes
from tafelrunde.web.player.models import Arrival
from tafelrunde.web.table.models import PhoneBinding

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

GONE = "Dieser Pass gilt nicht (mehr)"


@pytest.fixture
def real_pass() -> tuple[str, int]:
    """The pass token of a player of a drawn tournament, and the tournament."""
    _client, pk = drawn()
    from tafelrunde.web.core.models import TournamentRecord

    rec = TournamentRecord.objects.get(pk=pk)
    player = seats(pk)[0]
    return passes.tokens_for(rec, [player])[player], pk


any_tokens = st.one_of(
    st.text(st.sampled_from(ALPHABET), min_size=24, max_size=24),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=60),
    st.sampled_from([*HOSTILE_TEXTS[:80], *MARKUP, "..", ".", "%", "%zz", "%00"]),
    st.integers(1000, 60_000).map(lambda n: "A" * n),
)


@fuzzed(200)
@given(token=any_tokens, mutate=st.booleans())
def test_any_token_answers_gone_and_writes_nothing(
    real_pass: tuple[str, int], token: str, mutate: bool
) -> None:
    real, _pk = real_pass
    if mutate and token:  # the real token with a piece of another spliced in
        token = real[: len(token) % 24] + token[:12]
    if token == real:
        return
    client = Client(raise_request_exception=False)
    path = f"/pass/{quote(token, safe='')}/"
    before = snapshot(), PhoneBinding.objects.count(), Arrival.objects.count()
    for method in (client.get, client.post):
        response = method(path, {"action": "here"}, follow=False)
        assert response.status_code == 404, (path[:80], response.status_code)
        if token and "/" not in token:
            assert GONE in text(response)
    assert (snapshot(), PhoneBinding.objects.count(), Arrival.objects.count()) == before


@fuzzed(100)
@given(raw=st.one_of(st.binary(max_size=40), st.sampled_from(HOSTILE_BYTES)))
def test_percent_encoded_bytes_answer_gone(real_pass: tuple[str, int], raw: bytes) -> None:
    real, _pk = real_pass
    client = Client(raise_request_exception=False)
    for start in (b"", real.encode()):
        token = start + raw
        if token == real.encode():
            continue
        response = client.get(f"/pass/{quote_from_bytes(token, safe='')}/")
        assert response.status_code == 404


hostile = st.one_of(st.sampled_from([*HOSTILE_TEXTS, *MARKUP]), st.text(max_size=200))


@fuzzed(150)
@given(action=hostile, turnier=hostile, extra=hostile)
def test_the_real_pass_takes_any_query_and_form_without_harm(
    real_pass: tuple[str, int], action: str, turnier: str, extra: str
) -> None:
    real, pk = real_pass
    client = Client(raise_request_exception=False)
    response = client.get(f"/pass/{real}/", {"turnier": turnier, "x": extra})
    assert response.status_code == 200
    page = text(response)
    for said in (turnier, extra):
        if said in MARKUP:
            assert said not in page  # escaped, never echoed raw
    before = snapshot()
    posted = client.post(f"/pass/{real}/", {"action": action, "player": extra, "turnier": turnier})
    assert posted.status_code == 302
    assert snapshot() == before  # after the first draw "Ich bin da" is over: nothing changes
    assert Arrival.objects.filter(tournament_id=pk).count() == 0
