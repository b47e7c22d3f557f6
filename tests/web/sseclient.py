"""A reader of a tournament's event stream over real HTTP (standard library only).

Shared by tests/web/live/test_live_servers.py and bench/bench_live.py: it opens
`/turniere/N/live/`, reads the events in a thread of its own and notes when each arrived.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Heard:
    """One event as it arrived: its name, id, data and the moment (time.monotonic)."""

    name: str
    id: str
    data: dict[str, Any]
    at: float


@dataclass
class Listener:
    """An open event stream; `events` fills as they arrive."""

    port: int
    pk: int
    rev: str = ""
    last_id: str = ""
    events: list[Heard] = field(default_factory=list)
    status: int = 0
    comments: int = 0
    ended: bool = False

    def __post_init__(self) -> None:
        """Connect and start reading."""
        self.arrived = threading.Condition()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        path = f"/turniere/{self.pk}/live/" + (f"?rev={self.rev}" if self.rev else "")
        headers = {"Accept": "text/event-stream", "Host": "localhost"}
        if self.last_id:
            headers["Last-Event-ID"] = self.last_id
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        """Read events until the stream ends or is closed."""
        name, ident, data = "message", "", ""
        try:
            while True:
                raw = self.response.fp.readline()
                if not raw:
                    break
                line = raw.decode().rstrip("\r\n")
                if not line:
                    if data:
                        self._heard(Heard(name, ident, json.loads(data), time.monotonic()))
                    name, data = "message", ""
                elif line.startswith(":"):
                    self.comments += 1
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("id:"):
                    ident = line[3:].strip()
                elif line.startswith("data:"):
                    data += line[5:].strip()
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # closed: the reading ends
        with self.arrived:
            self.ended = True
            self.arrived.notify_all()

    def _heard(self, event: Heard) -> None:
        """Keep an event and wake whoever waits for it."""
        with self.arrived:
            self.events.append(event)
            self.arrived.notify_all()

    def wait(self, count: int, timeout: float) -> bool:
        """Wait until `count` events have arrived; tell whether they did in time."""
        with self.arrived:
            return (
                self.arrived.wait_for(lambda: len(self.events) >= count or self.ended, timeout)
                and len(self.events) >= count
            )

    def close(self) -> None:
        """Hang up and wait until the reading has ended."""
        sock = self.conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(timeout=10)
        self.response.close()
        self.conn.close()
