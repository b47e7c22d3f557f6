"""The JSON API under 100 clients: a running 600-player tournament (game 1 drawn, half its
results in) on SQLite, served by uvicorn (1 process) as `tafelrunde serve` serves it; 100
client threads, each from its own loopback address (so the per-address limit counts each
client alone), ask for the events, the tournaments, the tournament, its standings and its
ranking in turns, while the organisers enter a result every 2 s (each makes the standings
anew once). Prints p50/p95/p99 per address and overall, requests per second, the answers'
statuses. Asserts nothing.

`python bench/bench_api.py [SECONDS]` (default 30).
"""

from __future__ import annotations

import http.client
import json
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import (
    Browser,
    Server,
    device,
    draw,
    free_port,
    percentiles,
    prepared,
    server_env,
)

CLIENTS = 100
PLAYERS = 600
USER, PASSWORD = "bench", "bench-passwort"


def client(k: int, port: int, paths: list[str], until: float, out: dict[str, list[float]],
           statuses: Counter[int], lock: threading.Lock) -> None:  # fmt: skip
    """One API client: the addresses in turns until the time is up, from its own address."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(device(k), 0))
    n = k
    while time.monotonic() < until:
        path = paths[n % len(paths)]
        n += 1
        start = time.perf_counter()
        try:
            conn.request("GET", path, headers={"Host": "localhost", "Accept-Language": "de"})
            answer = conn.getresponse()
            answer.read()
            status = answer.status
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                              source_address=(device(k), 0))  # fmt: skip
            status = 0
        took = time.perf_counter() - start
        with lock:
            out.setdefault(path.split("?")[0], []).append(took)
            statuses[status] += 1
    conn.close()


def main() -> None:
    """Start the server, run the clients, print the figures."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 30.0
    tmp = Path(tempfile.mkdtemp(prefix="tafelrunde-api-"))
    env = server_env(tmp) | {"TAFELRUNDE_API_RATE": "100000/m"}
    made = prepared(env, PLAYERS, USER, PASSWORD)
    pk, forms = made["pk"], made["forms"]
    port = free_port()
    with Server(port, 1, env, tmp / "server.log"):
        orga = Browser(port, USER, PASSWORD)
        assert draw(orga, pk, made["seed"])
        for form in forms[: len(forms) // 2]:
            orga.post(f"/turniere/{pk}/ergebnis/", form)
        one = f"/api/v1/tournaments/{pk}"
        paths = ["/api/v1/events", "/api/v1/tournaments", one, one + "/standings", one + "/ranking"]
        out: dict[str, list[float]] = {}
        statuses: Counter[int] = Counter()
        lock = threading.Lock()
        until = time.monotonic() + seconds
        shared = (port, paths, until, out, statuses, lock)
        threads = [threading.Thread(target=client, args=(k, *shared)) for k in range(CLIENTS)]
        begun = time.monotonic()
        for t in threads:
            t.start()
        entered = 0
        for form in forms[len(forms) // 2 :]:
            if time.monotonic() >= until:
                break
            orga.post(f"/turniere/{pk}/ergebnis/", form)
            entered += 1
            time.sleep(2)
        for t in threads:
            t.join()
        took = time.monotonic() - begun
    total = sum(len(v) for v in out.values())
    print(f"SQLite, 1 uvicorn process: {PLAYERS} players, {CLIENTS} API clients for "
          f"{seconds:.0f} s, {entered} results entered meanwhile")  # fmt: skip
    print(
        f"  {total} requests in {took:.1f} s ({total / took:.0f} per s); statuses {dict(statuses)}"
    )
    for path, times in sorted(out.items()):
        p50, p95, p99 = percentiles(times)
        print(
            f"  {path:<36} {len(times):6d}: p50 {p50:6.0f} ms, p95 {p95:6.0f} ms, p99 {p99:6.0f} ms"
        )
    p50, p95, p99 = percentiles([x for v in out.values() for x in v])
    print(f"  {'overall':<36} {total:6d}: p50 {p50:6.0f} ms, p95 {p95:6.0f} ms, p99 {p99:6.0f} ms")
    print(json.dumps({"requests": total, "seconds": round(took, 1)}))


if __name__ == "__main__":
    main()
