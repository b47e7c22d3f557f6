"""Logging out ends the session on the server: a copied session cookie stops working, while the
same login on another device stays logged in."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from webhelpers import text

from tafelrunde.web.core.ended_sessions import KEY
from tafelrunde.web.core.models import EndedSession

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PASSWORD = "Wuerfel-Turm-9"


def logged_in_by_form() -> Client:
    """A browser that logged in through the login form."""
    client = Client()
    answer = client.post("/anmelden/", {"username": "chef", "password": PASSWORD})
    assert answer.status_code == 302, text(answer)
    return client


def organiser_page(client: Client) -> int:
    """The status of a page only organisers see (200 for them, a redirect to the login else)."""
    return client.get("/zugaenge/").status_code


def test_a_copied_cookie_stops_working_after_logging_out() -> None:
    get_user_model().objects.create_user("chef", password=PASSWORD)
    laptop, other_device = logged_in_by_form(), logged_in_by_form()
    copy = Client()
    copy.cookies[settings.SESSION_COOKIE_NAME] = laptop.cookies[settings.SESSION_COOKIE_NAME].value
    assert organiser_page(copy) == 200  # a copy works while the session lives
    assert laptop.post("/abmelden/").status_code == 302
    assert organiser_page(laptop) == 302
    assert organiser_page(copy) == 302  # the copy is logged out too
    assert "Anmelden" in text(copy.get("/")) and "chef" not in text(copy.get("/"))
    assert organiser_page(other_device) == 200  # another login of the same name goes on
    assert EndedSession.objects.count() == 1


def test_a_session_without_its_key_counts_as_logged_out() -> None:
    user = get_user_model().objects.create_user("chef", password=PASSWORD)
    client = Client()
    client.force_login(user)
    assert organiser_page(client) == 200
    session = client.session
    del session[KEY]  # a cookie from before sessions had keys
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    assert organiser_page(client) == 302
