"""Table-link tokens: derived with Django's signing; links made before (their token sealed the
old way) still open their table and are shown again unchanged, so printed codes keep working."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from urllib.parse import quote

import pytest
from django.conf import settings
from django.core import signing
from django.test import Client, override_settings
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from linkhelpers import GONE, drawn, tokens
from webhelpers import text

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.seat import Where
from tafelrunde.web.table.links import find, tokens_for
from tafelrunde.web.table.models import TableLink

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def sealed_the_old_way(token: str, digest: str, key: str) -> str:
    """A token as links made before derived tokens stored it: XOR with an HMAC key stream."""
    pad = hmac.new(key.encode(), b"tafelrunde table link " + digest.encode(), "sha256").digest()
    return bytes(a ^ b for a, b in zip(base64.urlsafe_b64decode(token), pad, strict=False)).hex()


def old_link(client: Client, pk: int) -> str:
    """Turn table 1's link into one stored the old way (as printed before); its token."""
    link = find(tokens(client, pk)[0])
    assert link is not None
    token = secrets.token_urlsafe(18)
    link.digest = hashlib.sha256(token.encode()).hexdigest()
    link.sealed = sealed_the_old_way(token, link.digest, settings.SECRET_KEY)
    link.save()
    return token


def test_a_link_stored_the_old_way_still_opens_and_is_shown_unchanged() -> None:
    client, pk = drawn()
    token = old_link(client, pk)
    before = list(TableLink.objects.filter(tournament_id=pk).values_list("digest", "sealed"))
    page = Client().get(f"/tisch/{token}/")
    assert page.status_code == 200 and "Tisch 1" in text(page)
    assert tokens(client, pk)[0] == token  # the links page shows the printed one again
    after = list(TableLink.objects.filter(tournament_id=pk).values_list("digest", "sealed"))
    assert after == before


def test_new_tokens_are_a_signature_of_a_stored_nonce_and_the_row_opens_nothing() -> None:
    client, pk = drawn()
    for token in tokens(client, pk):
        link = find(token)
        assert link is not None and link.sealed.startswith("s1:")
        nonce = link.sealed.removeprefix("s1:")
        signer = signing.Signer(salt="tafelrunde.table.link", algorithm="sha256")
        assert signer.signature(nonce)[:24] == token
        assert token not in link.sealed and len(nonce) >= 32
        other = signing.Signer(key="another server", salt="tafelrunde.table.link")
        forged = other.signature(nonce)[:24]
        response = Client().get(f"/tisch/{forged}/")
        assert response.status_code == 404 and GONE in text(response)


def test_every_changed_character_is_refused_in_words() -> None:
    client, pk = drawn()
    for token in (tokens(client, pk)[1], old_link(client, pk)):
        phone = Client(raise_request_exception=False)
        for i, c in enumerate(token):
            changed = token[:i] + ("A" if c != "A" else "B") + token[i + 1 :]
            response = phone.get(f"/tisch/{changed}/")
            assert response.status_code == 404 and GONE in text(response), changed
        assert phone.get(f"/tisch/{token}/").status_code == 200


def test_a_new_server_key_keeps_the_links_with_the_old_one_as_fallback() -> None:
    client, pk = drawn()
    old = old_link(client, pk)
    derived = tokens(client, pk)[1]
    links = [find(old), find(derived)]
    wanted = [Where(k.stage, k.game, k.table) for k in links if k is not None]
    rec = TournamentRecord.objects.get(pk=pk)
    new_key = "a new server key " * 4
    with override_settings(SECRET_KEY=new_key, SECRET_KEY_FALLBACKS=[settings.SECRET_KEY]):
        assert list(tokens_for(rec, wanted).values()) == [old, derived]
    with override_settings(SECRET_KEY=new_key):  # without the old key the links are made anew
        shown = list(tokens_for(rec, wanted).values())
    assert old not in shown and derived not in shown
    assert Client().get(f"/tisch/{old}/").status_code == 404


@pytest.fixture
def both_tokens() -> tuple[str, str]:
    """The tokens of table 1 (stored the old way) and table 2 (derived) of a drawn game."""
    client, pk = drawn()
    old = old_link(client, pk)
    return old, tokens(client, pk)[1]


@hypothesis_settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    which=st.integers(0, 1),
    cut=st.integers(0, 24),
    piece=st.text(st.sampled_from(ALPHABET), max_size=30)
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=30),
)
def test_any_change_of_an_old_or_new_token_answers_gone_never_an_error(
    both_tokens: tuple[str, str], which: int, cut: int, piece: str
) -> None:
    real = both_tokens[which]
    token = real[:cut] + piece + real[cut + len(piece) :]
    response = Client(raise_request_exception=False).get(f"/tisch/{quote(token, safe='')}/")
    assert response.status_code < 500
    if token in both_tokens:
        assert response.status_code == 200
    else:
        assert response.status_code == 404, token
