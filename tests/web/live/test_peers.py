"""The app processes of one SQLite database tell each other of changes by datagrams, and
queue their writers on a lock file: what arrives is parsed as hostile, a full or dead socket
never holds a sender, a socket left by a process that is gone is removed, a long data folder
still works, and a writer of another process waits while this one holds the turn."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_listen import until

from tafelrunde.web.core import processes
from tafelrunde.web.live import peers
from tafelrunde.web.live.hub import SITE, Change, Hub

pytestmark = [pytest.mark.integration]


def in_a_loop(run: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """Run a coroutine function in an event loop of a thread of its own; what it noted."""
    seen: dict[str, Any] = {}
    looping = threading.Thread(target=asyncio.run, args=(run(seen),))
    looping.start()  # (a browser test may hold this thread's loop)
    looping.join(timeout=30)
    return seen


def gone_pid() -> int:
    """The number of a process that has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return int(done.stdout)


def test_a_change_and_the_word_site_are_heard_and_junk_is_not(tmp_path: Path) -> None:
    junk = [[b"9" * 200, b"\xff\xfe 1 2", b"1 2 3 4", b"-1 2", b"1 2 ab-cd", b""],
            [b"1", b"site " * 3, "3 4 é".encode(), b"1 2 " + b"a" * 65, b"looking"]]  # fmt: skip
    place = processes.folder()
    assert place is not None and place.stat().st_mode & 0o777 == 0o700
    stale = place / str(gone_pid())
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as left:
        left.bind(peers.address(stale))  # of a process killed before it could remove it
    looks: list[int] = []

    async def run(seen: dict[str, Any]) -> None:
        hub = Hub()
        hub.bind()
        hearing = peers.hear(hub, lambda: looks.append(1))
        assert hearing is not None
        seen["stale removed"] = not stale.exists()
        before = SITE["saved"]
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as other:
            for datagram in [*junk[0], b"7 3 abc123"]:  # fewer than the system queues
                other.sendto(datagram, peers.address(hearing.path))
            await until(lambda: hub.mark(7) > 0)
            for datagram in [*junk[1], b"site"]:
                other.sendto(datagram, peers.address(hearing.path))
            await until(lambda: SITE["saved"] > before)
            other.sendto(peers.LOOK_LINE, peers.address(hearing.path))
            seen["looked"] = await until(lambda: looks == [1])
        seen["site"] = SITE["saved"] - before  # `site` and `look`
        seen["heard"] = dict(hub.heard)
        peers.stop(hearing)
        seen["removed"] = not hearing.path.exists()

    seen = in_a_loop(run)
    assert seen == {"stale removed": True, "looked": True, "site": 2,
                    "heard": {7: (1, Change(7, "abc123", 3))}, "removed": True}  # fmt: skip


def test_a_full_socket_never_holds_the_sender_and_a_long_folder_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    place = tmp_path / ("lang" * 30) / ".tafelrunde.sqlite3-processes"
    place.mkdir(parents=True, mode=0o700)
    assert len(str(place / "4000000000").encode()) > 108  # too long for a socket's address
    monkeypatch.setattr(processes, "folder", lambda: place)
    deaf = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)  # another process, never reading
    deaf.bind(peers.address(place / "4000000000"))
    began = time.monotonic()
    for k in range(5000):
        peers.tell(f"1 {k} abc".encode())
    took = time.monotonic() - began
    queued = [deaf.recv(200) for _ in range(5)]
    deaf.settimeout(5)
    while (last := deaf.recv(200)) != peers.LOOK_LINE:  # the rest was dropped, then: look
        queued.append(last)
    deaf.close()
    assert queued == [f"1 {k} abc".encode() for k in range(len(queued))], queued
    assert took < 5, took  # nobody waited for the full socket

    async def run(seen: dict[str, Any]) -> None:
        hub = Hub()
        hub.bind()
        hearing = peers.hear(hub, lambda: None)
        assert hearing is not None
        os.rename(hearing.path, place / "12")  # as if it were another process's
        peers.tell(b"5 1 abc")  # to every socket but this process's own
        seen["heard"] = await until(lambda: hub.mark(5) > 0)
        seen["intact"] = hearing.intact()  # its address is gone: poll binds it afresh
        peers.stop(hearing)

    assert in_a_loop(run) == {"heard": True, "intact": False}


def test_a_writer_of_another_process_waits_for_this_ones_turn() -> None:
    place = processes.folder()
    assert place is not None
    probe = (
        "import fcntl, sys; f = open(sys.argv[1], 'a');"
        "fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)"
    )  # another process's writer, asking without waiting

    def another_may_write() -> bool:
        done = subprocess.run([sys.executable, "-c", probe, str(place / "writers.lock")],
                              capture_output=True, check=False)  # fmt: skip
        return done.returncode == 0

    with processes.WRITERS():
        with processes.WRITERS():  # taken again inside (a domain function's lock)
            pass
        assert not another_may_write()  # still held: the inner turn did not end it
    assert another_may_write()
