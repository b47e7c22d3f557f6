"""Web figures: the standings page and the results page of a 1,000-player tournament (server
time per request) and result submission by 20 concurrent clients over HTTP (uvicorn), on SQLite
and PostgreSQL.

PostgreSQL is used when TAFELRUNDE_BENCH_PG_URL names a server (`python3 make.py bench`
starts a private one). Prints figures; asserts only that no result was lost.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import Browser, Server, django_on, free_port, result_forms, server_env

PLAYERS_PAGE = 1000
PLAYERS_LOAD = 800  # 200 tables: every client enters 10 results
CLIENTS = 20
USER, PASSWORD = "bench", "bench-passwort"


def played(players: int, steps: int) -> int:
    """Store a group-mode tournament played for `steps` steps; return its number."""
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.sim.autoplay import play_step
    from tafelrunde.web.core.domain.store import save_new

    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, players + 1)]
    tour = Tournament("Bench", load_ruleset("gruppenmodus"), people, seed=1)
    state, rng = TournamentState(tour), random.Random(1)
    for _ in range(steps):
        play_step(state, rng)
    return int(save_new(tour).pk)


def ms(values: list[float]) -> str:
    """Median and maximum in milliseconds."""
    return f"median {statistics.median(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"


def standings_page() -> None:
    """Server time of the standings page: after a change, and when nothing changed."""
    from django.test import Client

    from tafelrunde.web.core.models import TournamentRecord, new_revision

    pk = played(PLAYERS_PAGE, 700)
    client = Client(HTTP_HOST="localhost")
    address = f"/turniere/{pk}/stand/"
    cold, warm = [], []
    for _ in range(10):
        TournamentRecord.objects.filter(pk=pk).update(revision=new_revision())  # as a new result
        start = time.perf_counter()
        assert client.get(address).status_code == 200
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert client.get(address).status_code == 200
        warm.append(time.perf_counter() - start)
    print(f"standings page, {PLAYERS_PAGE} players, 700 entries (target < 100 ms):")
    print(f"  first request after a change: {ms(cold)}")
    print(f"  further requests:             {ms(warm)}")


def tables_page() -> None:
    """Server time of the organiser's results page of 250 tables (1,000 players, 100 results
    in): the page after a change and again, only open tables, a name search, a jump."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tafelrunde.web.core.models import TournamentRecord, new_revision

    pk = played(PLAYERS_PAGE, 101)  # the draw and 100 results of game 1
    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.create_user("tische", password="x"))
    address = f"/turniere/{pk}/tische/"
    asks: dict[str, dict[str, str]] = {
        "page after a change": {},
        "only open tables": {"offen": "1"},
        "name search": {"name": "Spieler 99"},
        "jump to table 217": {"tisch": "217"},
    }
    print(f"results page, {PLAYERS_PAGE // 4} tables, {PLAYERS_PAGE} players, organiser "
          "(target < 100 ms):")  # fmt: skip
    for label, query in asks.items():
        cold, warm = [], []
        for _ in range(10):
            TournamentRecord.objects.filter(pk=pk).update(revision=new_revision())
            start = time.perf_counter()
            assert client.get(address, query).status_code in (200, 302)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            assert client.get(address, query).status_code in (200, 302)
            warm.append(time.perf_counter() - start)
        print(f"  {label + ':':22} first {ms(cold)}; again {ms(warm)}")


def throughput(label: str, data: Path, url: str, workers: int) -> None:
    """20 clients post every table's result at once; count accepted, refused and stored."""
    from django.contrib.auth import get_user_model

    from tafelrunde.web.core.models import FactRecord

    get_user_model().objects.create_user(USER, password=PASSWORD)
    pk = played(PLAYERS_LOAD, 1)  # the first game is drawn
    forms = result_forms(pk)
    port = free_port()
    server = Server(port, workers, server_env(data, url), data / "server.log").start()
    try:
        clients = [Browser(port, USER, PASSWORD) for _ in range(CLIENTS)]
        outcome = {"accepted": 0, "refused": 0, "failed": 0}
        lock = threading.Lock()

        def work(k: int) -> None:
            for form in forms[k::CLIENTS]:
                status, _ = clients[k].post(f"/turniere/{pk}/ergebnis/", form)
                kind = "accepted" if status == 302 else "refused" if status == 200 else "failed"
                if kind == "failed":
                    print("status", status, file=sys.stderr)
                with lock:
                    outcome[kind] += 1

        threads = [threading.Thread(target=work, args=(k,)) for k in range(CLIENTS)]
        start = time.perf_counter()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        took = time.perf_counter() - start
        stored = FactRecord.objects.filter(tournament_id=pk, data__type="result").count()
    finally:
        server.stop()
    if outcome["failed"]:
        print((data / "server.log").read_text()[-3000:], file=sys.stderr)
    lost = len(forms) - stored
    rate = len(forms) / took
    print(f"{label}: {len(forms)} results from {CLIENTS} clients in {took:.2f} s = {rate:.0f}/s;")
    print(f"  accepted {outcome['accepted']}, refused {outcome['refused']}, "
          f"errors {outcome['failed']}, stored {stored}, lost {lost}")  # fmt: skip
    assert lost == 0 and outcome["accepted"] == len(forms), outcome


def main() -> None:
    """Run the figures on SQLite, then on PostgreSQL if a server is given."""
    pg = os.environ.get("TAFELRUNDE_BENCH_PG_URL", "")
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp:
        if which == "sqlite":
            django_on(Path(tmp))
            standings_page()
            tables_page()
            throughput("SQLite (1 uvicorn process)", Path(tmp), "", 1)
            return
        if which == "postgresql":
            django_on(Path(tmp), pg)
            throughput("PostgreSQL (2 uvicorn processes)", Path(tmp), pg, 2)
            return
    # each database in its own process: Django's settings are fixed at start
    subprocess.run([sys.executable, __file__, "sqlite"], check=True)
    if pg:
        subprocess.run([sys.executable, __file__, "postgresql"], check=True)
    else:
        print("PostgreSQL: no server given (TAFELRUNDE_BENCH_PG_URL); `make.py bench` starts one")


if __name__ == "__main__":
    main()
