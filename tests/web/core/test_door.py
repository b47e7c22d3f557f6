"""No one request holds the hall: a request Django answers for its visitor alone (a query of
its own, a body, a download) never waits at the door of the pages kept in front of Django,
nor holds it; downloads and the calendar feed are made once per state. So a shared page of
another tournament answers while such a request is still being made (or held open), on a
real server (SQLite, one process).

"Still being made" is read from the server's CPU time: the slow request has used a tenth of
a second of it before the page is asked for, so it is surely inside Django.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from loadclient import (
    Server,
    dates_in,
    fetch,
    finished_in,
    free_port,
    prepared,
    rss_and_files,
    server_env,
)

pytestmark = [pytest.mark.integration]

USER, PASSWORD = "leitung", "tuer-passwort"
PLAYERS = 500  # a tournament whose state takes seconds to make from its facts
DATES = 3000  # club events in the calendar feed
LONG_QUERY = "?" + "x" * 240  # longer than a shared page's query, shorter than the front's limit
WAIT = 120  # seconds a request may take at most before the test fails (not a speed bound)


@dataclass
class Hall:
    """A server with two large tournaments played to their end (their states not made yet),
    a small one that a hall watches, and many club dates."""

    port: int
    pid: int
    env: dict[str, str]
    big: list[int]
    small: int
    log: Path
    cold: list[int] = field(default_factory=list)  # the big ones not asked for yet

    def take_cold(self) -> int:
        """A large tournament whose state this server has not made yet."""
        pk = self.big[len(self.cold)]
        self.cold.append(pk)
        return pk


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    """The server, with the small tournament's overview made once already."""
    tmp = tmp_path_factory.mktemp("door")
    env = server_env(tmp)
    small = prepared(env, 12, USER, PASSWORD)["pk"]
    big = finished_in(env, PLAYERS, count=2)
    assert dates_in(env, DATES) == DATES
    with Server(free_port(), 1, env, tmp / "s.log") as server:
        assert server.proc is not None
        there = Hall(server.port, server.proc.pid, env, big, small, tmp / "s.log")
        assert fetch(there.port, overview(there))[0] == 200
        yield there


def overview(hall: Hall) -> str:
    """The small tournament's overview: a shared page, kept in front of Django."""
    return f"/turniere/{hall.small}/"


class Slow:
    """A request in a thread of its own: its answer, and when it came."""

    def __init__(self, hall: Hall, path: str) -> None:
        """Send it once the server's CPU time is noted."""
        self.hall, self.path = hall, path
        self.cpu = cpu(hall)
        self.status, self.body, self.came = 0, b"", 0.0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        self.status, _, self.body = fetch(self.hall.port, self.path)
        self.came = time.monotonic()

    def inside(self, seconds: float = 0.1) -> Slow:
        """Wait until the server has worked `seconds` of CPU on it (it is being made)."""
        deadline = time.monotonic() + WAIT
        while cpu(self.hall) - self.cpu < seconds:
            assert self.thread.is_alive(), "answered before it was seen being made"
            assert time.monotonic() < deadline, "the server did not start on it"
            time.sleep(0.005)
        return self

    def done(self) -> Slow:
        """Wait for its answer."""
        self.thread.join(WAIT)
        assert not self.thread.is_alive()
        return self


def cpu(hall: Hall) -> float:
    """The server's CPU seconds so far."""
    return rss_and_files(hall.pid)[2]


def came_first(hall: Hall, slow: Slow, ask: Callable[[], int] | None = None) -> bool:
    """Ask for the small tournament's overview while the slow request is being made; tell
    whether its answer (200) came before the slow one's."""
    status = ask() if ask is not None else fetch(hall.port, overview(hall))[0]
    answered = time.monotonic()
    slow.done()
    assert status == 200
    return answered < slow.came


def test_a_download_being_made_does_not_hold_the_hall(hall: Hall) -> None:
    """The first CSV of a large finished tournament makes its state (seconds): meanwhile the
    overview of another tournament answers; every later CSV, whatever its query, is the
    same file, made no more."""
    pk = hall.take_cold()
    path = f"/turniere/{pk}/endstand.csv"
    slow = Slow(hall, path).inside()
    assert came_first(hall, slow), "the overview waited for the download"
    assert slow.status == 200 and slow.body.startswith("\ufeff".encode())
    for query in ("", "?a=1", LONG_QUERY, LONG_QUERY + "y"):
        status, head, body = fetch(hall.port, path + query)
        assert status == 200 and body == slow.body and "age" not in head  # kept by Django


def test_a_query_of_its_own_does_not_wait_at_the_door(hall: Hall) -> None:
    """A large tournament's ranking asked with a long query is made for its visitor (the
    copy in front does not take it): while it makes the tournament's state, the overview of
    another tournament answers."""
    pk = hall.take_cold()
    slow = Slow(hall, f"/turniere/{pk}/endstand/{LONG_QUERY}").inside()
    assert came_first(hall, slow), "the overview waited behind a request of its own"
    assert slow.status == 200


def held(port: int, path: str) -> socket.socket:
    """A GET that announces a body and never sends it: Django waits for the body."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\n".encode())
    return sock


def test_a_request_held_open_by_its_visitor_holds_no_door(hall: Hall) -> None:
    """Requests for shared pages whose body never comes hold a slot each, not the door: the
    overview of another tournament answers meanwhile, and again once they are gone."""
    socks = [held(hall.port, path) for path in (overview(hall), f"/turniere/{hall.big[0]}/stand/")]
    try:
        fetch(hall.port, "/anmelden/")  # the server has read both heads by now (in order)
        assert fetch(hall.port, overview(hall))[0] == 200, "the overview waited at the door"
        for sock in socks:
            sock.settimeout(0)
            with pytest.raises(BlockingIOError):
                sock.recv(1)  # no answer: still waiting for its body
    finally:
        for sock in socks:
            sock.close()
    assert fetch(hall.port, overview(hall))[0] == 200


def test_the_calendar_feed_is_made_once_per_change_of_the_dates(hall: Hall) -> None:
    """The feed of 3,000 dates is made once and then served with its ETag (304 to a calendar
    that has it). After a change, while the new feed is being made, the calendars asking
    meanwhile get the one before at once, and the overview of a tournament answers."""
    status, head, first = fetch(hall.port, "/termine.ics")
    assert status == 200 and first.count(b"BEGIN:VEVENT") == DATES
    tag = head["etag"]
    status, head, body = fetch(hall.port, "/termine.ics", {"If-None-Match": tag})
    assert status == 304 and body == b"" and head["etag"] == tag
    assert dates_in(hall.env, 1) == DATES + 1  # a date more, stored by another process
    slow = Slow(hall, "/termine.ics").inside()

    def meanwhile() -> int:
        for _ in range(3):
            status, head, body = fetch(hall.port, "/termine.ics")
            assert status == 200 and body == first and head["etag"] == tag
        return fetch(hall.port, overview(hall))[0]

    assert came_first(hall, slow, meanwhile), "the feed was made for each calendar"
    assert slow.body.count(b"BEGIN:VEVENT") == DATES + 1
    status, head, body = fetch(hall.port, "/termine.ics", {"If-None-Match": tag})
    assert status == 200 and body == slow.body and head["etag"] != tag
