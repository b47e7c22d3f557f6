"""Online sign-up under load: 500 sign-ups in 60 s (seeded random arrival times, each from its
own loopback address and browser: the form's page, then the form sent, then the pass it
leads to) to one tournament whose form is open with 400 places, while another tournament
runs beside it (the organisers enter one of its results every 2 s). SQLite, one uvicorn
process, as `tafelrunde serve` runs it. Prints p50/p95/p99 per kind of request, the
statuses, and checks the database: 400 players, 100 waiting, nobody twice. Asserts nothing.

`python bench/bench_sign_up.py [SIGN_UPS] [SECONDS]` (default 500 in 60).
"""

from __future__ import annotations

import http.client
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import Browser, Server, device, draw, free_port, percentiles, prepared, server_env

PLACES = 400
USER, PASSWORD = "bench", "bench-passwort"
SEED = 2026
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SETUP = """
import sys
from tafelrunde.web.core.domain.store import save_new, Logged
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.i18n import msg
from tafelrunde.web.player.models import SignUpDesk
people = [Player(f"p{i:03d}", f"Stamm {i}") for i in range(1, 7)]
rec = save_new(Tournament("Offenes Turnier", load_ruleset("gruppenmodus"), people, seed=1),
               log=Logged(msg("Demo tournament created")))
SignUpDesk.objects.create(tournament=rec, open=True, capacity=int(sys.argv[1]) + 6)
print(rec.pk)
"""
CHECK = """
import sys
from tafelrunde.web.player.models import SignUp
from tafelrunde.web.core.models import TournamentRecord
pk = int(sys.argv[1])
rec = TournamentRecord.objects.get(pk=pk)
names = [p["name"] for p in rec.players]
rows = SignUp.objects.filter(tournament_id=pk)
print(len(names), rows.filter(status="playing").count(), rows.filter(status="waiting").count(),
      len(names) == len(set(names)))
"""


def django(env: dict[str, str], script: str, *args: str) -> str:
    """Run a few lines against the server's database, in a process of its own."""
    run = ("import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', "
           "'tafelrunde.web.core.settings'); django.setup()\n" + script)  # fmt: skip
    done = subprocess.run([sys.executable, "-c", run, *args], env=env, capture_output=True,
                          text=True, timeout=120, check=True)  # fmt: skip
    return done.stdout.strip()


def one(k: int, port: int, pk: int, at: float, out: dict[str, list[float]],
        statuses: Counter[str], lock: threading.Lock) -> None:  # fmt: skip
    """One person signing up: the form, the form sent, the pass."""
    time.sleep(max(0.0, at - time.monotonic()))
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(device(k), 0))
    head = {"Host": "localhost", "Accept-Language": "de"}
    try:
        start = time.perf_counter()
        conn.request("GET", f"/turniere/{pk}/mitspielen/", headers=head)
        page = conn.getresponse()
        body = page.read().decode()
        cookie = "; ".join(c.split(";")[0] for c in page.headers.get_all("Set-Cookie") or [])
        took_form = time.perf_counter() - start
        token = TOKEN.search(body)
        fields = f"csrfmiddlewaretoken={token.group(1) if token else ''}&name=Gast+{k}&website="
        start = time.perf_counter()
        form = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
        conn.request("POST", f"/turniere/{pk}/mitspielen/", body=fields, headers=head | form)
        sent = conn.getresponse()
        sent.read()
        took_post = time.perf_counter() - start
        where = sent.headers.get("Location", "")
        start = time.perf_counter()
        if where:
            conn.request("GET", where, headers=head | {"Cookie": cookie})
            shown = conn.getresponse()
            shown.read()
        took_pass = time.perf_counter() - start
        with lock:
            out.setdefault("form page GET", []).append(took_form)
            out.setdefault("sign-up POST", []).append(took_post)
            if where:
                out.setdefault("pass GET", []).append(took_pass)
            statuses[f"{page.status}/{sent.status}"] += 1
    except (OSError, http.client.HTTPException) as err:
        with lock:
            statuses[type(err).__name__] += 1
    finally:
        conn.close()


def main() -> None:
    """Start the server, let the people sign up, print the figures."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
    tmp = Path(tempfile.mkdtemp(prefix="tafelrunde-sign-up-"))
    env = server_env(tmp) | {"TAFELRUNDE_SIGN_UP_RATE": "100000/h"}
    made = prepared(env, 600, USER, PASSWORD)  # the tournament running beside it
    pk = int(django(env, SETUP, str(PLACES - 6)).splitlines()[-1])
    port = free_port()
    rng = random.Random(SEED)
    begun = time.monotonic() + 1
    arrivals = sorted(begun + rng.uniform(0, seconds) for _ in range(count))
    out: dict[str, list[float]] = {}
    statuses: Counter[str] = Counter()
    lock = threading.Lock()
    with Server(port, 1, env, tmp / "server.log"):
        orga = Browser(port, USER, PASSWORD)
        assert draw(orga, made["pk"], made["seed"])
        people = [threading.Thread(target=one, args=(k, port, pk, at, out, statuses, lock))
                  for k, at in enumerate(arrivals)]  # fmt: skip
        for p in people:
            p.start()
        entered = 0
        for form in made["forms"]:
            if time.monotonic() > begun + seconds:
                break
            orga.post(f"/turniere/{made['pk']}/ergebnis/", form)
            entered += 1
            time.sleep(2)
        for p in people:
            p.join()
        took = time.monotonic() - begun
    print(f"SQLite, 1 uvicorn process: {count} sign-ups over {seconds:.0f} s ({PLACES} places)")
    print(f"  {entered} results entered meanwhile in a 600-player tournament; {took:.1f} s")
    print(f"  statuses (form page/sign-up): {dict(statuses)}")
    for kind, times in out.items():
        p50, p95, p99 = percentiles(times)
        print(
            f"  {kind:<16} {len(times):5d}: p50 {p50:6.0f} ms, p95 {p95:6.0f} ms, p99 {p99:6.0f} ms"
        )
    players, playing, waiting, distinct = django(env, CHECK, str(pk)).split()
    print(
        f"  database: {players} players ({playing} online), {waiting} waiting, "
        f"names distinct: {distinct}"
    )


if __name__ == "__main__":
    main()
