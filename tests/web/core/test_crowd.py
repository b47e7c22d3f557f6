"""A crowd: 300 clients at once against the real server (SQLite: 1 process; PostgreSQL: 2
processes on a server that allows 100 connections). Waiting is fine; an error is not, and
the app is healthy the moment the crowd is gone."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from loadclient import Load, Server, draw, free_port, log_in, prepared, server_env

pytestmark = [pytest.mark.integration, pytest.mark.both_databases]

PLAYERS = 800  # 200 tables, 3 games drawn at once: 600 results
CLIENTS = 300
USER, PASSWORD = "leitung", "menge-passwort"
POOL = 8  # connections per app process (TAFELRUNDE_DB_POOL)


def connections_of(url: str) -> int:
    """How many connections the app holds to its database right now."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute(
            "select count(*) from pg_stat_activity where datname = %s and pid <> pg_backend_pid()",
            (name,),
        ).fetchone()
    return int(row[0]) if row else 0


def test_three_hundred_clients_wait_but_get_no_error(tmp_path: Path, database_url: str) -> None:
    workers = 2 if database_url else 1
    env = server_env(tmp_path, database_url) | {"TAFELRUNDE_DB_POOL": str(POOL)}
    made = prepared(env, PLAYERS, USER, PASSWORD)
    pk, forms = made["pk"], made["forms"]
    port = free_port()
    peak, done = [0], threading.Event()

    def count_connections() -> None:
        while database_url and not done.wait(0.2):
            peak[0] = max(peak[0], connections_of(database_url))

    with Server(port, workers, env, tmp_path / "server.log"):
        browsers = log_in(port, USER, PASSWORD, CLIENTS, logins=6)
        assert draw(browsers[0], pk, made["seed"])
        watcher = threading.Thread(target=count_connections, daemon=True)
        watcher.start()
        load = Load(browsers, pk, forms).run()
        done.set()
        watcher.join()
        after = browsers[0]
        for page in ("/", f"/turniere/{pk}/", f"/turniere/{pk}/tische/", f"/turniere/{pk}/stand/"):
            assert after.get(page)[0] == 200, page  # healthy the moment the crowd is gone
    outcomes = load.counts("post") | {f"page {k}": v for k, v in load.counts("page").items()}
    assert outcomes == {"accepted": len(forms), "page ok": len(forms)}, (
        outcomes, (tmp_path / "server.log").read_text()[-3000:])  # fmt: skip
    if database_url:
        assert 0 < peak[0] <= workers * POOL, peak[0]
    print(f"\n{CLIENTS} clients, {len(forms)} results in {load.seconds:.1f} s, "
          f"{workers} process(es); peak connections {peak[0] or '–'}")  # fmt: skip
