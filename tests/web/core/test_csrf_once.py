"""A page masks its CSRF token once: every form and the htmx header of one answer carry the
same token, the next answer another one, and each is accepted."""

from __future__ import annotations

import re

import pytest
from rolehelpers import drawn_group

from factories import logged_in

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HEADER = re.compile(r'"X-CSRFToken": "([^"]+)"')


def tokens(html: str) -> set[str]:
    """Every CSRF token the page holds (its forms' fields and its htmx header)."""
    return set(FIELD.findall(html)) | set(HEADER.findall(html))


def test_one_answer_holds_one_token_and_the_next_answer_another() -> None:
    pk, _ = drawn_group(8)
    client = logged_in(enforce_csrf_checks=True)
    first = client.get(f"/turniere/{pk}/tische/").content.decode()
    assert len(FIELD.findall(first)) >= 3  # the two tables' result forms and the logout form
    assert len(tokens(first)) == 1
    second = client.get(f"/turniere/{pk}/tische/").content.decode()
    assert len(tokens(second)) == 1 and tokens(second) != tokens(first)  # masked anew
    result = f"/turniere/{pk}/ergebnis/"  # no table named: refused after the token's check
    for token in (*tokens(first), *tokens(second)):
        assert client.post(result, {"csrfmiddlewaretoken": token}).status_code == 404
    assert client.post(result, {"csrfmiddlewaretoken": "x" * 64}).status_code == 403
