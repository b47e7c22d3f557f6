"""The parts of uvicorn's internals the guard (`guard.py`) builds on, all in this module.

uvicorn has no public hooks for what the guard does, so it extends uvicorn's httptools
protocol (`uvicorn.protocols.http.httptools_impl.HttpToolsProtocol`), reads its connection
state and asks uvicorn's proxy-header middleware (`_TrustedHosts`) which proxies it trusts.
`Connection` turns all of that into hooks and a few questions with names of its own; the
guard overrides the hooks and asks the questions, and nothing else in Tafelrunde imports
uvicorn's internals. They were read on uvicorn `CHECKED_WITH` (the version pyproject.toml
pins); `tests/web/core/test_uvicorn_parts.py` fails when an upgrade changes any of them.

What the hooks rely on in uvicorn's protocol:

- `__init__(config, server_state, app_state, _loop)` sets `loop`, `logger` (the
  "uvicorn.error" log) and `connections` (the server's set of open connections);
- `connection_made` sets `transport` and `client` and adds the connection to
  `connections`; `connection_lost` removes it;
- `data_received` feeds the httptools parser, whose callbacks are the protocol's `on_*`
  methods; a parser error (an `HttpParserCallbackError` raised in a callback too) is
  logged as `INVALID_REQUEST` and answered by `send_400_response`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Protocol

import httptools
from uvicorn.config import Config
from uvicorn.middleware.proxy_headers import _TrustedHosts
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

CHECKED_WITH = "0.54.0"  # the uvicorn version these parts were read on
INVALID_REQUEST = "Invalid HTTP request received."  # uvicorn's log line for a broken head
# uvicorn's methods `Connection` overrides (each calls uvicorn's own around its hooks)
OVERRIDDEN = (
    "__init__",
    "connection_made",
    "connection_lost",
    "data_received",
    "on_message_begin",
    "on_url",
    "on_header",
    "on_headers_complete",
    "on_message_complete",
    "send_400_response",
)


class Trusted(Protocol):
    """Addresses and networks that an address is in or not."""

    def __contains__(self, host: str | None) -> bool:
        """Tell whether the address (an IP address as text) is trusted."""
        ...


def trusted_hosts(hosts: list[str] | str) -> Trusted:
    """The addresses and networks uvicorn's proxy headers trust, as uvicorn reads them."""
    return _TrustedHosts(hosts)


class Connection(HttpToolsProtocol):
    """uvicorn's httptools protocol with hooks around its steps (none of uvicorn's names)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        """Set up as uvicorn does, then call `set_up`."""
        super().__init__(config, server_state, app_state, _loop)
        self.set_up()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Open the connection as uvicorn does (counted among the open ones), then `opened`."""
        super().connection_made(transport)
        self.opened()

    def connection_lost(self, exc: Exception | None) -> None:
        """Call `lost`, then close the connection as uvicorn does."""
        self.lost()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Parse what arrived as uvicorn does, unless `receiving` drops it; then `received`."""
        if self.receiving(data):
            super().data_received(data)
            self.received()

    def on_message_begin(self) -> None:
        """Call `request_begins`, then begin the request as uvicorn does."""
        self.request_begins()
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        """Call `url_part`, then take the part of the request's address as uvicorn does."""
        self.url_part(url)
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        """Call `header_part`, then take the header as uvicorn does."""
        self.header_part(name, value)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        """Start the request as uvicorn does if `head_complete` agrees, else stop it as broken."""
        if not self.head_complete():
            raise httptools.HttpParserCallbackError("request head too large")
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        """Complete the request as uvicorn does, then call `request_complete`."""
        super().on_message_complete()
        self.request_complete()

    def send_400_response(self, msg: str) -> None:
        """Answer a broken request with uvicorn's 400 if `invalid_request` agrees."""
        if self.invalid_request():
            super().send_400_response(msg)

    # The hooks: each does nothing here.

    def set_up(self) -> None:
        """Hook: the connection object is made (no connection yet)."""

    def opened(self) -> None:
        """Hook: the connection is open, and counted in `open_connections`."""

    def lost(self) -> None:
        """Hook: the connection is closed, still counted in `open_connections`."""

    def receiving(self, data: bytes) -> bool:
        """Hook: data arrived; tell whether it is parsed (else it is dropped)."""
        return True

    def received(self) -> None:
        """Hook: what arrived is parsed (after the hooks of the parts parsed)."""

    def request_begins(self) -> None:
        """Hook: the parser begins a request."""

    def url_part(self, url: bytes) -> None:
        """Hook: the parser read (a part of) the request line's address."""

    def header_part(self, name: bytes, value: bytes) -> None:
        """Hook: the parser read a header (its name as sent)."""

    def head_complete(self) -> bool:
        """Hook: the request's head is parsed; tell whether the request goes on."""
        return True

    def request_complete(self) -> None:
        """Hook: the parser read the whole request."""

    def invalid_request(self) -> bool:
        """Hook: a broken request (logged); tell whether uvicorn answers 400 and closes."""
        return True

    # What the guard asks and does.

    def peer(self) -> str | None:
        """The client's address as the connection has it (no proxy headers), if any."""
        return self.client[0] if self.client else None

    def open_connections(self) -> int:
        """How many connections the server holds open, this one included once opened."""
        return len(self.connections)

    def trusted_proxies(self) -> Trusted:
        """The proxies uvicorn trusts to name the client (its `forwarded_allow_ips`)."""
        return trusted_hosts(self.config.forwarded_allow_ips)

    def add_log_filter(self, log_filter: logging.Filter) -> None:
        """Filter uvicorn's error log (where `INVALID_REQUEST` goes), once per filter."""
        if log_filter not in self.logger.filters:
            self.logger.addFilter(log_filter)

    def later(self, seconds: float, then: Callable[[], object]) -> asyncio.TimerHandle:
        """Call `then` in `seconds` on the connection's event loop."""
        return self.loop.call_later(seconds, then)

    def send(self, data: bytes) -> None:
        """Write bytes to the client."""
        self.transport.write(data)

    def end_sending(self) -> None:
        """Tell the client nothing more comes, where the connection can."""
        if self.transport.can_write_eof():
            self.transport.write_eof()

    def close(self) -> None:
        """Close the connection."""
        self.transport.close()

    def closing(self) -> bool:
        """Tell whether the connection is closed or closing."""
        return self.transport.is_closing()
