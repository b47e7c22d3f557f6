"""Password spraying: one address trying a password on many user names is stopped as well
as one user name's guesses; other addresses go on; `tafelrunde unlock` releases it."""

from __future__ import annotations

import pytest
from axes.utils import reset
from django.conf import settings
from django.test import Client

from factories import PASSWORD, USER, organiser_user

pytestmark = [pytest.mark.integration, pytest.mark.django_db]
SPRAYER, HALL = "203.0.113.7", "198.51.100.20"


def login(name: str, password: str, address: str) -> tuple[int, str]:
    """Post the login form from an address: the status and the page."""
    answer = Client().post(
        "/anmelden/", {"username": name, "password": password}, REMOTE_ADDR=address
    )
    return answer.status_code, answer.content.decode()


def spray(names: int, address: str = SPRAYER) -> None:
    """One wrong password tried once on each of so many user names."""
    for n in range(names):
        status, page = login(f"name{n}", "Sommer2026!", address)
        assert status == 200 and "Benutzername oder Passwort stimmt nicht." in page, n


def test_one_password_on_many_names_locks_the_address_for_every_name() -> None:
    organiser_user()
    limit = settings.LOGIN_ADDRESS_FAILURE_LIMIT
    assert limit > settings.AXES_FAILURE_LIMIT  # a fumbling organiser is not the limit
    spray(limit - 1)
    assert login(USER, PASSWORD, SPRAYER)[0] == 302  # below the limit: logins work
    status, page = login("name-new", "Sommer2026!", SPRAYER)  # the limit's wrong password
    assert status == 429
    assert f"{limit} falsche Passwörter für verschiedene Benutzernamen" in page
    assert "<code>tafelrunde unlock</code>" in page
    assert login(USER, PASSWORD, SPRAYER)[0] == 429  # even the right password waits
    assert login(USER, PASSWORD, HALL)[0] == 302  # another address is not locked


def test_a_few_names_with_typos_do_not_lock_the_address() -> None:
    organiser_user()
    for name in ("Leitung", "leitung ", "leitng"):
        for _ in range(3):
            assert login(name, "geheim1", SPRAYER)[0] == 200
    assert login(USER, PASSWORD, SPRAYER)[0] == 302


def test_unlock_releases_a_sprayed_address() -> None:
    organiser_user()
    spray(settings.LOGIN_ADDRESS_FAILURE_LIMIT - 1)
    assert login("name-new", "Sommer2026!", SPRAYER)[0] == 429
    assert login(USER, PASSWORD, SPRAYER)[0] == 429
    assert reset() >= 1  # what `tafelrunde unlock` without a name does
    assert login(USER, PASSWORD, SPRAYER)[0] == 302
