"""The per-address limits against a client that lies about its address or floods other keys:
the real server (SQLite, one uvicorn process, as `tafelrunde serve` runs it), each simulated
device its own loopback address.

1. The JSON API (600 requests a minute per address): 700 requests from one address that sends
   a new `X-Forwarded-For` each time, and 700 from another address without one.
2. Club-code guesses on the online sign-up (20 sign-ups an hour per address): one address
   guesses wrong codes for SECONDS; each time it is refused, FLOOD other addresses ask the API
   once each (fresh addresses every time), then it guesses on.

Prints how many requests passed and how many guesses were checked. Asserts nothing.

`python bench/bench_limits.py [SECONDS] [FLOOD]` (default 30 s, 500 addresses a flood).
"""

from __future__ import annotations

import http.client
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import Server, free_port, server_env

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HEAD = {"Host": "localhost", "Accept-Language": "de"}
SETUP = """
from tafelrunde.web.core.domain.store import save_new, Logged
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.i18n import msg
from tafelrunde.web.core.startup import migrate
from tafelrunde.web.core.database import data_dir
from tafelrunde.web.player.models import SignUpDesk
migrate(data_dir())
people = [Player(f"p{i:03d}", f"Stamm {i}") for i in range(1, 7)]
rec = save_new(Tournament("Vereinsturnier", load_ruleset("gruppenmodus"), people, seed=1),
               log=Logged(msg("Demo tournament created")))
SignUpDesk.objects.create(tournament=rec, open=True, capacity=40, club_code="Tafel-2026")
print(rec.pk)
"""


def django(env: dict[str, str], script: str) -> str:
    """Run a few lines against the server's database, in a process of its own."""
    run = ("import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', "
           "'tafelrunde.web.core.settings'); django.setup()\n" + script)  # fmt: skip
    done = subprocess.run([sys.executable, "-c", run], env=env, capture_output=True, text=True,
                          timeout=120, check=True)  # fmt: skip
    return done.stdout.strip()


def connection(port: int, source: str) -> http.client.HTTPConnection:
    """A keep-alive connection from this loopback address."""
    return http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))


def get(conn: http.client.HTTPConnection, path: str, extra: dict[str, str]) -> int:
    """The status of a GET on this connection."""
    conn.request("GET", path, headers=HEAD | extra)
    answer = conn.getresponse()
    answer.read()
    return answer.status


def api_passing(port: int, source: str, forged: bool) -> int:
    """How many of 700 API requests from one address pass (a new X-Forwarded-For each)."""
    conn = connection(port, source)
    passed = 0
    for k in range(700):
        extra = {"X-Forwarded-For": f"198.18.{k // 250}.{k % 250 + 1}"} if forged else {}
        passed += get(conn, "/api/v1/events", extra) == 200
    conn.close()
    return passed


def flood(port: int, first: int, count: int) -> int:
    """One API request from each of `count` fresh loopback addresses; return the next index."""

    def one(k: int) -> None:
        conn = connection(port, f"127.{2 + k // 62500}.{k // 250 % 250}.{k % 250 + 1}")
        try:
            get(conn, "/api/v1/events", {})
        except (OSError, http.client.HTTPException):
            pass
        finally:
            conn.close()

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(one, range(first, first + count)))
    return first + count


def guesses(port: int, pk: int, seconds: float, size: int) -> tuple[int, int, float]:
    """Wrong club codes from one address for `seconds`, a flood after each refusal: the
    guesses checked, the floods sent, the seconds taken."""
    conn = connection(port, "127.1.0.3")
    path = f"/turniere/{pk}/mitspielen/"
    conn.request("GET", path, headers=HEAD)
    page = conn.getresponse()
    body = page.read().decode()
    cookie = "; ".join(c.split(";")[0] for c in page.headers.get_all("Set-Cookie") or [])
    found = TOKEN.search(body)
    token = found.group(1) if found else ""
    form = HEAD | {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    checked = floods = k = following = 0
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        fields = f"csrfmiddlewaretoken={token}&name=Rater&code=falsch-{k}&website="
        k += 1
        conn.request("POST", path, body=fields, headers=form)
        answer = conn.getresponse().read().decode()
        if "Vereinscode stimmt nicht" in answer:
            checked += 1
        elif "zu viele Anmeldungen" in answer:
            following = flood(port, following, size)
            floods += 1
    conn.close()
    return checked, floods, time.monotonic() - start


def main() -> None:
    """Start the server, send the requests, print the figures."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 30.0
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    tmp = Path(tempfile.mkdtemp(prefix="tafelrunde-limits-"))
    env = server_env(tmp)
    pk = int(django(env, SETUP).splitlines()[-1])
    port = free_port()
    with Server(port, 1, env, tmp / "server.log"):
        forged = api_passing(port, "127.1.0.1", forged=True)
        plain = api_passing(port, "127.1.0.2", forged=False)
        checked, floods, took = guesses(port, pk, seconds, size)
    print("SQLite, 1 uvicorn process; the API allows 600 requests a minute per address")
    print(f"  700 API requests, a new X-Forwarded-For each: {forged} passed")
    print(f"  700 API requests without such a header:      {plain} passed")
    print(f"club-code guesses from one address (the limit: 20 sign-ups an hour), {took:.0f} s,")
    print(f"  a flood of {size} other addresses after each refusal ({floods} floods):")
    hourly = checked * 3600 / took if checked > 20 else checked  # held: no more this hour
    print(f"  {checked} guesses checked; an hour: {hourly:,.0f}")


if __name__ == "__main__":
    main()
