"""Helpers of the pass tests: a player's pass of a stored tournament."""

from __future__ import annotations

import re

from django.test import Client
from webhelpers import text

PASS = re.compile(r"/pass/([A-Za-z0-9_-]{24})/")


def pass_of(client: Client, pk: int, player: str) -> str:
    """The token the organiser's passes page shows large for a player (the players page
    leads there, "Pass (QR)" beside each name)."""
    players = text(client.get(f"/turniere/{pk}/spieler/", follow=True))  # (D: registration)
    assert f"/turniere/{pk}/paesse/?qr={player}#big-pass" in players
    page = text(client.get(f"/turniere/{pk}/paesse/?qr={player}"))
    found = PASS.findall(page)
    assert found, page
    return found[0]
