"""How often a secret link (a table's, a player's pass) may be posted to: per link and per
address, so that a guessed or shared link cannot flood the tournament."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import is_ratelimited


def too_often(request: HttpRequest, group: str, digest: str) -> bool:
    """Say whether this link (by its digest) or this address posted too often just now (and
    count this post)."""
    per_link = is_ratelimited(
        request, group=group, key=lambda _g, _r: digest,
        rate=settings.TABLE_LINK_RATE, method="POST", increment=True,
    )  # fmt: skip
    per_address = is_ratelimited(
        request, group="table-address", key="ip",
        rate=settings.TABLE_ADDRESS_RATE, method="POST", increment=True,
    )  # fmt: skip
    return per_link or per_address
