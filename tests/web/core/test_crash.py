"""A crash test: kill -9 of the server under concurrent load, restart, nothing acknowledged lost.

The server is a real uvicorn process with 2 workers (SQLite: in a fresh data folder, the
workers writing one file; PostgreSQL: on a database of its own) with its own Django
settings; the test reads the database without Django, and the pages over HTTP.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from loadclient import (
    Browser,
    Form,
    Load,
    Server,
    draw,
    free_port,
    log_in,
    prepared,
    server_env,
)

pytestmark = [pytest.mark.integration, pytest.mark.both_databases]

PLAYERS = 400  # 100 tables, 3 games drawn at once: 300 results
CLIENTS = 20
KILL_AFTER = 60  # acknowledged results before kill -9
USER, PASSWORD = "leitung", "crash-passwort"
Stored = dict[str, Any]  # facts by number, results by (game, table), log lines by fact


def rows(data: Path, url: str, pk: int) -> tuple[list[tuple[int, Any]], list[int | None]]:
    """The facts (number, data) and the log lines' fact numbers of the tournament, as stored."""
    facts = "select n, data from web_factrecord where tournament_id = %s order by n"
    log = "select fact from web_auditentry where tournament_id = %s"
    if url:
        import psycopg

        with psycopg.connect(url) as db:
            return db.execute(facts, (pk,)).fetchall(), [r[0] for r in db.execute(log, (pk,))]
    with sqlite3.connect(data / "tafelrunde.sqlite3") as db:
        found = db.execute(facts.replace("%s", "?"), (pk,)).fetchall()
        lines = [r[0] for r in db.execute(log.replace("%s", "?"), (pk,))]
    return [(n, json.loads(d)) for n, d in found], lines


def stored(data: Path, url: str, pk: int) -> Stored:
    """What the database holds: fact numbers, results per (game, table), log lines per fact."""
    facts, lines = rows(data, url, pk)
    results = Counter(
        (int(d["game"]), int(d["table"])) for _, d in facts if d.get("type") == "result"
    )
    return {"numbers": [n for n, _ in facts], "results": results, "logged": Counter(lines)}


def assert_consistent(got: Stored) -> None:
    """Facts 1..n without gaps, each with exactly one log line; each table's result once."""
    numbers = got["numbers"]
    assert numbers == list(range(1, len(numbers) + 1)), "fact numbers have gaps"
    unlogged = [n for n in numbers if got["logged"][n] != 1]
    assert not unlogged, f"facts without exactly one log line: {unlogged[:10]}"
    twice = [key for key, count in got["results"].items() if count > 1]
    assert not twice, f"tables with two results: {twice}"


def assert_pages_open(browser: Browser, pk: int, numbers: list[int]) -> None:
    """Overview, tables, standings, log and the tournament file answer 200; the file agrees."""
    for page in ("", "tische/", "stand/", "protokoll/"):
        status, _ = browser.get(f"/turniere/{pk}/{page}")
        assert status == 200, page
    status, text = browser.get(f"/turniere/{pk}/turnierdatei.json")
    assert status == 200
    exported = json.loads(text)
    assert [f["n"] for f in exported["facts"]] == numbers
    assert sorted(x["fact"] for x in exported["log"] if "fact" in x) == numbers


def enter_remaining(browsers: list[Browser], pk: int, forms: list[Form], done: Counter[Any]) -> int:
    """The clients, still logged in, post every result not stored yet; return how many."""
    remaining = [f for f in forms if (int(f["game"]), int(f["table"])) not in done]
    load = Load(browsers, pk, remaining, pages=False).run()
    assert load.counts("post") == {"accepted": len(remaining)}, load.samples[:5]
    return len(remaining)


def test_kill_9_under_load_keeps_every_acknowledged_result(
    tmp_path: Path, database_url: str
) -> None:
    began = time.monotonic()
    workers = 2
    env = server_env(tmp_path, database_url)
    made = prepared(env, PLAYERS, USER, PASSWORD)
    pk, forms = made["pk"], made["forms"]
    port = free_port()
    server = Server(port, workers, env, tmp_path / "server.log").start()
    try:
        browsers = log_in(port, USER, PASSWORD, CLIENTS)
        assert draw(browsers[0], pk, made["seed"])
        load = Load(browsers, pk, forms).start()
        at_kill = load.wait_for(KILL_AFTER, timeout=60)
        server.kill()
        load.join()
    finally:
        server.stop()
    acknowledged = load.acknowledged()
    unanswered = load.counts("page").get("no answer", 0) + load.counts("post").get("no answer", 0)
    assert KILL_AFTER <= at_kill < len(forms), "the kill came before or after the load"
    assert unanswered > 0, "no request was in flight at the kill"
    errors = [s for s in load.samples if s.outcome in ("error", "other", "refused")]
    assert not errors, f"{errors[:5]}\n{(tmp_path / 'server.log').read_text()[-3000:]}"

    with Server(port, workers, env, tmp_path / "server.log"):  # the same address again
        got = stored(tmp_path, database_url, pk)
        missing = [key for key in acknowledged if key not in got["results"]]
        assert not missing, f"acknowledged but lost: {missing}"
        assert_consistent(got)
        browser = Browser(port, USER, PASSWORD)
        assert_pages_open(browser, pk, got["numbers"])
        entered = enter_remaining(browsers, pk, forms, got["results"])
        final = stored(tmp_path, database_url, pk)
        assert_consistent(final)
        assert len(final["results"]) == len(forms) and final["numbers"][-1] == len(forms) + 1
        assert_pages_open(browser, pk, final["numbers"])
    print(
        f"\n{'PostgreSQL' if database_url else 'SQLite'}, {workers} worker(s): "
        f"{len(acknowledged)} acknowledged at the kill, {len(got['results'])} stored, "
        f"{unanswered} requests unanswered; {entered} entered after the restart; "
        f"{time.monotonic() - began:.1f} s"
    )
