"""Helpers of the token fuzz: the alphabet of tokens, a fuzz's settings, no limits while it runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import override_settings
from hypothesis import HealthCheck, settings

from tafelrunde.web.table.links import TOKEN_BYTES

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


TOKEN_LENGTH = 4 * TOKEN_BYTES // 3


def fuzzed(examples: int) -> settings:
    """Hypothesis' settings here: no deadline (the first request of a run is slow)."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@pytest.fixture(autouse=True)
def _no_limits() -> Iterator[None]:
    """The rate limits stay out of the way: the fuzz sends many posts to one link."""
    with override_settings(TABLE_LINK_RATE="100000/m", TABLE_ADDRESS_RATE="100000/m"):
        yield
