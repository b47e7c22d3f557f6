"""How often a secret link (a table's, a player's pass) may be posted to: per link and per
address, so that a guessed or shared link cannot flood the tournament."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from tafelrunde.web.core import rates


def too_often(request: HttpRequest, group: str, digest: str) -> bool:
    """Say whether this link (by its digest) or this address posted too often just now (and
    count this post)."""
    per_link = rates.take(settings.TABLE_LINK_RATE, group, digest)
    per_address = rates.take(
        settings.TABLE_ADDRESS_RATE, "table-address", rates.address_of(request)
    )
    return not (per_link and per_address)
