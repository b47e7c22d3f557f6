"""SQLite as Django uses it, plus a read-only fallback for a folder that cannot be written.

A WAL database needs its -shm file; in a folder that cannot be written SQLite cannot make
it, and every read fails. Then the database is opened read-only instead: with the
journal files still there (after a crash) as `mode=ro`, else as `immutable=1`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from django.db.backends.sqlite3 import base

from tafelrunde.web.core import storage


class DatabaseWrapper(base.DatabaseWrapper):
    """Open the database as usual; if that fails for lack of writing, open it to read."""

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        """A normal connection, or a read-only one when the folder cannot be written."""
        try:
            return super().get_new_connection(conn_params)
        except sqlite3.OperationalError as err:
            reason = storage.reason_of(err)
            path = Path(str(conn_params["database"]))
            if reason is None or not path.exists():
                raise
            storage.failed(reason)
        journal = all(path.with_name(path.name + end).exists() for end in ("-wal", "-shm"))
        mode = "mode=ro" if journal else "immutable=1"
        conn = sqlite3.connect(
            f"file:{path}?{mode}", **{k: v for k, v in conn_params.items() if k != "database"}
        )
        base.register_functions(conn)  # type: ignore[attr-defined]  # not in django-stubs
        conn.execute("PRAGMA foreign_keys = ON")
        self.only_reads = True
        return conn

    def is_usable(self) -> bool:
        """A connection that can only read is not kept: writing may work again."""
        return not getattr(self, "only_reads", False)

    def _close(self) -> None:
        """Close, and forget that it could only read."""
        self.only_reads = False
        super()._close()  # type: ignore[misc]  # not in django-stubs
