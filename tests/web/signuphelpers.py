"""Helpers of the sign-up tests: a tournament open for online sign-up."""

from __future__ import annotations

from django.test import Client
from webhelpers import create, organiser

from tafelrunde.web.core.models import TournamentRecord


def opened(capacity: str = "2", code: str = "", n: int = 4) -> tuple[Client, TournamentRecord]:
    """An organiser and a tournament of n players whose online sign-up is open."""
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", n)
    data = {"open": "on", "capacity": capacity, "club_code": code}
    assert client.post(f"/turniere/{rec.pk}/online-anmeldung/", data).status_code == 302
    return client, rec
