"""Where the app processes of one SQLite database meet: a private folder beside the database
file that holds the writers' lock file and one socket per process (`live.peers`).

Writers queue across processes on the lock file (`flock`), each process's one at a time
behind its own lock first, so that a writer waits in the kernel and goes on the moment the
one before it is done, never in SQLite's busy handler, which looks again only every few
dozen milliseconds and may pass over one process's writers for seconds while another's
follow each other. Measured with two processes of four writers each holding the lock a few
milliseconds: the longest wait 0.15-0.4 s instead of 1-4 s, as many writes per second.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from django.db import connection

_MADE: dict[str, Path] = {}  # database file: its meeting folder, once made
_OPENED: dict[Path, int] = {}  # lock file: its descriptor, kept open while the process runs


def folder() -> Path | None:
    """The meeting folder of the database (made, owner only); None on PostgreSQL, for a
    database in memory, or when it cannot be made (a read-only data folder)."""
    if connection.vendor != "sqlite":
        return None
    name = str(connection.settings_dict["NAME"])
    if name in _MADE:
        return _MADE[name]
    if not name or name.startswith(("file:", ":memory:")):
        return None
    database = Path(name)
    place = database.with_name(f".{database.name}-processes")
    try:
        place.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return None
    _MADE[name] = place
    return place


def _taken() -> int | None:
    """Take the writers' lock file (waiting for another process's writer); its descriptor,
    None when there can be none (then this process's lock alone orders the writers)."""
    place = folder()
    if place is None:
        return None
    path = place / "writers.lock"
    try:
        if path not in _OPENED:
            _OPENED[path] = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        fcntl.flock(_OPENED[path], fcntl.LOCK_EX)
    except OSError:
        return None
    return _OPENED[path]


class Turn:
    """One writer at a time: of this process (a lock of its threads), then of all processes
    on the database (the lock file). The process keeps the file while more of its writers
    wait, for `SLICE` seconds at most, then lets the other processes' writers in: each
    writer passed between processes costs a wake-up of another process."""

    SLICE = 0.05

    def __init__(self) -> None:
        """Nobody holds it."""
        self.threads = threading.RLock()
        self.depth = 0  # (a domain function's lock inside a request's: the same turn)
        self.waiting = 0  # this process's threads waiting for the turn
        self.count = threading.Lock()
        self.held: int | None = None  # the lock file while this process holds it
        self.since = 0.0  # when it was taken

    @contextmanager
    def __call__(self) -> Iterator[None]:
        """Wait for the turn (blocking: called in a request's thread), hold it to the end."""
        with self.count:
            self.waiting += 1
        self.threads.acquire()
        with self.count:
            self.waiting -= 1
        self.depth += 1
        try:
            if self.depth == 1 and self.held is None:
                self.held, self.since = _taken(), time.monotonic()
            yield
        finally:
            self.depth -= 1
            if self.depth == 0 and self.held is not None and self._yields():
                with suppress(OSError):
                    fcntl.flock(self.held, fcntl.LOCK_UN)
                self.held = None
            self.threads.release()

    def _yields(self) -> bool:
        """Say whether the process lets the lock file go: none of its writers waits, or its
        slice is over."""
        return not self.waiting or time.monotonic() - self.since > self.SLICE


WRITERS = Turn()
