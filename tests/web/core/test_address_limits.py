"""Every limit counts the address the server trusts (REMOTE_ADDR, which uvicorn takes from a
proxy of its list only), never a header a client writes, and holds after a flood of other
addresses: the JSON API, the online sign-up (club-code guesses), table links, passes, logins.
An IPv6 address counts by its /64 network."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import count
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings
from linkhelpers import drawn, tokens
from passhelpers import pass_of
from signuphelpers import opened
from webhelpers import create, organiser, text

from factories import PASSWORD, USER, organiser_user

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ADDRESS, OTHER = "203.0.113.50", "198.51.100.60"
FLOOD = 2000  # other addresses, one request each: far more than a small shared cache keeps
_forged = count()


def forged() -> dict[str, str]:
    """Headers that name another client each time (as a client may write them)."""
    k = next(_forged)
    other = f"192.0.2.{k % 250 + 1}, 10.{k // 250 % 250}.{k % 250}.1"
    return {"X-Forwarded-For": other, "X-Real-IP": other.split(",")[0],
            "Forwarded": f"for={other.split(',')[0]};proto=https"}  # fmt: skip


def flood() -> None:
    """One API request from each of FLOOD other addresses (each a key of its own)."""
    client = Client()
    for k in range(FLOOD):
        address = f"198.18.{k // 250}.{k % 250 + 1}"
        client.get("/api/v1/tournaments/0", REMOTE_ADDR=address, headers=forged())


def most(rate: str) -> int:
    """How many a rate such as '600/m' allows."""
    return int(rate.split("/")[0])


def test_the_api_limit_ignores_forwarding_headers_and_holds_after_a_flood() -> None:
    client = Client(REMOTE_ADDR=ADDRESS)
    limit = most(settings.API_RATE)
    answers = [client.get("/api/v1/tournaments/0", headers=forged()).status_code
               for _ in range(limit + 1)]  # fmt: skip
    assert answers[:limit] == [404] * limit and answers[limit] == 429
    flood()
    limited = client.get("/api/v1/tournaments/0", headers=forged())
    assert limited.status_code == 429
    assert int(limited["Retry-After"]) > 0
    said = json.loads(limited.content)["detail"]
    assert "Zu viele Anfragen von dieser Adresse" in said, said
    assert Client(REMOTE_ADDR=OTHER).get("/api/v1/tournaments/0").status_code == 404


def test_the_api_counts_an_ipv6_network_as_one_address() -> None:
    limit = most(settings.API_RATE)
    client = Client()
    answers = [client.get("/api/v1/tournaments/0", REMOTE_ADDR=f"2001:db8:5:1::{k:x}")
               .status_code for k in range(1, limit + 2)]  # fmt: skip
    assert answers[:limit] == [404] * limit and answers[limit] == 429
    assert Client(REMOTE_ADDR="2001:db8:5:2::1").get("/api/v1/tournaments/0").status_code == 404


def guess(pk: int, code: str) -> str:
    """A sign-up with this club code from the one address, with forged headers: the page."""
    data = {"name": "Rater", "email": "", "note": "", "code": code, "website": ""}
    answer = Client(REMOTE_ADDR=ADDRESS).post(f"/turniere/{pk}/mitspielen/", data,
                                              headers=forged())  # fmt: skip
    return text(answer)


def test_club_code_guesses_stay_limited_after_a_flood() -> None:
    _client, rec = opened("", code="Würfel 7")
    limit = most(settings.SIGN_UP_RATE)
    for k in range(limit):
        assert "Dieser Vereinscode stimmt nicht." in guess(rec.pk, f"falsch {k}"), k
    assert "zu viele Anmeldungen" in guess(rec.pk, "falsch")
    flood()
    assert "zu viele Anmeldungen" in guess(rec.pk, "noch falscher")


def post(path: str, address: str, data: dict[str, str] | None = None) -> int:
    """A post from this address, with forged headers: its status."""
    answer = Client(REMOTE_ADDR=address).post(path, data or {}, headers=forged())
    return int(answer.status_code)


@pytest.fixture
def table_link() -> Iterator[str]:
    """The first table link of a drawn tournament."""
    client, pk = drawn()
    yield f"/tisch/{tokens(client, pk)[0]}/"


def test_a_table_link_stays_limited_after_a_flood(table_link: str) -> None:
    limit = most(settings.TABLE_LINK_RATE)
    answers = [post(table_link, f"203.0.113.{k + 1}") for k in range(limit + 1)]
    assert answers[:limit] == [302] * limit and answers[limit] == 429
    flood()
    assert post(table_link, OTHER) == 429


@override_settings(TABLE_ADDRESS_RATE="20/m")
def test_an_address_posting_to_table_links_stays_limited_after_a_flood(table_link: str) -> None:
    with override_settings(TABLE_LINK_RATE="1000/m"):
        answers = [post(table_link, ADDRESS) for _ in range(21)]
        assert answers[:20] == [302] * 20 and answers[20] == 429
        flood()
        assert post(table_link, ADDRESS) == 429
        assert post(table_link, OTHER) == 302


def test_a_pass_stays_limited_after_a_flood() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 8)
    path = f"/pass/{pass_of(client, rec.pk, rec.players[0]['id'])}/"
    limit = most(settings.TABLE_LINK_RATE)
    answers = [post(path, f"203.0.113.{k + 1}", {"action": "x"}) for k in range(limit + 1)]
    assert answers[:limit] == [302] * limit and answers[limit] == 429
    flood()
    assert post(path, OTHER, {"action": "x"}) == 429


def login(password: str, address: str) -> Any:
    """The login form sent from this address, with forged headers."""
    data = {"username": USER, "password": password}
    return Client(REMOTE_ADDR=address).post("/anmelden/", data, headers=forged())


@pytest.mark.both_databases
def test_wrong_passwords_from_one_ipv6_network_lock_it_whatever_the_headers_say() -> None:
    organiser_user()
    for k in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login("falsch", f"2001:db8:7:1::{k + 1:x}").status_code == 200, k
    assert login("falsch", "2001:db8:7:1:ffff::1").status_code == 429
    flood()
    assert login(PASSWORD, "2001:db8:7:1::abcd").status_code == 429  # the right one waits
    assert login(PASSWORD, "2001:db8:7:2::1").status_code == 302  # another network does not
