"""How uvicorn serves Tafelrunde, so that no single client can stall the server.

Measured on uvicorn 0.54 (h11 0.16, httptools 0.9, uvloop): with its defaults a connection
that sends half a request head and then nothing is never closed (the keep-alive timeout
starts only after a response), httptools takes request heads of any size (20 heads of
30 MB: 271 → 877 MB), and 1,001 open streams or 1,050 half-sent requests under the usual
limit of 1,024 open files made every page fail, unlogged. So this protocol adds to
uvicorn's HTTP/1.1 protocol:

- the head of a request must be complete within HEAD_SECONDS of its first byte (or of
  the connection, if nothing comes), else the connection is closed;
- a head over HEAD_BYTES is answered 431 and the connection closed, counted as it arrives
  (an incomplete head) and as parsed (a whole head that came in one piece);
- an address (not a trusted proxy) holds at most `limits.connections_per_address()`
  connections (a small part of the process's cap), and the process at most
  `limits.connection_cap()`;
- connections that have not sent a whole request head yet hold at most half of that cap;
  beyond it, or when the cap is reached, the oldest of them is closed to make room, never
  a connection that has sent a whole request (a page that keeps its connection, a stream);
- every refusal is logged with the address, once a minute per address.

The client's address is the connection's, or the one a proxy of `proxies()` names in
`X-Forwarded-For` (uvicorn's proxy headers): the address every limit counts.

It is built on httptools (C) rather than h11 (Python): once shared pages are served from
memory in front of Django, parsing is much of a request's cost. `bench/bench_front.py` (20
clients asking for kept pages of an 800-player tournament, one process, 2-core machine):
httptools with this guard 70-180 µs of server CPU per request, uvicorn's h11 160-242 µs;
5,400-14,500 against 4,100-6,200 requests per second.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import Counter
from typing import Any

from tafelrunde.web.core import limits
from tafelrunde.web.core.uvicorn_parts import INVALID_REQUEST, Connection, Trusted

HEAD_SECONDS = 5.0  # a request's head (request line and headers) arrives within this
HEAD_BYTES = 32 * 1024  # and is no larger than this
LINGER = 1.0  # seconds a refused connection drops what still arrives before it closes
KEEP_ALIVE = 20  # seconds an idle connection stays open for the next request
PROXIES = "127.0.0.1"  # a proxy on this machine; elsewhere FORWARDED_ALLOW_IPS names it
TOO_LARGE_TEXT = "Anfrage zu groß. / Request header fields too large.\n".encode()
TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
    b"content-length: %d\r\n\r\n%s" % (len(TOO_LARGE_TEXT), TOO_LARGE_TEXT)
)
OPEN: Counter[str] = Counter()  # open connections per address (in this process)
# the connections whose first request head is not complete yet, the oldest first
WAITING: dict[GuardedProtocol, None] = {}  # in the order they came (a dict keeps it)


class Quiet(logging.Filter):
    """Leave out uvicorn's line per bad request: the guard logs refusals once a minute."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Tell whether the record is logged."""
        return record.getMessage() != INVALID_REQUEST


QUIET = Quiet()


class GuardedProtocol(Connection):
    """uvicorn's httptools protocol with a deadline and a size limit for request heads."""

    trusted: Trusted | None = None

    def set_up(self) -> None:
        """Set up once uvicorn has, with no deadline running yet."""
        self.deadline: asyncio.TimerHandle | None = None
        self.address = ""
        self.in_head = True  # waiting for (the rest of) a request's head
        self.head = 0  # bytes of the head so far, as they arrive
        self.head_size = 0  # bytes of its address and headers, as parsed
        self.discard = False  # refused: what still arrives is dropped
        self.add_log_filter(QUIET)
        if GuardedProtocol.trusted is None:
            GuardedProtocol.trusted = self.trusted_proxies()

    def opened(self) -> None:
        """Accept the connection unless its address has too many open; make room for it by
        closing the oldest connection still waiting for its first request head, if the
        waiting ones or all together are too many."""
        peer = self.peer() or ""
        counted = bool(peer) and (self.trusted is None or peer not in self.trusted)
        self.address = limits.counted(peer) if counted else ""
        if counted:
            OPEN[self.address] += 1
        cap = limits.connection_cap()
        if counted and OPEN[self.address] > limits.connections_per_address(cap):
            self.refuse("too many connections from this address")
            return
        WAITING[self] = None
        if len(WAITING) > limits.half_sent_cap(cap) or self.open_connections() > cap:
            oldest = next(iter(WAITING))
            if oldest is self:  # every other connection has sent a whole request
                self.refuse("too many connections")
                return
            oldest.refuse("closed for a newer connection: no whole request head yet")
        self.arm()

    def lost(self) -> None:
        """Forget the connection."""
        WAITING.pop(self, None)
        self.disarm()
        if self.address:
            OPEN[self.address] -= 1
            if OPEN[self.address] <= 0:
                del OPEN[self.address]
            self.address = ""

    def receiving(self, data: bytes) -> bool:
        """Start the head's deadline with its first byte; drop what comes once refused."""
        if self.discard:
            return False
        if self.in_head:
            self.arm()
            self.head += len(data)
        return True

    def received(self) -> None:
        """Refuse a head that grows too large before it is complete (the parser keeps no
        more of it than one read)."""
        if self.in_head and self.head > HEAD_BYTES and not self.discard:
            self.too_large()

    def request_begins(self) -> None:
        """A request begins: its head must be complete in time."""
        self.in_head = True
        self.arm()

    def url_part(self, url: bytes) -> None:
        """Count the request line's address into the head."""
        self.head_size += len(url)

    def header_part(self, name: bytes, value: bytes) -> None:
        """Count a header into the head."""
        self.head_size += len(name) + len(value) + 4

    def head_complete(self) -> bool:
        """The head is complete: stop its deadline; refuse it if it is too large."""
        WAITING.pop(self, None)  # a whole request came: never closed to make room
        self.in_head = False
        self.disarm()
        size, self.head, self.head_size = self.head_size, 0, 0
        if size > HEAD_BYTES:
            self.too_large()
            return False
        return True

    def request_complete(self) -> None:
        """The request is complete: the next one's head is counted when it comes."""
        self.in_head = True

    def too_large(self) -> None:
        """Answer 431 and close once the client has had time to read it."""
        self.discard = True  # what still comes is read and dropped, so the client
        self.send(TOO_LARGE)  # reads this answer (no reset before it)
        self.end_sending()
        self.disarm()
        self.deadline = self.later(LINGER, self.close)
        self.refuse("request head too large", close=False)

    def invalid_request(self) -> bool:
        """Refuse a broken head with uvicorn's 400 (logged once a minute per address)."""
        if self.discard:
            return False  # refused already (431)
        limits.REFUSALS.refused(self.who(), "invalid request")
        return True

    def arm(self) -> None:
        """Close the connection unless a request's head is complete within HEAD_SECONDS."""
        if self.deadline is None:
            self.deadline = self.later(HEAD_SECONDS, self.too_slow)

    def disarm(self) -> None:
        """Stop the head's deadline."""
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def too_slow(self) -> None:
        """The head did not arrive in time (or nothing came): close the connection."""
        self.deadline = None
        if self.in_head and not self.closing():
            self.refuse(f"request head not complete within {HEAD_SECONDS:g} s")

    def refuse(self, why: str, close: bool = True) -> None:
        """Log the refusal (once a minute per address) and close the connection."""
        limits.REFUSALS.refused(self.who(), why)
        if close:
            WAITING.pop(self, None)
            self.close()

    def who(self) -> str:
        """The client's address as logged."""
        peer = self.peer()
        return "?" if peer is None else peer


def proxies() -> str:
    """The proxies whose `X-Forwarded-For` names the client (comma-separated addresses or
    networks, as uvicorn reads them): FORWARDED_ALLOW_IPS, else one on this machine."""
    return os.environ.get("FORWARDED_ALLOW_IPS", "").strip() or PROXIES


def options() -> dict[str, Any]:
    """uvicorn's settings for Tafelrunde (command line, load tests, browser tests).

    Left at uvicorn's default: `backlog` (2,048 connections waiting to be accepted: a hall
    arriving at once after a draw fits) and `limit_concurrency` (it counts every open
    connection, the event streams too, so it would refuse pages when many pages are open;
    the stream cap and the per-address limits above take its place).
    """
    return {
        "http": GuardedProtocol,
        "proxy_headers": True,
        "forwarded_allow_ips": proxies(),
        "timeout_keep_alive": KEEP_ALIVE,
        "lifespan": "off",
        "log_level": "warning",
    }
