"""Backups of the SQLite database: at every start, every few minutes while it changes, on
demand, into the data folder and a second folder (e.g. a USB stick); and restoring one.

A backup is written under a temporary name and renamed when complete, so a full disk
never leaves a broken file behind; backups are readable by their owner only.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import Text, msg

KEEP = 100  # the newest copies kept in each folder
PATTERN = "tafelrunde-*.sqlite3"


def backup_sqlite(database: Path, folder: Path, *, keep: int = KEEP) -> Path | None:
    """Copy the database (if it exists) to folder/tafelrunde-DATE-TIME.sqlite3; keep the newest.

    Raises OSError or sqlite3.Error when the copy cannot be written; nothing is left then.
    """
    if not database.exists():
        return None
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S-%f")
    target = folder / f"tafelrunde-{stamp}.sqlite3"
    partial = folder / f".unfertig-{stamp}.sqlite3"
    try:
        partial.touch(mode=0o600)
        with (
            contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as source,
            contextlib.closing(sqlite3.connect(partial)) as copy,
        ):
            source.backup(copy)  # consistent even while another process writes
        with partial.open("rb+") as written:
            os.fsync(written.fileno())
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)
    for old in sorted(folder.glob(PATTERN))[:-keep]:
        old.unlink()
    return target


def backup_everywhere(database: Path, folders: list[Path]) -> tuple[list[Path], list[str]]:
    """Back the database up into every folder; return the copies and a warning per failure."""
    made, warnings = [], []
    for folder in folders:
        try:
            copy = backup_sqlite(database, folder)
        except (OSError, sqlite3.Error) as err:
            warnings.append(f"{folder}: {getattr(err, 'strerror', None) or err}")
        else:
            if copy is not None:
                made.append(copy)
    return made, warnings


def changed_mark(database: Path) -> tuple[float, int, float, int]:
    """What changes when the database changes: size and time of the file and its journal."""
    wal = database.with_name(database.name + "-wal")
    parts = [(p.stat().st_mtime, p.stat().st_size) if p.exists() else (0.0, 0) for p in
             (database, wal)]  # fmt: skip
    return parts[0][0], parts[0][1], parts[1][0], parts[1][1]


class BackupTimer(threading.Thread):
    """Every `minutes` minutes, back the database up when it has changed since the last copy."""

    def __init__(
        self, database: Path, folders: list[Path], minutes: float, say: Callable[[str], None]
    ) -> None:
        """Prepare the timer (a daemon thread: it ends with the server)."""
        super().__init__(name="tafelrunde-backup", daemon=True)
        self.database, self.folders, self.minutes, self.say = database, folders, minutes, say
        self.stop = threading.Event()
        self.last = changed_mark(database) if database.exists() else None

    def run(self) -> None:
        """Back up while the database changes, until stopped."""
        while not self.stop.wait(self.minutes * 60):
            self.once()

    def once(self) -> None:
        """Back up now if the database changed since the last copy."""
        if not self.database.exists():
            return
        mark = changed_mark(self.database)
        if mark == self.last:
            return
        _, warnings = backup_everywhere(self.database, self.folders)
        for warning in warnings:
            self.say(warning)
        if not warnings:
            self.last = mark


def integrity(file: Path) -> Text:
    """SQLite's integrity check of a database file, and that it is one of Tafelrunde."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as db:
            result = db.execute("PRAGMA integrity_check").fetchall()
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.Error as err:
        return str(err)
    if result != [("ok",)]:
        return "; ".join(str(r[0]) for r in result[:3])
    if "web_factrecord" not in tables:
        return msg("not a Tafelrunde database")
    return "ok"


def restore(file: Path, database: Path, backups: Path) -> Path | None:
    """Replace the database by a backup file that passes the integrity check.

    The current database is backed up first, so a restore can itself be undone.
    """
    if not file.is_file():
        raise RuleError(msg("'{file}' does not exist.", file=str(file)), field="file")
    check = integrity(file)
    if check != "ok":
        raise RuleError(
            msg(
                "'{name}' is not an intact backup ({check}); nothing was changed.",
                name=file.name,
                check=check,
            ),
            field="file",
        )
    before = backup_sqlite(database, backups)
    with (
        contextlib.closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as source,
        contextlib.closing(sqlite3.connect(database)) as target,
    ):
        source.backup(target)  # page by page inside SQLite's own locking and journal
    database.chmod(0o600)
    return before
