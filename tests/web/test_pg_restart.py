"""After PostgreSQL drops every connection (a restart of the server), no request answers 500:
the app checks a pooled connection before it hands it out."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from loadclient import Browser, Server, free_port, prepared, server_env

pytestmark = [pytest.mark.integration, pytest.mark.both_databases]

USER, PASSWORD = "leitung", "neustart-passwort"


def drop_connections(url: str) -> int:
    """End every other connection to the app's database, as a restart of the server does."""
    with psycopg.connect(url, autocommit=True) as admin:
        ended = admin.execute(
            "select count(pg_terminate_backend(pid)) from pg_stat_activity"
            " where datname = current_database() and pid <> pg_backend_pid()"
        ).fetchone()
    return int(ended[0]) if ended else 0


def test_no_request_fails_after_the_database_dropped_every_connection(
    tmp_path: Path, database_url: str
) -> None:
    if not database_url:
        pytest.skip("PostgreSQL only: SQLite has no server to restart")
    env = server_env(tmp_path, database_url) | {"TAFELRUNDE_DB_POOL": "4"}
    pk = prepared(env, 12, USER, PASSWORD)["pk"]
    with Server(free_port(), 1, env, tmp_path / "server.log") as server:
        organiser = Browser(server.port, USER, PASSWORD)
        pages = ("/", f"/turniere/{pk}/", f"/turniere/{pk}/stand/", "/zugaenge/")
        for path in pages:
            assert organiser.get(path)[0] == 200, path
        assert drop_connections(database_url) >= 1
        for _ in range(3):  # more requests than the pool has connections
            for path in pages:
                status, page = organiser.get(path)
                assert status == 200, (path, status, page[-500:])
        organiser.close()
