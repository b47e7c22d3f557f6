"""How long a public page waits while slow requests run: the final ranking's CSV and Excel
file of a large finished tournament (plain, and each with a long query of its own), the
calendar feed of 3,000 dates, each asked for over and over; a plan being computed (2,000
players of format D); sign-ups whose pass mail goes to a mail server that never answers.

SQLite, one uvicorn process as `tafelrunde serve` runs it; a 1,000-player tournament played
to its end (`--players=N` for another size), a small one beside it whose overview a visitor
asks for every 0.2 s while the loops run, no event stream open (so that every request for the
overview passes the door of the shared pages). Prints the overview's wait (p50 and the
longest) and what the loops got, per load. Asserts nothing.
"""

from __future__ import annotations

import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import (
    Browser,
    Server,
    dates_in,
    device,
    finished_in,
    free_port,
    prepared,
    server_env,
)

USER, PASSWORD = "bench", "bench-passwort"
DATES = 3000
SAMPLES = 8  # overviews asked for per load
PAUSE = 0.2  # seconds between two of them
PAD = "x" * 230  # a query longer than a shared page's (200), shorter than the front's (300)
PLAN = {"preset": "schocken-ko", "players": "2000", "tables": "500", "seed": "7"}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
OPEN_DESK = """
import os, sys, django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
django.setup()
from tafelrunde.web.player.models import SignUpDesk
SignUpDesk.objects.create(tournament_id=int(sys.argv[1]), open=True, capacity=5000)
"""


def get(port: int, path: str) -> tuple[int, float]:
    """GET as a visitor who is not logged in: status and seconds."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    began = time.perf_counter()
    try:
        conn.request("GET", path, headers={"Host": "localhost"})
        answer = conn.getresponse()
        answer.read()
        return answer.status, time.perf_counter() - began
    finally:
        conn.close()


def signed_up(port: int, pk: int, k: int) -> tuple[int, float]:
    """A visitor from an address of their own sends the sign-up form (with an e-mail
    address): the POST's status and seconds."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600, source_address=(device(k), 0))
    head = {"Host": "localhost"}
    try:
        conn.request("GET", f"/turniere/{pk}/mitspielen/", headers=head)
        page = conn.getresponse()
        token = TOKEN.search(page.read().decode())
        cookie = "; ".join(c.split(";")[0] for c in page.headers.get_all("Set-Cookie") or [])
        fields = (f"csrfmiddlewaretoken={token.group(1) if token else ''}&name=Gast+{k}"
                  f"&email=gast{k}%40example.org&note=&code=&website=")  # fmt: skip
        form = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
        began = time.perf_counter()
        conn.request("POST", f"/turniere/{pk}/mitspielen/", body=fields, headers=head | form)
        sent = conn.getresponse()
        sent.read()
        return sent.status, time.perf_counter() - began
    finally:
        conn.close()


def under_load(port: int, page: str, clients: int, act: Callable[[int], tuple[int, float]]
               ) -> tuple[list[float], list[tuple[int, float]]]:  # fmt: skip
    """The page's waits while `clients` loops do `act(k)` (k counting up), and the loops'
    answers (status, seconds); the loops end with their request after the last sample."""
    stop, got, lock = threading.Event(), [], threading.Lock()

    def loop(first: int) -> None:
        k = first
        while not stop.is_set():
            answer = act(k)
            with lock:
                got.append(answer)
            k += clients

    loops = [threading.Thread(target=loop, args=(n,)) for n in range(clients)]
    for one in loops:
        one.start()
    time.sleep(1.0)  # the loops are running
    waits = []
    for _ in range(SAMPLES):
        waits.append(get(port, page)[1])
        time.sleep(PAUSE)
    stop.set()
    for one in loops:
        one.join()
    return waits, got


def said(waits: list[float], got: list[tuple[int, float]]) -> str:
    """The figures of one load in a line."""
    statuses = sorted({status for status, _ in got})
    took = statistics.median(seconds for _, seconds in got) if got else float("nan")
    return (f"overview p50 {statistics.median(waits) * 1000:8.0f} ms, longest "
            f"{max(waits) * 1000:8.0f} ms | loops: {len(got):5d} answers {statuses}, "
            f"p50 {took * 1000:7.0f} ms")  # fmt: skip


def while_planned(port: int, page: str) -> tuple[list[float], list[tuple[int, float]]]:
    """The page's waits while a plan is computed (started by an organiser just before)."""
    organiser = Browser(port, USER, PASSWORD)
    began = time.perf_counter()
    status, _ = organiser.post("/planung/", PLAN)
    took = time.perf_counter() - began
    organiser.close()
    waits, _ = under_load(port, page, 0, lambda k: (0, 0.0))
    return waits, [(status, took)]


def main() -> int:
    """Prepare, serve, run each load, print."""
    players = next((int(a.split("=")[1]) for a in sys.argv[1:] if a.startswith("--players=")),
                   1000)  # fmt: skip
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()}")
    silent = socket.create_server(("127.0.0.1", 0), backlog=64)  # takes mail, never answers
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp, silent:
        mail = str(silent.getsockname()[1])
        env = server_env(Path(tmp)) | {
            "TAFELRUNDE_SMTP_HOST": "127.0.0.1", "TAFELRUNDE_SMTP_PORT": mail,
            "TAFELRUNDE_SIGN_UP_RATE": "100000/h",
        }  # fmt: skip
        small = prepared(env, 12, USER, PASSWORD)["pk"]
        big = finished_in(env, players)[0]
        dates_in(env, DATES)
        subprocess.run([sys.executable, "-c", OPEN_DESK, str(small)], env=env, check=True)
        with Server(port := free_port(), 1, env, Path(tmp) / "server.log"):
            page = f"/turniere/{small}/"
            get(port, page)
            print(f"SQLite, 1 process; a {players}-player tournament played to its end, "
                  f"{DATES} club dates; the overview of a 12-player tournament alone: "
                  f"{get(port, page)[1] * 1000:.0f} ms")  # fmt: skip
            status, first = get(port, f"/turniere/{big}/endstand.csv")
            print(f"  first CSV of the large tournament (its state made): {first:.1f} s ({status})")
            status, first = get(port, "/termine.ics")
            print(f"  first calendar feed: {first:.1f} s ({status})")
            loads: dict[str, tuple[int, Callable[[int], str]]] = {
                "2 loops: CSV, a long query each": (
                    2, lambda k: f"/turniere/{big}/endstand.csv?{k}={PAD}"),
                "2 loops: Excel file": (2, lambda k: f"/turniere/{big}/endstand.xlsx"),
                "2 loops: ranking page, a long query each": (
                    2, lambda k: f"/turniere/{big}/endstand/?{k}={PAD}"),
                "4 loops: calendar feed": (4, lambda k: "/termine.ics"),
            }  # fmt: skip
            for label, (clients, path) in loads.items():
                waits, got = under_load(port, page, clients, lambda k, p=path: get(port, p(k)))
                print(f"  {label:<42} {said(waits, got)}", flush=True)
            waits, got = under_load(port, page, 6, lambda k: signed_up(port, small, k))
            print(f"  {'6 loops: sign-ups, mail server silent':<42} {said(waits, got)}", flush=True)
            waits, got = while_planned(port, page)
            print(f"  {'a plan of 2,000 players being computed':<42} {said(waits, got)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
