"""SQLite: the app processes of one database tell each other of changes, as quick as NOTIFY.

Each process that serves event streams binds a Unix datagram socket, named by its process
id, in the database's meeting folder (`core.processes`, owner only). A committed change of
a tournament (its NOTIFY line) or the word that something besides a tournament was saved
(`site`) is sent as one datagram to every other process's socket, without waiting. A
socket of a process that is gone is skipped; a full one (the system queues only a few
datagrams per socket, e.g. 10) is told to `look` by a thread of the sender as soon as it
takes datagrams again, for a few seconds: it then reads the watched tournaments afresh.
The event loop reads what arrives, each datagram parsed as hostile and bounded in size, and
passes it to the hub. Sockets of processes that are gone are removed when one binds its own.
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from tafelrunde.web.core import processes
from tafelrunde.web.live.hub import SITE, Change, Hub

SITE_LINE = b"site"  # something besides a tournament was saved (front.SITE)
LOOK_LINE = b"look"  # something sent here was dropped: read afresh
RETRY_SECONDS = 3.0  # how long a full socket is told to look, at most (then the poll does)
LONGEST = 128  # bytes of a datagram; a longer one is no change
SHORT_PATH = 100  # bytes of a socket's address (the system's limit is 104 to 108)
_SENDER: list[socket.socket] = []  # one unbound socket per process, for every thread
_MISSED: dict[str, object] = {}  # address of a full socket: the mark of its latest drop
_RETRY = threading.Condition()
_RETRYING: list[threading.Thread] = []  # the thread that tells full sockets to look


@dataclass
class Hearing:
    """This process's bound socket and where it lies."""

    sock: socket.socket
    path: Path
    inode: int

    def intact(self) -> bool:
        """Say whether the socket is still found at its address (others can reach it)."""
        try:
            return self.path.stat().st_ino == self.inode
        except OSError:
            return False


def address(path: Path) -> str:
    """The address of a socket in the meeting folder: its path, or, when that is too long for
    a socket's address, the path through the folder's descriptor (Linux)."""
    text = str(path)
    if len(text.encode()) <= SHORT_PATH:
        return text
    return f"/proc/self/fd/{_folder_fd(path.parent)}/{path.name}"


_FOLDERS: dict[Path, int] = {}


def _folder_fd(place: Path) -> int:
    """A descriptor of the folder, kept open while the process runs."""
    if place not in _FOLDERS:
        _FOLDERS[place] = os.open(place, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    return _FOLDERS[place]


def tell(line: bytes) -> None:
    """Send one line to every other process of the database; never waits, never fails."""
    place = processes.folder()
    if place is None:
        return
    own = str(os.getpid())
    try:
        if not _SENDER:
            _SENDER.append(socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_NONBLOCK))
        names = [e.name for e in os.scandir(place) if _numbered(e.name) and e.name != own]
        for name in names:
            to = address(place / name)
            try:
                _SENDER[0].sendto(line, to)
            except BlockingIOError:  # full: it is told to look once it takes datagrams again
                _missed(to)
            except OSError:  # gone (ConnectionRefusedError, FileNotFoundError), …
                pass
    except OSError:
        return


def _missed(to: str) -> None:
    """Note that a datagram to a full socket was dropped (a thread tells it to look)."""
    with _RETRY:
        if not _RETRYING:
            _RETRYING.append(threading.Thread(target=_retrying, name="peers", daemon=True))
            _RETRYING[0].start()
        _MISSED[to] = object()
        _RETRY.notify()


def _retrying() -> None:
    """Tell each full socket to look, as soon as it takes a datagram, for a few seconds."""
    since: dict[str, float] = {}
    while True:
        with _RETRY:
            _RETRY.wait_for(lambda: bool(_MISSED))
            todo = dict(_MISSED)
        for to, mark in todo.items():
            first = since.setdefault(to, time.monotonic())
            try:
                _SENDER[0].sendto(LOOK_LINE, to)
            except BlockingIOError:
                if time.monotonic() - first < RETRY_SECONDS:
                    continue
            except OSError:
                pass
            with _RETRY:  # done with it, unless a datagram was dropped again meanwhile
                if _MISSED.get(to) is mark:
                    del _MISSED[to]
            since.pop(to, None)
        time.sleep(0.002)  # the loop there reads its socket within milliseconds


def heard(data: bytes, hub: Hub, look: Callable[[], None]) -> None:
    """Take one datagram as another process sent it: a change, `site`, `look`, or nothing."""
    if len(data) > LONGEST:
        return
    if data in (SITE_LINE, LOOK_LINE):
        SITE["saved"] += 1  # (a dropped one may have said `site`)
        if data == LOOK_LINE:
            look()
        return
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        return
    change = Change.parse(text)
    if change is not None:
        hub.deliver(change)


def hear(hub: Hub, look: Callable[[], None]) -> Hearing | None:
    """Bind this process's socket and read it in the running event loop (`look`: read the
    watched tournaments afresh); None if it cannot be (then nothing arrives here, and the hub
    may not vouch for what it heard)."""
    place = processes.folder()
    if place is None:
        return None
    _clear_gone(place)
    path = place / str(os.getpid())
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_NONBLOCK)
    try:
        with suppress(FileNotFoundError):
            path.unlink()  # left by an earlier process of this number
        sock.bind(address(path))
        hearing = Hearing(sock, path, path.stat().st_ino)
        asyncio.get_running_loop().add_reader(sock.fileno(), _read, sock, hub, look)
    except OSError:
        sock.close()
        return None
    return hearing


def _read(sock: socket.socket, hub: Hub, look: Callable[[], None]) -> None:
    """Read what has arrived (a bounded number at a time: the loop serves others between)."""
    for _ in range(256):
        try:
            data = sock.recv(LONGEST + 1)
        except OSError:  # nothing more (BlockingIOError), or closed meanwhile
            return
        heard(data, hub, look)


def stop(hearing: Hearing | None) -> None:
    """Stop reading and remove the socket (if it is still this process's)."""
    if hearing is None:
        return
    with suppress(OSError, RuntimeError):
        asyncio.get_running_loop().remove_reader(hearing.sock.fileno())
    if hearing.intact():
        with suppress(OSError):
            hearing.path.unlink()
    hearing.sock.close()


def _clear_gone(place: Path) -> None:
    """Remove the sockets of processes that no longer run."""
    with suppress(OSError):
        for entry in os.scandir(place):
            if _numbered(entry.name) and not _runs(int(entry.name)):
                with suppress(OSError):
                    os.unlink(entry.path)


def _numbered(name: str) -> bool:
    """Say whether a name in the meeting folder is a process's socket."""
    return name.isascii() and name.isdigit() and len(name) <= 10


def _runs(pid: int) -> bool:
    """Say whether a process of that number runs (of this user or another)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True
