"""The table page needs no login, so its address and its forms are fuzzed: any token answers
the „gilt nicht (mehr)" page (404) or, for the real one, the table (200); any POST body sent to
a real link with a valid CSRF token gets no server error, stores only a valid entry for that
table, and nothing sent comes back unescaped."""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import quote, quote_from_bytes

import pytest
from django.db import transaction
from django.test import Client
from fuzzhelpers import HOSTILE_BYTES, HOSTILE_TEXTS, Post, snapshot
from hypothesis import given
from hypothesis import strategies as st
from kolinkhelpers import link_of, opened
from linkhelpers import GONE, drawn, seats, tokens
from tablefuzz import (
    MARKUP,
    Link,
    bodies,
    entered_before,
    escaped,
    filled,
    latest,
    stored_only_valid,
    tap,
)
from tokenfuzz import ALPHABET, TOKEN_LENGTH, _no_limits, fuzzed  # noqa: F401  (the fixture: autouse)
from webhelpers import forms_of, text

from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import FactRecord, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]


# -- the address ----------------------------------------------------------------------------


@pytest.fixture
def real_token() -> str:
    """The token of table 1 of a drawn tournament."""
    client, pk = drawn()
    return tokens(client, pk)[0]


near_tokens = st.text(st.sampled_from(ALPHABET), min_size=TOKEN_LENGTH, max_size=TOKEN_LENGTH)
any_tokens = st.one_of(
    near_tokens,
    st.text(st.characters(exclude_categories=["Cs"]), max_size=60),
    st.text(st.sampled_from(ALPHABET), min_size=TOKEN_LENGTH - 2, max_size=TOKEN_LENGTH + 2),
    st.sampled_from([*HOSTILE_TEXTS[:80], *MARKUP, "..", ".", "%", "%zz", "%00"]),
    st.integers(1000, 60_000).map(lambda n: "A" * n),
)


def gone_or_table(response: Any, real: bool, opens_view: bool, what: str) -> None:
    """The real token opens the table; any other gets 404, the table-link page where the
    address reaches the table view, and shows nothing of any table."""
    if real:  # the table, or a tap on a name taken
        assert response.status_code in (200, 302), what
        return
    assert response.status_code == 404, f"{what}: {response.status_code}"
    if opens_view:
        page = text(response)
        assert GONE in page and "Sitzreihenfolge" not in page, what


@fuzzed(300)
@given(token=any_tokens, mutate=st.booleans())
def test_any_token_answers_gone_or_the_real_table(
    real_token: str, token: str, mutate: bool
) -> None:
    if mutate and token:  # the real token with a piece of another spliced in
        token = real_token[: len(token) % TOKEN_LENGTH] + token[: TOKEN_LENGTH // 2]
    client = Client(raise_request_exception=False)
    path = f"/tisch/{quote(token, safe='')}/"
    opens_view = token != "" and "/" not in token
    before = snapshot()
    for method in (client.get, client.post):
        response = method(path, {"action": "me", "player": "p001"}, follow=False)
        gone_or_table(response, token == real_token, opens_view, f"{method.__name__} {path[:80]}")
        assert response.status_code < 500
    assert snapshot() == before


@fuzzed(150)
@given(raw=st.one_of(st.binary(max_size=40), st.sampled_from(HOSTILE_BYTES)))
def test_percent_encoded_bytes_in_the_token_answer_gone(real_token: str, raw: bytes) -> None:
    client = Client(raise_request_exception=False)
    for start in (b"", real_token.encode()):  # alone, and after the real token
        token = start + raw
        path = f"/tisch/{quote_from_bytes(token, safe='')}/"
        opens_view = token != b"" and b"/" not in token
        response = client.get(path)
        gone_or_table(response, token == real_token.encode(), opens_view, path)
        assert response.status_code < 500, path


def test_the_real_token_opens_and_a_near_one_does_not(real_token: str) -> None:
    client = Client(raise_request_exception=False)
    assert client.get(f"/tisch/{real_token}/").status_code == 200
    nears = (real_token.lower(), real_token.upper(), real_token + "A", real_token[1:],
             real_token[:-1] + "=", f" {real_token}", real_token.replace("-", "+"))  # fmt: skip
    for near in nears:
        if near != real_token:
            gone_or_table(client.get(f"/tisch/{quote(near, safe='')}/"), False, True, near)


# -- the forms --------------------------------------------------------------------------------


@pytest.fixture
def group_link() -> Link:
    """Table 1 of a drawn format-A tournament."""
    client, pk = drawn()
    url = f"/tisch/{tokens(client, pk)[0]}/"
    return Link(url, pk, 1, seats(pk), frozenset({"tableentered", "tableconfirmed"}))


@pytest.fixture
def knockout_link() -> Link:
    """The first open table of a format-D evening."""
    organiser = Client()
    rec = opened(organiser)
    table = engine_tournament(TournamentRecord.objects.get(pk=rec.pk)).state().open_tables()[0]
    url = link_of(organiser, rec, table.place)
    kinds = frozenset({"table_loser_entered", "table_loser_confirmed"})
    return Link(url, rec.pk, table.number, tuple(table.remaining), kinds)


def phone_posts(link: Link, data: st.DataObject) -> Counter[str]:
    """A phone opens the link and sends a few bodies built from what the page shows, at times
    after handing the phone to another player of the table; the kinds of facts it stored."""
    entered = entered_before(link, data)
    phone = Client(enforce_csrf_checks=True, raise_request_exception=False)
    assert phone.get(link.url).status_code == 200
    csrf = phone.cookies["csrftoken"].value
    stored = Counter[str]()
    for k in range(data.draw(st.integers(1, 5), label="posts")):
        if k == 0 and entered:  # a player who entered nothing takes the phone to confirm
            tap(phone, link, csrf, data.draw(st.sampled_from(link.players[entered:]), label="who"))
        elif data.draw(st.booleans(), label="hand on"):
            tap(phone, link, csrf, data.draw(st.sampled_from(link.players), label="who"))
        forms = forms_of(phone.get(link.url))
        confirming = [f for f in forms if f.inputs.get("action") == ["confirm"]]
        if k == 0 and confirming and data.draw(st.booleans(), label="confirm as shown"):
            sent = data.draw(filled(link, confirming[0]), label="body")  # the usual next step
        else:
            sent = data.draw(bodies(link, forms), label="body")
        post = Post(link.url, [*sent, ("csrfmiddlewaretoken", csrf)],
                    multipart=data.draw(st.booleans(), label="multipart"))  # fmt: skip
        before, counted = latest(link.pk), snapshot()
        response = post.send(phone)
        assert response.status_code in (200, 302, 400), f"{response.status_code} {post!r}"
        if response.status_code == 400:  # a body Django refuses to read: nothing happened
            assert snapshot() == counted, repr(post)
            continue
        escaped(response if response.status_code == 200 else phone.get(link.url), sent)
        stored_only_valid(link, before)
        stored.update(f.data["type"] for f in FactRecord.objects.filter(
            tournament_id=link.pk, n__gt=before))  # fmt: skip
    return stored


def fuzz(link: Link, examples: int) -> Counter[str]:
    """Run the phone's posts as Hypothesis examples, each undone afterwards so that every one
    starts at the same table; the kinds of facts they stored, summed up."""
    stored = Counter[str]()

    @fuzzed(examples)
    @given(data=st.data())
    def example(data: st.DataObject) -> None:
        with transaction.atomic():
            stored.update(phone_posts(link, data))
            transaction.set_rollback(True)

    example()
    return stored


def test_fuzzed_posts_to_a_format_a_table_store_only_valid_entries(group_link: Link) -> None:
    stored = fuzz(group_link, 120)
    assert stored["tableentered"] and stored["tableconfirmed"], stored  # the fuzz went deep


def test_fuzzed_posts_to_a_format_d_table_store_only_valid_losers(knockout_link: Link) -> None:
    stored = fuzz(knockout_link, 80)
    assert stored["table_loser_entered"] and stored["table_loser_confirmed"], stored
