"""How uvicorn serves Tafelrunde, so that no single client can stall the server.

Measured on uvicorn 0.54 (h11 0.16, httptools, uvloop): with its defaults a connection
that sends half a request head and then nothing is never closed (the keep-alive timeout
starts only after a response), httptools takes request heads of any size (20 heads of
30 MB: 271 → 877 MB), and 1,001 open streams or 1,050 half-sent requests under the usual
limit of 1,024 open files made every page fail, unlogged. So the server speaks HTTP/1.1
with h11, whose buffer for an incomplete head has a limit, and this protocol adds:

- the head of a request must be complete within HEAD_SECONDS of its first byte (or of
  the connection, if nothing comes), else the connection is closed;
- a head over HEAD_BYTES is answered 431 and the connection closed;
- an address (not a trusted proxy) holds at most CONNECTIONS_PER_ADDRESS connections,
  and the process at most `limits.connection_cap()`;
- every refusal is logged with the address, once a minute per address.

h11 parses in Python, httptools in C. Measured for whole pages (4 clients, 600 GETs each,
one process, a shared 2-core machine at load 3-4): login page 174-195 against 164-257
pages/s, a tournament's overview 118-120 against 128-142, its standings 98-108 against
117-127. Django's work dominates; httptools would need the same guard built on its
callbacks, which is worth doing only once pages are much cheaper.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.middleware.proxy_headers import _TrustedHosts
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from tafelrunde.web.core import limits

HEAD_SECONDS = 5.0  # a request's head (request line and headers) arrives within this
HEAD_BYTES = 32 * 1024  # and is no larger than this
LINGER = 1.0  # seconds a refused connection drops what still arrives before it closes
KEEP_ALIVE = 20  # seconds an idle connection stays open for the next request
TOO_LARGE_TEXT = "Anfrage zu groß. / Request header fields too large.\n".encode()
TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
    b"content-length: %d\r\n\r\n%s" % (len(TOO_LARGE_TEXT), TOO_LARGE_TEXT)
)
OPEN: Counter[str] = Counter()  # open connections per address (in this process)


class Quiet(logging.Filter):
    """Leave out uvicorn's line per bad request: the guard logs refusals once a minute."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Tell whether the record is logged."""
        return record.getMessage() != "Invalid HTTP request received."


QUIET = Quiet()


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline and a size limit for request heads."""

    trusted: _TrustedHosts | None = None

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        """Set up as uvicorn does, with no deadline running yet."""
        super().__init__(config, server_state, app_state, _loop)
        self.deadline: asyncio.TimerHandle | None = None
        self.address = ""
        self.head = 0  # bytes of the head so far
        self.discard = False  # refused: what still arrives is dropped
        if QUIET not in self.logger.filters:
            self.logger.addFilter(QUIET)
        if GuardedProtocol.trusted is None:
            GuardedProtocol.trusted = _TrustedHosts(config.forwarded_allow_ips)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Accept the connection unless its address or the process has too many open."""
        super().connection_made(transport)
        self.address = self.client[0] if self.client else ""
        counted = self.trusted is None or self.address not in self.trusted
        if counted:
            OPEN[self.address] += 1
        else:
            self.address = ""
        most = limits.per_address(
            "TAFELRUNDE_CONNECTIONS_PER_ADDRESS", limits.CONNECTIONS_PER_ADDRESS
        )
        if counted and OPEN[self.address] > most:
            self.refuse("too many connections from this address")
        elif len(self.connections) > limits.connection_cap():
            self.refuse("too many connections")
        else:
            self.arm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection."""
        self.disarm()
        if self.address:
            OPEN[self.address] -= 1
            if OPEN[self.address] <= 0:
                del OPEN[self.address]
            self.address = ""
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Start the head's deadline with its first byte; stop it once the head is complete."""
        if self.discard:
            return
        if self.conn.their_state is h11.IDLE:
            self.arm()
            self.head += len(data)
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self.disarm()
            self.head = 0

    def send_400_response(self, msg: str) -> None:
        """Refuse a broken or oversized head: 431 if it is too large, else uvicorn's 400."""
        if self.head > HEAD_BYTES:
            self.discard = True  # what still comes is read and dropped, so the client
            self.transport.write(TOO_LARGE)  # reads this answer (no reset before it)
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.disarm()
            self.deadline = self.loop.call_later(LINGER, self.transport.close)
            self.refuse("request head too large", close=False)
            return
        limits.REFUSALS.refused(self.who(), "invalid request")
        super().send_400_response(msg)

    def arm(self) -> None:
        """Close the connection unless a request's head is complete within HEAD_SECONDS."""
        if self.deadline is None:
            self.deadline = self.loop.call_later(HEAD_SECONDS, self.too_slow)

    def disarm(self) -> None:
        """Stop the head's deadline."""
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def too_slow(self) -> None:
        """The head did not arrive in time (or nothing came): close the connection."""
        self.deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.refuse(f"request head not complete within {HEAD_SECONDS:g} s")

    def refuse(self, why: str, close: bool = True) -> None:
        """Log the refusal (once a minute per address) and close the connection."""
        limits.REFUSALS.refused(self.who(), why)
        if close:
            self.transport.close()

    def who(self) -> str:
        """The client's address as logged."""
        return self.client[0] if self.client else "?"


def options() -> dict[str, Any]:
    """uvicorn's settings for Tafelrunde (command line, load tests, browser tests).

    Left at uvicorn's default: `backlog` (2,048 connections waiting to be accepted: a hall
    arriving at once after a draw fits) and `limit_concurrency` (it counts every open
    connection, the event streams too, so it would refuse pages when many pages are open;
    the stream cap and the per-address limits above take its place).
    """
    return {
        "http": GuardedProtocol,
        "h11_max_incomplete_event_size": HEAD_BYTES,
        "timeout_keep_alive": KEEP_ALIVE,
        "lifespan": "off",
        "log_level": "warning",
    }
