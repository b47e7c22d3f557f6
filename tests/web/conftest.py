"""Web tests: they run on SQLite, and in a second run on PostgreSQL (see make.py `test`).

On PostgreSQL the app keeps no connection per thread but a pool per process; the tests
close connections when a request or thread ends, as with SQLite. Tests that start servers
of their own get a database of their own (`database_url`).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import connections
from races import own_database


@pytest.fixture(autouse=True, scope="session")
def _close_connections_when_done() -> None:
    """Let `close_old_connections()` close every connection, as on SQLite (CONN_MAX_AGE 0)."""
    for conn in connections.all():
        conn.settings_dict["CONN_MAX_AGE"] = 0


@pytest.fixture(autouse=True)
def _fresh_rates() -> None:
    """Every test begins with nothing counted against the rate limits."""
    from tafelrunde.web.core import rates

    rates.forget()


@pytest.fixture
def database_url() -> Iterator[str]:
    """'' for SQLite; on the PostgreSQL pass a new, empty database, dropped at the end."""
    with own_database("eigene") as url:
        yield url
