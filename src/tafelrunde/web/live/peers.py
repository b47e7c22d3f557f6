"""SQLite: the app processes of one database tell each other of changes, as quick as NOTIFY.

Each process that serves event streams binds a Unix datagram socket, named by its process
id, in the database's meeting folder (`core.processes`, owner only). A committed change of
a tournament (its NOTIFY line) or the word that something besides a tournament was saved
(`site`) is sent as one datagram to every other process's socket, without waiting: a full
socket, or one left by a process that is gone, is skipped (the look at the database every
few seconds catches up). The event loop reads what arrives, each datagram parsed as
hostile and bounded in size, and passes it to the hub. Sockets of processes that are gone
are removed when a process binds its own.
"""

from __future__ import annotations

import asyncio
import os
import socket
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from tafelrunde.web.core import processes
from tafelrunde.web.live.hub import SITE, Change, Hub

SITE_LINE = b"site"  # something besides a tournament was saved (front.SITE)
LONGEST = 128  # bytes of a datagram; a longer one is no change
SHORT_PATH = 100  # bytes of a socket's address (the system's limit is 104 to 108)
_SENDER: list[socket.socket] = []  # one unbound socket per process, for every thread


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
            with suppress(OSError):  # full (BlockingIOError), gone (ConnectionRefusedError), …
                _SENDER[0].sendto(line, address(place / name))
    except OSError:
        return


def heard(data: bytes, hub: Hub) -> None:
    """Take one datagram as another process sent it: a change, `site`, or nothing."""
    if len(data) > LONGEST:
        return
    if data == SITE_LINE:
        SITE["saved"] += 1
        return
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        return
    change = Change.parse(text)
    if change is not None:
        hub.deliver(change)


def hear(hub: Hub) -> Hearing | None:
    """Bind this process's socket and read it in the running event loop; None if it cannot
    be (then nothing arrives here, and the hub may not vouch for what it heard)."""
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
        asyncio.get_running_loop().add_reader(sock.fileno(), _read, sock, hub)
    except OSError:
        sock.close()
        return None
    return hearing


def _read(sock: socket.socket, hub: Hub) -> None:
    """Read what has arrived (a bounded number at a time: the loop serves others between)."""
    for _ in range(256):
        try:
            data = sock.recv(LONGEST + 1)
        except OSError:  # nothing more (BlockingIOError), or closed meanwhile
            return
        heard(data, hub)


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
