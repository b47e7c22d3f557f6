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
from tafelrunde.web.core.limits import connection_cap, connections_per_address

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


def test_one_address_holds_a_small_part_of_the_connections(
    server: Server, made: dict[str, Any]
) -> None:
    most = connections_per_address(connection_cap(HARD))
    assert most == connection_cap(HARD) // 20  # 201 of 4,032
    socks = [connect(server.port, "127.5.0.1") for _ in range(most + 44)]
    try:
        assert closed_within(socks, 2) == 44
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


ROUND = 0.2  # seconds between two rounds of the half-sent devices' new connections


def probe(port: int, pk: int, source: str) -> int:
    """The status of the tournament's page from this address, on a new connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", f"/turniere/{pk}/", headers={"Host": "localhost"})
        answer = conn.getresponse()
        answer.read()
        return answer.status
    except (OSError, http.client.HTTPException):
        return 0
    finally:
        conn.close()


class HalfSent(threading.Thread):
    """Devices that keep `each` half-sent requests open from each of their addresses and open
    a new one in the next round whenever the server closes one."""

    def __init__(self, port: int, pk: int, addresses: list[str], each: int) -> None:
        """Nothing open yet."""
        super().__init__(daemon=True)
        self.port, self.addresses, self.each = port, addresses, each
        self.half = f"GET /turniere/{pk}/ HTTP/1.1\r\nHost: loc".encode()
        self.rounds, self.changed = 0, threading.Condition()
        self.stop = threading.Event()
        self.closed = 0  # connections the server closed

    def run(self) -> None:
        """Open, notice closed connections, open anew each round, until stopped (or 60 s)."""
        missing = [a for a in self.addresses for _ in range(self.each)]
        open_: dict[socket.socket, str] = {}
        deadline, last = time.monotonic() + 60, 0.0
        with selectors.DefaultSelector() as sel:
            while not self.stop.is_set() and time.monotonic() < deadline:
                if time.monotonic() - last >= ROUND:
                    for address in missing:
                        with contextlib.suppress(OSError):
                            sock = connect(self.port, address, self.half)
                            sock.setblocking(False)
                            sel.register(sock, selectors.EVENT_READ)
                            open_[sock] = address
                    missing, last = [], time.monotonic()
                    with self.changed:
                        self.rounds += 1
                        self.changed.notify_all()
                for key, _ in sel.select(timeout=ROUND / 4):
                    sock = key.fileobj  # type: ignore[assignment]
                    try:
                        chunk = sock.recv(65536)
                    except OSError:
                        chunk = b""
                    if not chunk:
                        sel.unregister(sock)
                        missing.append(open_.pop(sock))
                        sock.close()
                        self.closed += 1
            close_all(list(open_))

    def wait_rounds(self, count: int) -> None:
        """Wait until `count` more rounds of new connections have been made."""
        with self.changed:
            until = self.rounds + count
            assert self.changed.wait_for(lambda: self.rounds >= until, timeout=30)


@pytest.fixture(scope="module")
def crowded(made: dict[str, Any]) -> Iterator[Server]:
    """A server under `ulimit -n 1024` (soft and hard)."""
    server = start(made["data"], 1024, 1024, "crowded")
    yield server
    server.stop()


@pytest.mark.parametrize("count", [4, 16])
def test_half_sent_requests_from_many_addresses_leave_room_for_everybody_else(
    crowded: Server, made: dict[str, Any], count: int
) -> None:
    pk, port = made["pk"], crowded.port
    each = connections_per_address(connection_cap(1024))  # as many as an address may hold
    enough_files(count * each + 200)
    kept = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                      source_address=(f"127.12.{count}.1", 0))  # fmt: skip
    kept.request("GET", f"/turniere/{pk}/", headers={"Host": "localhost"})
    first = kept.getresponse()
    first.read()
    assert first.status == 200  # a device that sent a whole request and keeps its connection
    devices = HalfSent(port, pk, [f"127.13.{count}.{k + 1}" for k in range(count)], each)
    devices.start()
    try:
        devices.wait_rounds(2)
        probes = []
        for _ in range(30):  # over more than one head deadline's time
            probes.append(probe(port, pk, f"127.14.{count}.1"))
            devices.wait_rounds(1)
        kept.request("GET", f"/turniere/{pk}/", headers={"Host": "localhost"})
        again = kept.getresponse()
        again.read()
        failed = sum(status != 200 for status in probes)
        print(f"{count} addresses x {each}: {failed} of {len(probes)} probes failed, "
              f"{devices.closed} half-sent connections closed by the server")  # fmt: skip
        assert failed == 0, probes
        assert again.status == 200
    finally:
        devices.stop.set()
        devices.join()
        kept.close()
