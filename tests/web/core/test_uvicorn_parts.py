"""The uvicorn internals `uvicorn_parts` (the guard's one door into uvicorn) builds on are
there and behave as they did on the uvicorn it was written for: an upgrade that changes one
fails here, not in a hall full of players.

Real uvicorn protocols on a real Config and ServerState; only the network connection is a
stand-in (a transport that keeps what is written to it).
"""

from __future__ import annotations

import ast
import asyncio
import importlib.metadata
import inspect
import logging
import re
import textwrap
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httptools
import pytest
import uvicorn
from uvicorn.config import Config
from uvicorn.middleware import proxy_headers
from uvicorn.protocols.http import httptools_impl
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from tafelrunde.web.core import guard, uvicorn_parts
from tafelrunde.web.core.uvicorn_parts import INVALID_REQUEST, OVERRIDDEN, Connection

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[3]
ADAPTER = ROOT / "src" / "tafelrunde" / "web" / "core" / "uvicorn_parts.py"
CLIENT = ("192.0.2.7", 50123)
GET = b"GET /a?b=1 HTTP/1.1\r\nHost: example.org\r\n\r\n"
# uvicorn's methods that Connection overrides, as they were on uvicorn CHECKED_WITH
SIGNATURES = {
    "__init__": "(self, config: 'Config', server_state: 'ServerState', "
    "app_state: 'dict[str, Any]', _loop: 'asyncio.AbstractEventLoop | None' = None) -> 'None'",
    "connection_made": "(self, transport: 'asyncio.Transport') -> 'None'",
    "connection_lost": "(self, exc: 'Exception | None') -> 'None'",
    "data_received": "(self, data: 'bytes') -> 'None'",
    "on_message_begin": "(self) -> 'None'",
    "on_url": "(self, url: 'bytes') -> 'None'",
    "on_header": "(self, name: 'bytes', value: 'bytes') -> 'None'",
    "on_headers_complete": "(self) -> 'None'",
    "on_message_complete": "(self) -> 'None'",
    "send_400_response": "(self, msg: 'str') -> 'None'",
}


class Transport(asyncio.Transport):
    """A client's connection that keeps what the server writes to it."""

    def __init__(self) -> None:
        """Open, nothing written yet."""
        super().__init__()
        self.written = bytearray()
        self.closed = False
        self.eof = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        """The addresses of both ends, as a TCP connection has them."""
        return {"peername": CLIENT, "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        """Keep what is written."""
        self.written += data

    def can_write_eof(self) -> bool:
        """A TCP connection can."""
        return True

    def write_eof(self) -> None:
        """Note the end of what is written."""
        self.eof = True

    def close(self) -> None:
        """Note the close."""
        self.closed = True

    def is_closing(self) -> bool:
        """Closed or not."""
        return self.closed

    def pause_reading(self) -> None:
        """Nothing to pause."""

    def resume_reading(self) -> None:
        """Nothing to resume."""


class Recorder(Connection):
    """A connection that notes each hook `Connection` calls, and what it could ask then."""

    head_goes_on = True  # what head_complete answers
    answer_400 = True  # what invalid_request answers

    def set_up(self) -> None:
        """Note it."""
        self.calls: list[Any] = ["set_up"]

    def opened(self) -> None:
        """Note it, with the open connections and the client's address."""
        self.calls.append(("opened", self.open_connections(), self.peer()))

    def lost(self) -> None:
        """Note it, with the open connections and whether it was closed from our side."""
        self.calls.append(("lost", self.open_connections(), self.closing()))

    def receiving(self, data: bytes) -> bool:
        """Note it."""
        self.calls.append(("receiving", data))
        return True

    def received(self) -> None:
        """Note it."""
        self.calls.append("received")

    def request_begins(self) -> None:
        """Note it."""
        self.calls.append("request_begins")

    def url_part(self, url: bytes) -> None:
        """Note it."""
        self.calls.append(("url_part", url))

    def header_part(self, name: bytes, value: bytes) -> None:
        """Note it."""
        self.calls.append(("header_part", name, value))

    def head_complete(self) -> bool:
        """Note it."""
        self.calls.append("head_complete")
        return self.head_goes_on

    def request_complete(self) -> None:
        """Note it."""
        self.calls.append("request_complete")

    def invalid_request(self) -> bool:
        """Note it."""
        self.calls.append("invalid_request")
        return self.answer_400


async def app(scope: Any, receive: Any, send: Any) -> None:
    """Answer every request with 'ok'."""
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]}
    )
    await send({"type": "http.response.body", "body": b"ok"})


def config(proxies: str = "127.0.0.1") -> Config:
    """uvicorn's settings as the guard's `options()` give them (no logging set up)."""
    return Config(
        app=app, **{**guard.options(), "forwarded_allow_ips": proxies, "log_config": None}
    )


def served(
    cls: type[HttpToolsProtocol], *chunks: bytes, **answers: bool
) -> tuple[Any, Transport, ServerState]:
    """A connection of `cls` that receives the chunks, answers and is closed by the client."""

    async def serve() -> tuple[Any, Transport, ServerState]:
        """Serve the connection on a running loop, until its requests are answered."""
        state = ServerState()
        protocol = cls(config(), state, {}, _loop=asyncio.get_running_loop())
        vars(protocol).update(answers)
        transport = Transport()
        protocol.connection_made(transport)
        for chunk in chunks:
            protocol.data_received(chunk)
        await asyncio.gather(*state.tasks)
        protocol.connection_lost(None)
        return protocol, transport, state

    return asyncio.run(serve())


@pytest.fixture
def uvicorn_log() -> Iterator[list[str]]:
    """The lines of uvicorn's error log (whatever filters or levels are set on it)."""
    logger = logging.getLogger("uvicorn.error")
    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())  # type: ignore[method-assign]
    filters, level, disabled = logger.filters[:], logger.level, logger.disabled
    logger.filters[:], logger.disabled = [], False
    logger.setLevel(logging.WARNING)
    logger.addHandler(handler)
    try:
        yield lines
    finally:
        logger.removeHandler(handler)
        logger.filters[:], logger.disabled = filters, disabled
        logger.setLevel(level)


def pinned(package: str) -> str:
    """The version pyproject.toml pins a dependency to."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for requirement in project["dependencies"]:
        found = re.fullmatch(rf"{package}==([^;\s]+)\s*(;.*)?", requirement.strip())
        if found:
            return found.group(1)
    raise AssertionError(f"{package} is not pinned in pyproject.toml")


def self_attributes(source: str) -> set[str]:
    """The attributes that the methods in the source set on `self`."""
    return {
        node.attr
        for node in ast.walk(ast.parse(textwrap.dedent(source)))
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    }


def own_names(cls: type) -> set[str]:
    """The names a class of ours adds: in its body and set on `self` in its methods."""
    body = {name for name in vars(cls) if name == "__init__" or not name.startswith("__")}
    return body | self_attributes(inspect.getsource(cls))


def test_the_parts_were_read_on_the_uvicorn_pyproject_pins() -> None:
    """An upgrade of the pin fails here until uvicorn_parts is read again against it (and
    this file's expectations with it), then CHECKED_WITH follows the pin."""
    assert pinned("uvicorn") == uvicorn_parts.CHECKED_WITH
    assert uvicorn.__version__ == importlib.metadata.version("uvicorn") == pinned("uvicorn")


def test_the_private_names_are_there() -> None:
    """The internals the adapter imports are where it imports them from."""
    assert inspect.isclass(proxy_headers._TrustedHosts)
    assert inspect.isclass(httptools_impl.HttpToolsProtocol)
    assert issubclass(HttpToolsProtocol, asyncio.Protocol)
    assert Connection.__mro__[1] is HttpToolsProtocol
    assert (
        str(inspect.signature(proxy_headers._TrustedHosts))
        == "(trusted_hosts: 'list[str] | str') -> 'None'"
    )
    assert str(inspect.signature(ServerState)) == "() -> 'None'"
    # a parser callback that raises stops parsing as a parser error (caught by uvicorn)
    assert issubclass(httptools.HttpParserCallbackError, httptools.HttpParserError)


def test_the_overridden_methods_keep_their_signatures() -> None:
    """Each method Connection overrides is still uvicorn's with the same parameters, and
    Connection overrides no other name of uvicorn's protocol."""
    assert set(OVERRIDDEN) == set(SIGNATURES)
    for name, written_for in SIGNATURES.items():
        theirs = inspect.signature(getattr(HttpToolsProtocol, name))
        assert str(theirs) == written_for, name
        ours = inspect.signature(getattr(Connection, name))
        assert [(p.name, p.kind, p.default) for p in ours.parameters.values()] == [
            (p.name, p.kind, p.default) for p in theirs.parameters.values()
        ], name


def test_no_name_of_ours_is_one_of_uvicorns() -> None:
    """Apart from the overrides, the adapter's and the guard's methods and attributes are
    none of uvicorn's protocol (nor parser callbacks, which httptools calls by name)."""
    theirs = set(dir(HttpToolsProtocol)) | self_attributes(inspect.getsource(HttpToolsProtocol))
    assert {"transport", "client", "connections", "loop", "logger", "config"} <= theirs
    assert own_names(Connection) & theirs == set(OVERRIDDEN)
    assert own_names(guard.GuardedProtocol) & theirs == set()
    hooks = (own_names(Connection) - set(OVERRIDDEN)) | own_names(guard.GuardedProtocol)
    assert not [name for name in hooks if name.startswith("on_")]


def test_uvicorn_sets_what_the_adapter_reads() -> None:
    """After uvicorn's __init__ and connection_made, the attributes the adapter reads are
    set, and the questions it answers from them are right."""

    async def made() -> None:
        """Make and open a connection on a running loop, then close it."""
        loop = asyncio.get_running_loop()
        state = ServerState()
        protocol = Connection(config("10.0.0.0/8"), state, {}, _loop=loop)
        assert protocol.loop is loop
        assert protocol.logger is logging.getLogger("uvicorn.error")
        assert protocol.connections is state.connections
        assert protocol.config.forwarded_allow_ips == "10.0.0.0/8"
        transport = Transport()
        protocol.connection_made(transport)
        assert protocol.transport is transport
        assert protocol.client == CLIENT
        assert protocol.peer() == CLIENT[0]
        assert state.connections == {protocol}
        assert protocol.open_connections() == 1
        handle = protocol.later(60, protocol.close)
        assert isinstance(handle, asyncio.TimerHandle)
        handle.cancel()
        protocol.send(b"x")
        protocol.end_sending()
        assert not protocol.closing()
        protocol.close()
        assert (bytes(transport.written), transport.eof, protocol.closing()) == (b"x", True, True)
        protocol.connection_lost(None)
        assert protocol.open_connections() == 0

    asyncio.run(made())


def test_the_hooks_come_in_order_around_uvicorns_steps() -> None:
    """A request in one read: each hook once, in the order of uvicorn's steps, and uvicorn
    still answers it; the open connections counted include this one while it is open."""
    protocol, transport, _ = served(Recorder, GET)
    assert protocol.calls == [
        "set_up",
        ("opened", 1, CLIENT[0]),
        ("receiving", GET),
        "request_begins",
        ("url_part", b"/a?b=1"),
        ("header_part", b"Host", b"example.org"),
        "head_complete",
        "request_complete",
        "received",
        ("lost", 1, False),
    ]
    assert bytes(transport.written).startswith(b"HTTP/1.1 200 OK\r\n")
    assert bytes(transport.written).endswith(b"\r\n\r\nok")


def test_a_head_in_pieces_reaches_the_hooks_piece_by_piece() -> None:
    """The parser hands on what each read brought: the guard counts a head as it comes."""
    protocol, transport, _ = served(Recorder, GET[:8], GET[8:])
    assert protocol.calls[2:7] == [
        ("receiving", GET[:8]),
        "request_begins",
        ("url_part", b"/a?b"),
        "received",
        ("receiving", GET[8:]),
    ]
    assert ("url_part", b"=1") in protocol.calls
    assert bytes(transport.written).endswith(b"ok")


def test_a_broken_request_is_logged_and_answered_400(uvicorn_log: list[str]) -> None:
    """uvicorn logs a broken head with the line the guard's filter leaves out, asks
    invalid_request and answers 400 (or nothing, if told so)."""
    protocol, transport, _ = served(Recorder, b"\x01\x02 / HTTP/1.1\r\n\r\n")
    assert "invalid_request" in protocol.calls
    assert protocol.calls[-2:] == ["received", ("lost", 1, True)]
    assert uvicorn_log == [INVALID_REQUEST]
    assert bytes(transport.written).startswith(b"HTTP/1.1 400 ")
    assert not guard.Quiet().filter(logging.makeLogRecord({"msg": uvicorn_log[0]}))

    protocol, transport, _ = served(Recorder, b"\x01\x02 / HTTP/1.1\r\n\r\n", answer_400=False)
    assert protocol.calls[-3:] == ["invalid_request", "received", ("lost", 1, False)]
    assert bytes(transport.written) == b""


def test_a_head_refused_in_head_complete_stops_the_request(uvicorn_log: list[str]) -> None:
    """head_complete answering no raises in the parser's callback: uvicorn starts no request
    and takes it for a broken one (logged, invalid_request)."""
    protocol, transport, state = served(Recorder, GET, head_goes_on=False, answer_400=False)
    assert protocol.calls[-4:] == [
        "head_complete",
        "invalid_request",
        "received",
        ("lost", 1, False),
    ]
    assert "request_complete" not in protocol.calls
    assert (bytes(transport.written), state.tasks, protocol.cycle) == (b"", set(), None)
    assert uvicorn_log == [INVALID_REQUEST]


@pytest.mark.parametrize(
    ("proxies", "trusted", "not_trusted"),
    [
        ("127.0.0.1", ["127.0.0.1"], ["127.0.0.2", "10.0.0.1", "::1", ""]),
        ("10.0.0.0/8, ::1", ["10.1.2.3", "::1"], ["11.0.0.1", "127.0.0.1", "::2"]),
        ("2001:db8::/64", ["2001:db8::7"], ["2001:db8:0:1::7", "192.0.2.7"]),
        ("*", ["192.0.2.7", "::1"], []),
    ],
)
def test_trusted_proxies_answer_as_the_guard_expects(
    proxies: str, trusted: list[str], not_trusted: list[str]
) -> None:
    """The proxies of FORWARDED_ALLOW_IPS (addresses, networks, '*') are trusted; any other
    address is counted as a client."""
    protocol = Connection(config(proxies), ServerState(), {}, _loop=asyncio.new_event_loop())
    try:
        proxies_of_connection = protocol.trusted_proxies()
    finally:
        protocol.loop.close()
    for answers in (uvicorn_parts.trusted_hosts(proxies), proxies_of_connection):
        assert [address for address in trusted if address in answers] == trusted
        assert [address for address in not_trusted if address in answers] == []


def test_only_the_adapter_imports_uvicorns_internals() -> None:
    """Outside uvicorn_parts the code uses uvicorn's public names only (uvicorn.run,
    uvicorn.Config), and the guard none of uvicorn at all."""
    found = []
    for path in sorted((ROOT / "src" / "tafelrunde").rglob("*.py")):
        if path == ADAPTER:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                used = [alias.name for alias in node.names if alias.name.startswith("uvicorn.")]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                module = node.module
                if module.startswith("uvicorn."):
                    used = [module]
                elif module == "uvicorn":
                    used = [
                        f"uvicorn.{a.name}" for a in node.names if a.name not in uvicorn.__all__
                    ]
                else:
                    used = []
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                public = node.value.id != "uvicorn" or node.attr in uvicorn.__all__
                used = [] if public else [f"uvicorn.{node.attr}"]
            else:
                used = []
            found += [f"{path.relative_to(ROOT)}: {name}" for name in used]
    assert found == []
    guard_source = (ROOT / "src" / "tafelrunde" / "web" / "core" / "guard.py").read_text(
        encoding="utf-8"
    )
    assert not re.search(r"^\s*(import|from)\s+uvicorn\b", guard_source, re.MULTILINE)
