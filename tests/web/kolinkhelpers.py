"""Helpers of the format-D table-link tests: a knockout with tables open, its links."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client
from kohelpers import create, pay_all, post, state, text

from tafelrunde.web.core.models import TournamentRecord

NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gustav", "Hanna"]


def opened(client: Client) -> TournamentRecord:
    """A Schocken knockout evening with its first tables open."""
    from django.contrib.auth.models import User

    client.force_login(User.objects.create_user("leitung", password="geheim-123"))
    rec = create(client, NAMES)
    pay_all(client, rec)
    assert post(client, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
    assert state(rec).open_tables()
    return rec


def link_of(client: Client, rec: TournamentRecord, place: int) -> str:
    """The address of hall table `place`'s link, from the organisers' links page."""
    page = text(client.get(f"/turniere/{rec.pk}/tisch-links/"))
    cards = re.findall(r'<h3>Tisch (\d+)\b.*?href="[^"]*?(/tisch/[A-Za-z0-9_-]{24}/)"', page, re.S)
    return dict(cards)[str(place)]


def csrf_post(client: Client, url: str, data: dict[str, str]) -> object:
    """Open the page (for the CSRF cookie), then send the form with the token."""
    client.get(url)
    return client.post(url, data | {"csrfmiddlewaretoken": client.cookies["csrftoken"].value})


def form_marks(client: Client, url: str) -> dict[str, str]:
    """The table's state and game the page's forms were built on."""
    page = text(client.get(url))
    found = re.search(r'name="basis" value="(\d+)">\s*<input type="hidden" name="game" '
                      r'value="(\d+)"', page)  # fmt: skip
    assert found, page
    return {"basis": found.group(1), "game": found.group(2)}


def at_the_table() -> tuple[Client, TournamentRecord, Any, str, list[str], Client, Client]:
    """The organiser, the evening, its first open table, that table's link, its players and
    two phones."""
    organiser = Client()
    rec = opened(organiser)
    table = state(rec).open_tables()[0]
    url = link_of(organiser, rec, table.place)
    phones = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    return organiser, rec, table, url, list(table.remaining), *phones
