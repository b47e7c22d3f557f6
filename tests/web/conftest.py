"""Web tests: they run on SQLite, and in a second run on PostgreSQL (see make.py `test`).

On PostgreSQL the settings keep connections open for a minute (CONN_MAX_AGE), so a
worker thread's `close_old_connections()` leaves its connection open and the test
database cannot be dropped at the end ("being accessed by other users"). The tests close
connections when a request or thread ends, as with SQLite.
"""

from __future__ import annotations

import pytest
from django.db import connections


@pytest.fixture(autouse=True, scope="session")
def _close_connections_when_done() -> None:
    """Let `close_old_connections()` close every connection, as on SQLite (CONN_MAX_AGE 0)."""
    for conn in connections.all():
        conn.settings_dict["CONN_MAX_AGE"] = 0
