"""What one server process allows: open files, connections and event streams, in all and
per address.

At start a process raises its limit of open files (the soft limit) to the hard one; the
event streams may then use all of it but a reserve kept for page requests, the database,
backups and log files. Connections may use all but a few of the open files; one address
holds a small part of them, and connections that have not sent a whole request head yet
hold at most half of them. A refusal is logged with the address, once a minute per address.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import resource
import time

RESERVE = 256  # open files kept at least for pages, the database and logs
RESERVE_SHARE = 4  # ... or a quarter of the limit, whichever is more
MOST_STREAMS = 10_000  # open streams per process at most (about 16 KB each)
STREAMS_PER_ADDRESS = 16  # a projector wall of ten screens fits
ADDRESS_SHARE = 20  # an address holds a twentieth of the process's connections (a proxy in
LEAST_PER_ADDRESS = 64  # front is not counted), at least this many: ten devices behind a NAT
HALF_SENT_SHARE = 2  # connections whose first request head is not complete: half at most
LOG_EVERY = 60.0  # seconds between two log lines about one address

log = logging.getLogger("tafelrunde.limits")


def open_files() -> int:
    """Raise this process's limit of open files to the hard limit; return the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass  # the system allows less: the limit stays
    return soft


def reserve(limit: int) -> int:
    """The open files kept for everything but event streams."""
    return max(RESERVE, limit // RESERVE_SHARE)


def stream_cap() -> int:
    """How many event streams this process may hold open at once."""
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return max(0, min(MOST_STREAMS, limit - reserve(limit)))


def connection_cap(limit: int | None = None) -> int:
    """How many connections this process accepts at once (the database and logs keep some)."""
    if limit is None:
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return max(16, limit - RESERVE // 4)


def connections_per_address(cap: int) -> int:
    """How many connections one address may hold: a small part of the process's cap, or what
    TAFELRUNDE_CONNECTIONS_PER_ADDRESS says (a hall behind one NAT address)."""
    share = max(LEAST_PER_ADDRESS, cap // ADDRESS_SHARE)
    return per_address("TAFELRUNDE_CONNECTIONS_PER_ADDRESS", share)


def half_sent_cap(cap: int) -> int:
    """How many connections may wait for their first whole request head at once."""
    return max(1, cap // HALF_SENT_SHARE)


def counted(address: str) -> str:
    """An address as every limit counts it: IPv6 by its /64 network (what one line or device
    is given to choose from), an IPv4-mapped one as IPv4, any other as it is."""
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address)
    except ValueError:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Address(int(ip) >> 64 << 64))


def per_address(name: str, default: int) -> int:
    """A per-address limit, from the environment (e.g. behind one NAT address) or the default."""
    given = os.environ.get(name, "").strip()
    return int(given) if given.isdigit() and int(given) > 0 else default


class Refusals:
    """Log refused connections: one line per address a minute, with how many were refused."""

    def __init__(self, every: float = LOG_EVERY, most: int = 10_000) -> None:
        """Start with nothing logged."""
        self.every, self.most = every, most
        self.last: dict[str, tuple[float, int]] = {}  # address: (logged at, refused since)

    def refused(self, address: str, why: str) -> None:
        """Note a refusal; log it unless this address was logged within the last minute."""
        now = time.monotonic()
        at, count = self.last.get(address, (-self.every, 0))
        if now - at < self.every:
            self.last[address] = (at, count + 1)
            return
        if len(self.last) >= self.most:  # a flood of addresses: forget the old ones
            self.last = {a: v for a, v in self.last.items() if now - v[0] < self.every}
        self.last[address] = (now, 0)
        log.warning("refused %s: %s (%d more in the last minute)", address, why, count)


REFUSALS = Refusals()
