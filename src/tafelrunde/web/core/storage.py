"""Can the data be written now? A full disk or a read-only folder makes the app read-only.

While writing is impossible every page is still shown (with a banner saying why) and
every change is refused with that reason; as soon as writing works again, changes are
accepted again by themselves. The data folder is probed at most every few seconds.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

from django.db import DatabaseError

from tafelrunde.i18n import Message, msg

Reason = Message

FULL: Reason = msg("The disk is full; nothing is saved until there is space again.")
READ_ONLY: Reason = msg("The data folder is read-only; nothing is saved.")
FAILED: Reason = msg("The database cannot write right now; nothing is saved.")
LEAST_FREE = 256 * 1024  # bytes a change may need at most, journal included
RECHECK_BLOCKED = 3.0  # seconds between probes while writing is impossible
RECHECK_FINE = 30.0

_lock = threading.Lock()
_state: dict[str, object] = {"reason": None, "until": 0.0}
_folder: list[Path] = []  # the data folder to probe (none: PostgreSQL, nothing to probe)


def watch(folder: Path | None) -> None:
    """Probe this data folder from now on (None: only errors reported by the database count)."""
    with _lock:
        _folder[:] = [folder] if folder is not None else []
        _state.update(reason=None, until=0.0)


def reason_of(err: BaseException) -> Reason | None:
    """Say whether an error means that nothing can be written now, and why (else None)."""
    if isinstance(err, OSError):
        if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            return FULL
        if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return READ_ONLY
        return None
    if not isinstance(err, DatabaseError | sqlite3.Error):
        return None
    text = str(err).lower()
    if "full" in text or "no space" in text or "could not extend" in text:
        return FULL
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return READ_ONLY
    if "disk i/o" in text:
        return FAILED
    return None


def probe(folder: Path) -> Reason | None:
    """Try the data folder: enough free space, and a small file (16 KB) written and synced."""
    try:
        stat = os.statvfs(folder)
        if stat.f_bavail * stat.f_frsize < LEAST_FREE:
            return FULL
        fd, name = tempfile.mkstemp(prefix=".schreibprobe-", dir=folder)
        try:
            os.write(fd, b"\0" * 16384)
            os.fsync(fd)
        finally:
            os.close(fd)
            os.unlink(name)
    except OSError as err:
        return reason_of(err) or FAILED
    return None


def blocked() -> Reason | None:
    """Why nothing can be written now (None: writing works); probes when the answer is old."""
    now = time.monotonic()
    with _lock:
        if now < float(_state["until"]):  # type: ignore[arg-type]
            return _state["reason"]  # type: ignore[return-value]
        folder = _folder[0] if _folder else None
    reason = probe(folder) if folder is not None else None
    with _lock:
        _state.update(reason=reason, until=now + (RECHECK_BLOCKED if reason else RECHECK_FINE))
    return reason


def fine_now() -> bool:
    """Say whether the last look found writing possible and is recent (never probes)."""
    with _lock:
        return _state["reason"] is None and time.monotonic() < float(_state["until"])  # type: ignore[arg-type]


def failed(reason: Reason) -> None:
    """Note that a write just failed for this reason; look again in a few seconds."""
    with _lock:
        _state.update(reason=reason, until=time.monotonic() + RECHECK_BLOCKED)
