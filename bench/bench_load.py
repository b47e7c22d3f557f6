"""Load figures: 100 concurrent clients entering results for an 800-player tournament over HTTP
(uvicorn), on SQLite (1 process) and PostgreSQL (2 processes).

Each client loops: GET the organiser's tables page, then POST the result of one of its own
tables. Prints p50/p95/p99 of both (targets: result POST p95 < 500 ms, tables page
p95 < 1 s), the server's CPU seconds (all its processes and threads: steadier than the wall
time on a busy machine), how the requests ended and the results stored against those
acknowledged.
Asserts nothing. PostgreSQL is used when TAFELRUNDE_BENCH_PG_URL names a server
(`python3 make.py bench` starts a private one; `python3 make.py bench load` runs only this).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import (
    Browser,
    Form,
    Load,
    Server,
    django_on,
    draw,
    free_port,
    log_in,
    organiser,
    percentiles,
    prepare,
    rss_and_files,
    server_env,
)

PLAYERS = 800  # 200 tables; the group stage's draw seats its 3 games: 600 results
CLIENTS = 100  # 6 results each
CROWD = 300  # 2 results each: waiting is fine, an error is not
VARIANTS = (  # label, clients, s typing between GET and POST, s after a POST, results
    ("baseline: one client alone, 30 results", 1, 0.0, 0.0, 30),
    ("zero think time (a stress test): GET, then POST at once", CLIENTS, 0.0, 0.0, None),
    ("1 s typing between GET and POST, nothing after", CLIENTS, 1.0, 0.0, None),
    (
        "paced: a result every ~5 s per client (1 s typing, 2-6 s to the next)",
        CLIENTS,
        1.0,
        4.0,
        None,
    ),
    (f"a crowd of {CROWD} clients, zero think time", CROWD, 0.0, 0.0, None),
)
USER, PASSWORD = "bench", "bench-passwort"
TARGETS = {"post": 500, "page": 1000}  # p95 in ms


def stored_results(pk: int) -> set[tuple[int, int]]:
    """The (game, table) of every result stored for the tournament."""
    from tafelrunde.web.core.models import FactRecord

    found = FactRecord.objects.filter(tournament_id=pk, data__type="result")
    return {(int(d["game"]), int(d["table"])) for d in found.values_list("data", flat=True)}


def load_line(load: Load, kind: str, label: str) -> str:
    """p50/p95/p99 of one kind of request, with its target."""
    p50, p95, p99 = percentiles(load.latencies(kind))
    return (
        f"  {label}: p50 {p50:6.0f} ms, p95 {p95:6.0f} ms, p99 {p99:6.0f} ms"
        f"  (target p95 < {TARGETS[kind]} ms)"
    )


def report(load: Load, pk: int, forms: list[Form]) -> int:
    """Print one run's latencies, outcomes and stored results; return how many were lost."""
    posts, pages = load.counts("post"), load.counts("page")
    requests = sum(posts.values()) + sum(pages.values())
    clients, took = len(load.browsers), load.seconds
    print(f"  {clients} clients, {len(forms)} results, {requests} requests in {took:.1f} s")
    print(load_line(load, "post", "result POST"))
    print(load_line(load, "page", "tables page"))
    errors = posts.get("error", 0) + pages.get("error", 0)
    unanswered = posts.get("no answer", 0) + pages.get("no answer", 0)
    other = posts.get("other", 0) + pages.get("other", 0)
    print(
        f"  accepted {posts.get('accepted', 0)}, refused {posts.get('refused', 0)}, "
        f"errors (>= 500) {errors}, unanswered {unanswered}, other {other}"
    )
    acknowledged = set(load.acknowledged())
    stored = stored_results(pk)
    lost = len(acknowledged - stored)
    print(
        f"  stored {len(stored)}, acknowledged {len(acknowledged)}, "
        f"lost {lost} (acknowledged but not stored)"
    )
    return lost


def run_variant(
    browsers: list[Browser],
    server: int,
    label: str,
    think: float,
    pause: float,
    count: int | None,
) -> int:
    """A fresh tournament, drawn through the form; every client enters its results."""
    made = prepare(PLAYERS, USER, PASSWORD)
    forms = made["forms"][:count]
    if not draw(browsers[0], made["pk"], made["seed"]):
        print("  the draw was refused")
        return 1
    print(f"{label}, load {os.getloadavg()[0]:.1f}:")
    used = rss_and_files(server)[2]
    load = Load(browsers, made["pk"], forms, think=think, pause=pause).run()
    print(f"  server CPU: {rss_and_files(server)[2] - used:.1f} s (its processes, every thread)")
    lost = report(load, made["pk"], forms)
    start = time.perf_counter()
    status, _ = browsers[0].get(f"/turniere/{made['pk']}/tische/")
    print(f"  right after: the tables page answers {status} in "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")  # fmt: skip
    return int(lost > 0 or load.counts("post").get("accepted", 0) != len(forms))


def figures(title: str, data: Path, url: str, workers: int) -> int:
    """Start the server, log the clients in, run every variant; return 1 if any went wrong."""
    organiser(USER, PASSWORD)
    port = free_port()
    failed = 0
    with Server(port, workers, server_env(data, url), data / "server.log") as server:
        start = time.perf_counter()
        browsers = log_in(port, USER, PASSWORD, CROWD, logins=10)  # the rest share logins
        took = time.perf_counter() - start
        print(f"\n{title}: {PLAYERS} players, {CROWD} clients ready in {took:.1f} s")
        for label, clients, think, pause, count in VARIANTS:
            pid = server.proc.pid if server.proc else 0
            failed |= run_variant(browsers[:clients], pid, label, think, pause, count)
    if failed:
        print((data / "server.log").read_text()[-3000:], file=sys.stderr)
    return failed


def main() -> int:
    """Run the figures on SQLite, then on PostgreSQL if a server is given."""
    pg = os.environ.get("TAFELRUNDE_BENCH_PG_URL", "")
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp:
        if which == "sqlite":
            django_on(Path(tmp))
            return figures("SQLite (1 uvicorn process)", Path(tmp), "", 1)
        if which == "postgresql" and not pg:  # never SQLite under PostgreSQL's name
            print("PostgreSQL: no server given (TAFELRUNDE_BENCH_PG_URL)", file=sys.stderr)
            return 1
        if which == "postgresql":
            django_on(Path(tmp), pg)
            return figures("PostgreSQL (2 uvicorn processes)", Path(tmp), pg, 2)
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()}")
    # each database in its own process: Django's settings are fixed at start
    failed = subprocess.run([sys.executable, __file__, "sqlite"], check=False).returncode
    if pg:
        failed |= subprocess.run([sys.executable, __file__, "postgresql"], check=False).returncode
    else:
        print("PostgreSQL: no server given (TAFELRUNDE_BENCH_PG_URL); `make.py bench` starts one")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
