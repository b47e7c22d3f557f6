"""How often an address (or a secret link) may do something in a while, counted in this
process's memory by the `limits` package: a counter lives until its window ends and is never
dropped to make room, so a flood of other addresses cannot reset it.

The address is the one the server trusts: REMOTE_ADDR, which uvicorn takes from the
connection, or from `X-Forwarded-For` only when the connection comes from a proxy of its list
(`guard.proxies()`); an IPv6 address counts by its /64 network. Memory stays bounded by what
a window sees: the keys are such addresses and the digests of links that exist, a counter
takes about 330 bytes and is dropped when its window (at most an hour) has ended (the
package looks for ended windows every 10 ms while counts come in: about 0.1 ms per 1,000).
"""

from __future__ import annotations

import re
import threading
import time

from django.http import HttpRequest
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter

from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.limits import counted

RATE = re.compile(r"([0-9]+)/([0-9]*)([smhd])")  # as the settings write it: 30/m, 20/h, 5/10m
UNITS = {"s": "second", "m": "minute", "h": "hour", "d": "day"}
STORE = MemoryStorage()
COUNTER = FixedWindowRateLimiter(STORE)
_last = threading.local()  # the window's end of this thread's last refusal


_RATES: Kept[str, RateLimitItem] = Kept(64)  # the settings' few rates, read once each


def rate_of(rate: str) -> RateLimitItem:
    """A rate as the settings write it ('600/m': 600 a minute) as the `limits` package reads it."""
    return _RATES.get(rate, lambda: _parsed(rate))


def _parsed(rate: str) -> RateLimitItem:
    """Read a rate as the settings write it."""
    found = RATE.fullmatch(rate.strip())
    if found is None:
        raise ValueError(f"not a rate: {rate!r} (e.g. 30/m, 20/h)")
    amount, multiple, unit = found.groups()
    return parse(f"{amount} per {multiple or 1} {UNITS[unit]}")


def address_of(request: HttpRequest) -> str:
    """The client's address as every limit counts it (never a header the client wrote);
    empty when the request came from no address."""
    return counted(request.META.get("REMOTE_ADDR") or "")


def take(rate: str, *key: str) -> bool:
    """Count one more for this key; say whether it is still within the rate."""
    item = rate_of(rate)
    if COUNTER.hit(item, *key):
        return True
    _last.until = COUNTER.get_window_stats(item, *key).reset_time
    return False


def within(rate: str, *key: str) -> bool:
    """Say whether one more would still be within the rate (counting nothing)."""
    return COUNTER.test(rate_of(rate), *key)


def wait() -> float:
    """Seconds until the window of this thread's last refusal ends."""
    return max(1.0, getattr(_last, "until", 0.0) - time.time())


def forget() -> None:
    """Forget every count (the tests begin afresh)."""
    STORE.reset()
