"""Web tests: they run on SQLite, and in a second run on PostgreSQL (see make.py `test`).

On PostgreSQL the app keeps no connection per thread but a pool per process; the tests
close connections when a request or thread ends, as with SQLite. Tests that start servers
of their own get a database of their own (`database_url`).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from django.db import connections


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
    url = os.environ.get("TAFELRUNDE_DATABASE_URL", "")
    if not url:
        yield ""
        return
    import psycopg

    name = f"eigene_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlsplit(url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
