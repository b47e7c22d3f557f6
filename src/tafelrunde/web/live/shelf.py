"""Copies of shared pages kept as files in the data folder, for every app process of the
database: a page is made once per change between them, not once in each.

The process that makes a page (`front`) puts its copy here; another process whose live page
asks for that change (or an older one) takes the copy from the file instead of making the
page again, and while one process makes a page the others wait for its file (a lock file
per page says that it is being made). Only pages as their links name them (no query) are
kept here, so the folder holds a file per page, language and tournament at most. A copy
from the file serves only what the change it shows will do for (a live page naming that
change or an older one, or a request that came before it was begun), never a request
the hub would have to vouch for. The folder is emptied when the server starts
(`clear`): a restored backup may have other changes under the same numbers.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import marshal
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

from tafelrunde.web.core.database import data_dir
from tafelrunde.web.core.domain.kept import Kept

FORMAT = 2  # what a file holds; a file of another format is not read
LARGEST = 8 * 1024 * 1024  # bytes: a larger file is not read
Key = tuple[str, bytes, str]


@dataclass(frozen=True)
class Shelved:
    """What a file holds: the copy's fields as the front keeps them."""

    pk: int
    revision: str
    version: int
    made: float  # time.monotonic() of its making (one clock for every process)
    headers: tuple[tuple[bytes, bytes], ...]
    body: bytes
    packed: bytes
    digest: bytes  # of what the page shows


_FOLDERS: dict[tuple[str, str], Path] = {}  # by the data folder's setting and the database:
# the copies' folder, made


def _database() -> str:
    """The database as the settings name it: one data folder may serve several (the test
    runs' workers each have a database of their own, with the same tournament numbers)."""
    named = settings.DATABASES["default"]  # as the connections have it, in any thread
    return repr((named.get("NAME"), named.get("HOST"), named.get("PORT")))


def folder(again: bool = False) -> Path:
    """The folder of the database's copies (made on first use, the owner's only; `again`:
    made anew, e.g. after it was found removed)."""
    given = (os.environ.get("TAFELRUNDE_DATA", ""), _database())
    path = _FOLDERS.get(given)
    if path is None or again:
        path = data_dir() / "copies" / hashlib.sha256(given[1].encode()).hexdigest()[:16]
        path.parent.mkdir(mode=0o700, exist_ok=True)
        path.mkdir(mode=0o700, exist_ok=True)
        _FOLDERS[given] = path
    return path


def clear() -> None:
    """Empty the folder (at the server's start)."""
    shutil.rmtree(data_dir() / "copies", ignore_errors=True)
    _FOLDERS.clear()


def kept_here(key: Key) -> bool:
    """Say whether copies under this key are kept as files (the page as its links name it)."""
    return not key[1]


_NAMES: Kept[Key, str] = Kept(4096)


def _name(key: Key) -> str:
    """The file name of a key (worked out once per key: each refetch asks)."""
    return _NAMES.get(key, lambda: _hashed(key))


def _hashed(key: Key) -> str:
    """A key's file name worked out."""
    path, query, language = key
    return hashlib.sha256(f"{path}\0{query!r}\0{language}".encode()).hexdigest()[:40]


def put(key: Key, copy: Shelved) -> None:
    """Keep the copy as the key's file (written whole, then put in place); a full disk or a
    folder that cannot be written keeps nothing, and that is all."""
    if not kept_here(key):
        return
    fields = (FORMAT, copy.pk, copy.revision, copy.version, copy.made, copy.headers,
              copy.body, copy.packed, copy.digest)  # fmt: skip
    data = marshal.dumps(fields)
    for again in (False, True):  # once more in the folder made anew, had it been removed
        with contextlib.suppress(OSError):
            target = folder(again) / _name(key)
            spare = target.with_name(f".{target.name}.{os.getpid()}")
            spare.write_bytes(data)
            os.replace(spare, target)
            return


_READ: dict[str, tuple[tuple[int, int, int], Shelved]] = {}  # name: (the file's stat, its copy)


def get(key: Key) -> Shelved | None:
    """The copy kept as the key's file (read again only when the file changed); None: none."""
    if not kept_here(key):
        return None
    name = _name(key)
    try:
        path = folder() / name
        stat = path.stat()
        mark = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        known = _READ.get(name)
        if known is not None and known[0] == mark:
            return known[1]
        if stat.st_size > LARGEST:
            return None
        shelved = _read(marshal.loads(path.read_bytes()))
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if shelved is not None:
        if len(_READ) > 4096:
            _READ.clear()
        _READ[name] = (mark, shelved)
    return shelved


def _read(fields: Any) -> Shelved | None:
    """The copy a file's fields hold; None: not a file of this format."""
    if not isinstance(fields, tuple) or len(fields) != 9 or fields[0] != FORMAT:
        return None
    _, pk, revision, version, made, headers, body, packed, digest = fields
    return Shelved(int(pk), str(revision), int(version), float(made), tuple(headers),
                   bytes(body), bytes(packed), bytes(digest))  # fmt: skip


class Making:
    """The lock file that says a process is making the page of a key (held while it does)."""

    def __init__(self, key: Key) -> None:
        """Name the lock; nothing is held yet (no lock at all where the folder cannot be
        made, e.g. a read-only data folder: each process then makes its own pages)."""
        self.path: Path | None = None
        self.fd = -1
        if kept_here(key):
            with contextlib.suppress(OSError):
                self.path = folder() / f"{_name(key)}.lock"

    def take(self) -> bool:
        """Hold the lock if no other process does; tell whether it is held now."""
        if self.path is None:
            return True
        try:
            try:
                self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            except FileNotFoundError:  # the folder was removed: made anew
                self.path = folder(again=True) / self.path.name
                self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.release()
            return False
        return True

    def release(self) -> None:
        """Let go of the lock (closing the file does)."""
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)
        self.fd = -1


def busy(key: Key) -> bool:
    """Say whether another process is making the page of the key now."""
    probe = Making(key)
    if probe.path is None:
        return False
    held = probe.take()
    probe.release()
    return not held
