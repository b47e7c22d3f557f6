"""Load on a real Tafelrunde server: uvicorn as a subprocess, clients entering results at once.

Shared by tests/web/core/test_crash.py and bench/bench_load.py. The module imports only the
standard library; `prepare` needs Django set up and is run in a process of its own:
`python tests/web/loadclient.py prepare PLAYERS USER PASSWORD` prepares a tournament in the
database that TAFELRUNDE_DATA / TAFELRUNDE_DATABASE_URL name and prints it as JSON
(`finished PLAYERS COUNT`: tournaments played to their end; `dates COUNT`: club events).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

Form = dict[str, str]
NO_ANSWER = 0  # the status of a request the server never answered (connection lost)


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def device(k: int) -> str:
    """The loopback address of the k-th simulated device (127.1.0.1, 127.1.0.2, ...)."""
    return f"127.1.{k // 250}.{k % 250 + 1}"


def fetch(port: int, path: str, headers: dict[str, str] | None = None, timeout: float = 120
          ) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
    """GET as a visitor who is not logged in: status, headers (lower-case), body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Host": "localhost", **(headers or {})})
        answer = conn.getresponse()
        body = answer.read()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body
    finally:
        conn.close()


def server_env(data: Path, url: str = "") -> dict[str, str]:
    """The environment of an app process: its data folder, and PostgreSQL if a URL is given."""
    env = os.environ | {"TAFELRUNDE_DATA": str(data)}
    env.pop("TAFELRUNDE_DATABASE_URL", None)
    if url:
        env["TAFELRUNDE_DATABASE_URL"] = url
    return env


class Server:
    """The app served by uvicorn in a process group of its own: kill -9 hits every worker."""

    def __init__(self, port: int, workers: int, env: dict[str, str], log: Path) -> None:
        """Remember how to start; nothing runs yet."""
        self.port, self.workers, self.env, self.log = port, workers, env, log
        self.proc: subprocess.Popen[bytes] | None = None
        self.preexec: Callable[[], None] | None = None  # e.g. a lower limit of open files
        self.options: dict[str, Any] = {}  # uvicorn's settings changed (e.g. another parser)

    def start(self, timeout: float = 60) -> Server:
        """Start uvicorn and wait until the login page answers."""
        shipped = {"timeout_keep_alive": 300, "timeout_graceful_shutdown": 5} | self.options
        run = (  # as `tafelrunde serve` runs it; the load's clients wait long between requests
            "import uvicorn; from tafelrunde.web.core.guard import options; "  # on one
            "uvicorn.run('tafelrunde.web.asgi:application', "  # connection; streams end at stop
            f"port={self.port}, workers={self.workers}, **options() | {shipped!r})"
        )
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", run], env=self.env, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=self.preexec,
            )  # fmt: skip
        deadline = time.monotonic() + timeout
        while not self._answers():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"server did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.2)
        return self

    def _answers(self) -> bool:
        """Tell whether the login page answers with 200."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.request("GET", "/anmelden/", headers={"Host": "localhost"})
            return conn.getresponse().status == 200
        except (OSError, http.client.HTTPException):
            return False
        finally:
            conn.close()

    def kill(self) -> None:
        """kill -9 the server and its workers at once."""
        self._signal(signal.SIGKILL)

    def stop(self) -> None:
        """End the server normally (SIGTERM); kill it if it does not end."""
        try:
            self._signal(signal.SIGTERM, wait=30)
        except subprocess.TimeoutExpired:
            self.kill()

    def _signal(self, sig: signal.Signals, wait: float | None = None) -> None:
        """Send a signal to the server's process group and wait for the server to end."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)
        self.proc.wait(timeout=wait)
        if sig == signal.SIGKILL:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)  # workers left behind by the supervisor, if any

    def __enter__(self) -> Server:
        """Start the server."""
        return self.start()

    def __exit__(self, *exc: object) -> None:
        """End the server."""
        self.stop()


@contextlib.contextmanager
def two_processes(data: Path, env: dict[str, str]) -> Iterator[tuple[int, int]]:
    """Two app processes on one data folder, each addressed by its own port (as
    `tafelrunde serve --workers 2` runs them, where the kernel picks the process)."""
    with Server(port_a := free_port(), 1, env, data / "a.log"), \
         Server(port_b := free_port(), 1, env, data / "b.log"):  # fmt: skip
        yield port_a, port_b


class Browser:
    """One client with its own session: logs in, then reads pages and posts forms."""

    def __init__(self, port: int, user: str, password: str) -> None:
        """Open a connection and log in."""
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        self.cookies: dict[str, str] = {}
        self.location = ""
        status, page = self.get("/anmelden/")
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if status != 200 or found is None:
            raise RuntimeError(f"no login form: {status}")
        self.token = found.group(1)
        status, _ = self.post("/anmelden/", {"username": user, "password": password})
        if status != 302:
            raise RuntimeError(f"login refused: {status}")
        self.token = self.cookies["csrftoken"]  # the login gives a new token

    @classmethod
    def phone(cls, port: int) -> Browser:
        """A client without a login (a player's phone): its CSRF token comes with the first page."""
        other = object.__new__(cls)
        other.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        other.cookies, other.location, other.token = {}, "", ""
        return other

    def twin(self) -> Browser:
        """Another client on its own connection with this one's login (no password hashed)."""
        other = object.__new__(Browser)
        other.conn = http.client.HTTPConnection("127.0.0.1", self.conn.port, timeout=300)
        other.cookies, other.location, other.token = dict(self.cookies), "", self.token
        return other

    def _headers(self) -> dict[str, str]:
        """Cookies, host and referer (the CSRF check over HTTP wants none, but browsers send it)."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return {"Cookie": cookie, "Host": "localhost", "Referer": "http://localhost/"}

    def _answer(self) -> tuple[int, str]:
        """Read the response: keep its cookies and its redirect target; return status and body."""
        response = self.conn.getresponse()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, value = header.split(";")[0].split("=", 1)
            self.cookies[name] = value
        self.location = response.headers.get("Location", "")
        return response.status, response.read().decode()

    def get(self, path: str) -> tuple[int, str]:
        """GET a page; return status and body."""
        self.conn.request("GET", path, headers=self._headers())
        return self._answer()

    def post(self, path: str, fields: Form) -> tuple[int, str]:
        """POST a form with the CSRF token; return status and body."""
        token = self.token or self.cookies.get("csrftoken", "")
        body = urlencode({"csrfmiddlewaretoken": token, **fields})
        headers = self._headers() | {"Content-Type": "application/x-www-form-urlencoded"}
        self.conn.request("POST", path, body=body, headers=headers)
        return self._answer()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


def log_in(
    port: int, user: str, password: str, count: int, logins: int | None = None
) -> list[Browser]:
    """Log `count` clients in, a few at a time (each login hashes the password once); with
    `logins`, only so many log in and the others share their logins in turn."""
    if logins is not None and logins < count:
        first = log_in(port, user, password, logins)
        return first + [first[k % logins].twin() for k in range(count - logins)]
    browsers: list[Browser | None] = [None] * count
    errors: list[BaseException] = []

    def one(k: int) -> None:
        try:
            browsers[k] = Browser(port, user, password)
        except (OSError, http.client.HTTPException, RuntimeError) as err:
            errors.append(err)

    for first in range(0, count, 4):
        threads = [threading.Thread(target=one, args=(k,)) for k in range(first, first + 4)]
        threads = threads[: count - first]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    if errors:
        raise RuntimeError(f"login failed: {errors[0]!r}")
    return [b for b in browsers if b is not None]


def draw(browser: Browser, pk: int, seed: int, version: int = 0) -> bool:
    """Release the next draw with this seed through the draw form; tell whether it was stored."""
    fields = {"seed": str(seed), "version": str(version)}
    status, _ = browser.post(f"/turniere/{pk}/auslosung/", fields)
    return status == 302 and "/tische/" in browser.location


@dataclass(frozen=True)
class Sample:
    """One request of the load: what it was, its answer and how long it took."""

    client: int
    kind: str  # "page" (the tables page) or "post" (a result)
    status: int  # NO_ANSWER when the server never answered
    seconds: float
    table: tuple[int, int] | None = None  # (game, table) of a result
    accepted: bool = False  # a result answered 302 to the tables page: acknowledged

    @property
    def outcome(self) -> str:
        """ok (a page), accepted or refused (a result), error (>= 500), no answer, or other."""
        if self.accepted:
            return "accepted"
        if self.status == NO_ANSWER:
            return "no answer"
        if self.status >= 500:
            return "error"
        if self.status == 200:
            return "refused" if self.kind == "post" else "ok"
        return "other"


class Load:
    """K clients at once, each looping: GET the tables page, then POST one of its own tables."""

    def __init__(
        self,
        browsers: list[Browser],
        pk: int,
        forms: list[Form],
        think: float = 0.0,
        pages: bool = True,
        pause: float = 0.0,
    ) -> None:
        """Client k enters tables k, k+K, ...; `think` s after each GET, about `pause` s
        (half to one and a half times, seeded) after each POST; `pages` False: no GET."""
        self.browsers, self.pk, self.think, self.pages = browsers, pk, think, pages
        self.pause, self.rng = pause, random.Random(2026)
        self.shares = [forms[k :: len(browsers)] for k in range(len(browsers))]
        self.samples: list[Sample] = []
        self.lock = threading.Lock()
        self.threads: list[threading.Thread] = []
        self.seconds = 0.0

    def start(self) -> Load:
        """Start every client."""
        self.begun = time.perf_counter()
        self.threads = [
            threading.Thread(target=self._client, args=(k,), daemon=True)
            for k in range(len(self.browsers))
        ]
        for th in self.threads:
            th.start()
        return self

    def join(self) -> Load:
        """Wait until every client is done (or has lost its server)."""
        for th in self.threads:
            th.join()
        self.seconds = time.perf_counter() - self.begun
        return self

    def run(self) -> Load:
        """Run the load to its end."""
        return self.start().join()

    def _client(self, k: int) -> None:
        """One client's loop over its tables; it ends when its server stops answering."""
        for form in self.shares[k]:
            if self.pages and not self._request(k, None):
                return
            time.sleep(self.think)
            if not self._request(k, form):
                return
            if self.pause:
                with self.lock:
                    wait = self.pause * self.rng.uniform(0.5, 1.5)
                time.sleep(wait)

    def _request(self, k: int, form: Form | None) -> bool:
        """GET the tables page (no form) or POST a result; record it; tell if it was answered."""
        browser = self.browsers[k]
        start = time.perf_counter()
        try:
            if form is None:
                status, _ = browser.get(f"/turniere/{self.pk}/tische/")
            else:
                status, _ = browser.post(f"/turniere/{self.pk}/ergebnis/", form)
        except (OSError, http.client.HTTPException):
            status = NO_ANSWER
            browser.close()
        took = time.perf_counter() - start
        if form is None:
            sample = Sample(k, "page", status, took)
        else:
            key = (int(form["game"]), int(form["table"]))
            accepted = status == 302 and "/tische/" in browser.location
            sample = Sample(k, "post", status, took, key, accepted)
        with self.lock:
            self.samples.append(sample)
        return status != NO_ANSWER

    def acknowledged(self) -> list[tuple[int, int]]:
        """The (game, table) of every result answered 302 so far."""
        with self.lock:
            return [s.table for s in self.samples if s.accepted and s.table is not None]

    def wait_for(self, acknowledged: int, timeout: float) -> int:
        """Wait for so many acknowledged results (or the clients' end); return the count."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and any(th.is_alive() for th in self.threads):
            if len(self.acknowledged()) >= acknowledged:
                break
            time.sleep(0.005)
        return len(self.acknowledged())

    def counts(self, kind: str) -> dict[str, int]:
        """How many requests of a kind ended how."""
        with self.lock:
            outcomes = [s.outcome for s in self.samples if s.kind == kind]
        return {o: outcomes.count(o) for o in sorted(set(outcomes))}

    def latencies(self, kind: str) -> list[float]:
        """The seconds of every answered request of a kind."""
        with self.lock:
            return [s.seconds for s in self.samples if s.kind == kind and s.status != NO_ANSWER]


def percentiles(seconds: list[float]) -> tuple[float, float, float]:
    """p50, p95 and p99 in milliseconds."""
    if len(seconds) < 2:
        only = seconds[0] * 1000 if seconds else float("nan")
        return only, only, only
    cuts = statistics.quantiles(seconds, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[94] * 1000, cuts[98] * 1000


# ---- the tournament (needs Django; run in a process whose settings name the database) ----


def setup_django() -> None:
    """Start Django with the settings from the environment and migrate the database."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def django_on(data: Path, url: str = "") -> None:
    """Point Django at a fresh data folder (SQLite) or a PostgreSQL URL, migrate, empty it."""
    os.environ["TAFELRUNDE_DATA"] = str(data)
    if url:
        os.environ["TAFELRUNDE_DATABASE_URL"] = url
    setup_django()
    if url:
        from django.core.management import call_command

        call_command("flush", interactive=False, verbosity=0)


def organiser(user: str, password: str) -> None:
    """Add an organiser login unless it exists."""
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    if not users.filter(username=user).exists():
        users.create_user(user, password=password)


def prepare(players: int, user: str, password: str, seed: int = 1) -> dict[str, Any]:
    """Add the organiser and an undrawn group-mode tournament: its number, draw seed, forms."""
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.web.core.domain.store import save_new

    organiser(user, password)
    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, players + 1)]
    rec = save_new(Tournament("Lasttest", load_ruleset("gruppenmodus"), people, seed=1))
    return {"pk": rec.pk, "seed": seed, "forms": result_forms(rec.pk, seed)}


def finished(players: int, count: int = 1) -> list[int]:
    """Add group-mode tournaments played to their end by the engine (each with results of
    its own); their numbers."""
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.sim.autoplay import play_to_end
    from tafelrunde.web.core.domain.store import save_new

    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, players + 1)]
    made = []
    for k in range(count):
        tour = Tournament(f"Großes Turnier {k + 1}", load_ruleset("gruppenmodus"), people, seed=1)
        play_to_end(tour, seed=k)
        made.append(save_new(tour).pk)
    return made


def dates(count: int) -> int:
    """Add so many dated club events (a year's evenings of many kinds); how many there are."""
    import datetime

    from tafelrunde.web.core.models import Event

    first = datetime.date(2027, 1, 1)
    Event.objects.bulk_create(
        Event(name=f"Abend {k}", date=first + datetime.timedelta(days=k % 365), kind=f"Art {k % 7}")
        for k in range(count)
    )  # fmt: skip
    return Event.objects.count()


def result_forms(pk: int, seed: int | None = None) -> list[Form]:
    """One valid result form per table still open (random pips, points); with a seed, of
    the next draw as the server will make it with that seed."""
    from tafelrunde.engine.groups.actions import next_draw, record
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.sim.autoplay import random_result
    from tafelrunde.web.core.domain.store import engine_tournament
    from tafelrunde.web.core.models import TournamentRecord

    state = TournamentState(engine_tournament(TournamentRecord.objects.get(pk=pk)))
    if seed is not None:
        record(state, next_draw(state, seed=seed))  # same state, same seed: the same tables
    st, rng = state.current, random.Random(5)
    assert st is not None
    forms = []
    for game, table in st.missing_results():
        res = random_result(state, game, table, rng)
        form = {"game": str(game), "table": str(table), "basis": "0"}
        form |= {f"pips-{p}": str(v) for p, v in res.pips.items()}
        form |= {f"points-{p}": str(v) for p, v in res.scores.items()}
        forms.append(form)
    return forms


def prepared(env: dict[str, str], players: int, user: str, password: str) -> dict[str, Any]:
    """`prepare` in a process of its own, on the database the environment names."""
    made: dict[str, Any] = _run(env, "prepare", str(players), user, password)
    return made


def finished_in(env: dict[str, str], players: int, count: int = 1) -> list[int]:
    """`finished` in a process of its own: the numbers of the tournaments played to their end."""
    made: list[int] = _run(env, "finished", str(players), str(count))
    return made


def dates_in(env: dict[str, str], count: int) -> int:
    """`dates` in a process of its own: how many events there are now."""
    events: int = _run(env, "dates", str(count))
    return events


def _run(env: dict[str, str], *args: str) -> Any:
    """This module's command in a process of its own; what it printed, read as JSON."""
    done = subprocess.run(
        [sys.executable, __file__, *args],
        env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-3000:])
    return json.loads(done.stdout)


@contextlib.contextmanager
def private_cluster() -> Iterator[str]:
    """A throw-away PostgreSQL cluster as make.py starts one for the tests."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import make

    bindir = make.postgres_bin()
    if bindir is None:
        sys.exit("no PostgreSQL binaries found")
    with make.postgres_cluster(bindir) as url:
        yield url


def server_pids(root: int) -> list[int]:
    """A process and all its descendants."""
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        for task in Path(f"/proc/{pid}/task").glob("*/children"):
            with contextlib.suppress(OSError):
                todo += [int(c) for c in task.read_text().split()]
    return found


def rss_and_files(root: int) -> tuple[int, int, float]:
    """VmRSS (kB), open files and CPU seconds used summed over a process and its descendants."""
    rss = files = 0
    cpu = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in server_pids(root):
        with contextlib.suppress(OSError, StopIteration, ValueError, IndexError):
            status = Path(f"/proc/{pid}/status").read_text().splitlines()
            rss += int(next(ln.split()[1] for ln in status if ln.startswith("VmRSS:")))
            files += len(os.listdir(f"/proc/{pid}/fd"))
            times = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(times[11]) + int(times[12])) / tick  # utime and stime
    return rss, files, cpu


def on_each_database(script: str, private: bool, *, sqlite: bool = True) -> int:
    """Run a bench script on SQLite (unless told not to), then on PostgreSQL (the one
    TAFELRUNDE_BENCH_PG_URL names, or a private one if asked), each in a process of its own;
    1 if either failed or PostgreSQL alone was asked for and none was given."""
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()}")
    options = [a for a in sys.argv[1:] if a not in ("--pg", "sqlite", "postgresql")]
    failed = 0
    if sqlite:
        failed = subprocess.run([sys.executable, script, "sqlite", *options]).returncode
    pg = os.environ.get("TAFELRUNDE_BENCH_PG_URL", "")
    with contextlib.ExitStack() as stack:
        if not pg and private:
            pg = stack.enter_context(private_cluster())
        if pg:
            again = [sys.executable, script, "postgresql", *options]
            env = os.environ | {"TAFELRUNDE_BENCH_PG_URL": pg}
            failed |= subprocess.run(again, check=False, env=env).returncode
        else:
            print("\nPostgreSQL skipped: TAFELRUNDE_BENCH_PG_URL is not set (`make.py bench` "
                  "sets it; --pg starts a private one)")  # fmt: skip
            failed |= not sqlite
    return 1 if failed else 0


def main() -> None:
    """`prepare PLAYERS USER PASSWORD`: prepare a tournament, print it as JSON; `finished
    PLAYERS COUNT`: tournaments played to their end, print their numbers; `dates COUNT`:
    add club events."""
    args = sys.argv[1:]
    if args[:1] == ["prepare"] and len(args) == 4:
        setup_django()
        print(json.dumps(prepare(int(args[1]), args[2], args[3])))
    elif args[:1] == ["finished"] and len(args) == 3:
        setup_django()
        print(json.dumps(finished(int(args[1]), int(args[2]))))
    elif args[:1] == ["dates"] and len(args) == 2:
        setup_django()
        print(json.dumps(dates(int(args[1]))))
    else:
        sys.exit("usage: loadclient.py prepare PLAYERS USER PASSWORD | finished PLAYERS COUNT | "
                 "dates COUNT")  # fmt: skip


if __name__ == "__main__":
    main()
