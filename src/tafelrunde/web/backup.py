"""Backups of the SQLite database in the data folder: a consistent copy at every start."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

KEEP = 20


def backup_sqlite(database: Path, folder: Path, *, keep: int = KEEP) -> Path | None:
    """Copy the database (if it exists) to folder/tafelrunde-DATE-TIME.sqlite3; keep the newest."""
    if not database.exists():
        return None
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"tafelrunde-{datetime.now():%Y-%m-%d-%H%M%S}.sqlite3"
    with sqlite3.connect(database) as source, sqlite3.connect(target) as copy:
        source.backup(copy)  # consistent even while another process writes
    copies = sorted(folder.glob("tafelrunde-*.sqlite3"))
    for old in copies[:-keep]:
        old.unlink()
    return target
