"""No single client can stall the server: the real server process under its file limit,
with raw sockets on loopback (each simulated device its own 127.x address).

The server runs with a soft limit of 1,024 open files (the common default); it raises it
to the hard limit itself. Meanwhile pages keep answering 200.
"""

from __future__ import annotations

import contextlib
import http.client
import resource
import select
import selectors
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from loadclient import Server, free_port, prepared, server_env

from tafelrunde.web.core.guard import HEAD_BYTES, HEAD_SECONDS

pytestmark = [pytest.mark.integration]

USER, PASSWORD = "leitung", "grenzen-passwort"
HARD = 4096  # the hard limit the first server gets (the soft one: 1,024)


def limited(soft: int, hard: int) -> Callable[[], None]:
    """Lower the server's limit of open files, as `ulimit -n` would."""

    def lower() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    return lower


def enough_files(wanted: int) -> None:
    """Let this process hold `wanted` sockets, or skip."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"the hard limit of open files is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def start(data: Path, soft: int, hard: int, name: str) -> Server:
    """A server on the prepared data folder with these file limits."""
    current = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if current != resource.RLIM_INFINITY and current < hard:
        pytest.skip(f"the hard limit of open files is {current}")
    server = Server(free_port(), 1, server_env(data), data / f"{name}.log")
    server.preexec = limited(soft, hard)
    return server.start()


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A small tournament in a data folder of its own."""
    data = tmp_path_factory.mktemp("limits")
    enough_files(3000)
    return prepared(server_env(data), 8, USER, PASSWORD) | {"data": data}


@pytest.fixture(scope="module")
def server(made: dict[str, Any]) -> Iterator[Server]:
    """The server with 1,024 open files (soft) and 4,096 (hard)."""
    server = start(made["data"], 1024, HARD, "server")
    yield server
    server.stop()


def page_answers(port: int, pk: int) -> int:
    """The status of the tournament's page, on a new connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", f"/turniere/{pk}/", headers={"Host": "localhost"})
        return conn.getresponse().status
    except (OSError, http.client.HTTPException):
        return 0
    finally:
        conn.close()


def connect(port: int, source: str, data: bytes = b"") -> socket.socket:
    """A connection from this loopback address, with these bytes sent."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    if data:
        sock.sendall(data)
    return sock


def stream_request(pk: int) -> bytes:
    """The request of an event stream."""
    return f"GET /turniere/{pk}/live/ HTTP/1.1\r\nHost: localhost\r\n\r\n".encode()


def heads(socks: list[socket.socket], limit: float = 15.0) -> list[bytes]:
    """What each connection received until its response head was complete (or it closed)."""
    got = [b""] * len(socks)
    done = [False] * len(socks)
    with selectors.DefaultSelector() as sel:
        for k, sock in enumerate(socks):
            sel.register(sock, selectors.EVENT_READ, k)
        deadline = time.monotonic() + limit
        while not all(done) and time.monotonic() < deadline:
            for key, _ in sel.select(timeout=0.5):
                k = key.data
                try:
                    chunk = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except ConnectionResetError:
                    chunk = b""  # refused without an answer
                got[k] += chunk
                if not chunk or b"\r\n\r\n" in got[k]:
                    done[k] = True
                    sel.unregister(key.fileobj)
    return got


def closed_within(socks: list[socket.socket], limit: float) -> int:
    """How many of the connections the server closed within `limit` seconds."""
    open_ = set(range(len(socks)))
    with selectors.DefaultSelector() as sel:
        for k, sock in enumerate(socks):
            sel.register(sock, selectors.EVENT_READ, k)
        deadline = time.monotonic() + limit
        while open_ and time.monotonic() < deadline:
            for key, _ in sel.select(timeout=0.2):
                try:
                    chunk = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except ConnectionResetError:
                    chunk = b""
                if not chunk:
                    open_.discard(key.data)
                    sel.unregister(key.fileobj)
    return len(socks) - len(open_)


def status(head: bytes) -> int:
    """The status of a response head (0: none)."""
    parts = head.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def close_all(socks: list[socket.socket]) -> None:
    """Close the client's side."""
    for sock in socks:
        sock.close()


def test_1100_streams_under_1024_open_files_and_pages_still_answer(
    server: Server, made: dict[str, Any]
) -> None:
    pk = made["pk"]
    socks = [connect(server.port, f"127.2.{k // 16 // 250}.{k // 16 % 250 + 1}", stream_request(pk))
             for k in range(1100)]  # fmt: skip
    try:
        got = heads(socks)
        statuses = [status(h) for h in got]
        assert statuses.count(200) == 1100, {s: statuses.count(s) for s in set(statuses)}
        assert [page_answers(server.port, pk) for _ in range(5)] == [200] * 5
    finally:
        close_all(socks)


def test_a_device_over_16_streams_is_refused_in_words_and_logged_once(
    server: Server, made: dict[str, Any]
) -> None:
    pk = made["pk"]
    socks = [connect(server.port, "127.4.0.1", stream_request(pk)) for _ in range(16)]
    more = [connect(server.port, "127.4.0.1", stream_request(pk)) for _ in range(5)]
    try:
        assert [status(h) for h in heads(socks)] == [200] * 16
        refused = heads(more)
        assert [status(h) for h in refused] == [429] * 5
        assert all(b"retry-after: 30" in h.lower() for h in refused)
        assert closed_within(more, 5) == 5  # no idle connection left behind
        assert page_answers(server.port, pk) == 200
        lines = [line for line in server.log.read_text().splitlines() if "127.4.0.1" in line]
        assert len(lines) == 1, lines
        assert "event streams" in lines[0]
    finally:
        close_all(socks + more)


def kept_alive(port: int, pk: int, then: bytes) -> socket.socket:
    """A connection that got one page and then sends these bytes of its next request."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", f"/turniere/{pk}/", headers={"Host": "localhost"})
    answer = conn.getresponse()
    answer.read()
    assert answer.status == 200 and conn.sock is not None
    sock: socket.socket = conn.sock
    sock.sendall(then)
    return sock


def test_1050_half_sent_requests_are_closed_within_seconds_and_pages_answer(
    server: Server, made: dict[str, Any]
) -> None:
    pk = made["pk"]
    half = f"GET /turniere/{pk}/ HTTP/1.1\r\nHost: loc".encode()
    socks = [connect(server.port, f"127.3.{k // 15 // 250}.{k // 15 % 250 + 1}",
                     half if k % 20 else b"") for k in range(1040)]  # fmt: skip
    socks += [kept_alive(server.port, pk, half) for _ in range(10)]  # the next head, half
    try:
        assert page_answers(server.port, pk) == 200
        assert closed_within(socks, HEAD_SECONDS + 4) == 1050
        assert page_answers(server.port, pk) == 200
    finally:
        close_all(socks)


def test_one_address_holds_at_most_256_connections(server: Server, made: dict[str, Any]) -> None:
    socks = [connect(server.port, "127.5.0.1") for _ in range(300)]
    try:
        assert closed_within(socks, 2) == 300 - 256
        assert page_answers(server.port, made["pk"]) == 200
    finally:
        close_all(socks)


def rss(pid: int) -> int:
    """The server's resident memory in KB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def oversized(port: int, answers: list[int], sent: threading.Barrier, end: threading.Event) -> None:
    """Send a request whose head grows to 8 MB and hold the connection until `end`."""
    sock = connect(port, "127.6.0.1", b"GET / HTTP/1.1\r\nHost: localhost\r\n")
    sock.settimeout(10)
    line = b"X-Filler: " + b"a" * 65000 + b"\r\n"
    got = b""
    try:
        for _ in range(128):
            sock.sendall(line)
            if select.select([sock], [], [], 0)[0]:  # answered (or closed) already
                got += sock.recv(4096)
                break
        with contextlib.suppress(TimeoutError):
            got += sock.recv(4096)
    except OSError:
        pass  # reset by the server
    answers.append(status(got))
    sent.wait()
    end.wait(timeout=20)
    sock.close()


def test_oversized_request_heads_are_refused_and_memory_stays_flat(
    server: Server, made: dict[str, Any]
) -> None:
    assert server.proc is not None
    assert HEAD_BYTES < 65000
    before = rss(server.proc.pid)
    answers: list[int] = []
    sent, end = threading.Barrier(21), threading.Event()
    threads = [threading.Thread(target=oversized, args=(server.port, answers, sent, end))
               for _ in range(20)]  # fmt: skip
    for th in threads:
        th.start()
    try:
        sent.wait(timeout=30)  # every head sent (or refused), the connections still open
        deadline, most = time.monotonic() + 1, 0
        while time.monotonic() < deadline:  # the server's memory while it holds them
            most = max(most, rss(server.proc.pid))
            time.sleep(0.05)
    finally:
        end.set()
        for th in threads:
            th.join()
    print(f"server memory: {before} KB before, at most {most} KB while held")
    assert most - before < 20_000, (before, most)  # KB: the heads were not kept
    assert answers == [431] * 20
    assert page_answers(server.port, made["pk"]) == 200


def one_head(port: int, pk: int, filler: int) -> int:
    """The status of a page asked for with a head of `filler` extra bytes sent in one write."""
    head = f"GET /turniere/{pk}/ HTTP/1.1\r\nHost: localhost\r\n".encode()
    sock = connect(port, "127.6.0.2", head + b"X-Filler: " + b"a" * filler + b"\r\n\r\n")
    sock.settimeout(10)
    try:
        return status(heads([sock])[0])
    finally:
        sock.close()


def test_a_whole_head_is_measured_even_when_it_comes_in_one_piece(
    server: Server, made: dict[str, Any]
) -> None:
    assert one_head(server.port, made["pk"], HEAD_BYTES - 1024) == 200
    assert one_head(server.port, made["pk"], HEAD_BYTES + 1024) == 431
    assert page_answers(server.port, made["pk"]) == 200


def test_streams_beyond_what_the_files_allow_are_refused_and_pages_answer(
    made: dict[str, Any],
) -> None:
    pk = made["pk"]
    server = start(made["data"], 1024, 1024, "capped")  # the hard limit is 1,024 as well
    socks = [connect(server.port, f"127.7.{k // 16 // 250}.{k // 16 % 250 + 1}",
                     stream_request(pk)) for k in range(1100)]  # fmt: skip
    try:
        statuses = [status(h) for h in heads(socks)]
        assert set(statuses) == {200, 503}, {s: statuses.count(s) for s in set(statuses)}
        assert statuses.count(200) == 1024 - 256
        assert [page_answers(server.port, pk) for _ in range(5)] == [200] * 5
    finally:
        close_all(socks)
        server.stop()
