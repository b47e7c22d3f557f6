"""Table links under load: the 150 tables of a 600-player format-A tournament (preset
gruppenmodus, game 1 drawn) enter and confirm their results from phones over HTTP (uvicorn),
on SQLite (1 process) and PostgreSQL (2 processes).

Every table is served by two phones, each with its own cookie jar and connection: phone 1
opens the table's link, taps its player's name, enters the 4 players' pips (and points) and
reads the answer; phone 2, another player of the table, opens the link, taps its name and
confirms ("Stimmt"). The tables arrive at seeded random times spread uniformly over 60 s
(all 150 start within them); phone 2 comes 2-6 s after phone 1 is done; a phone waits like a
person between its steps (1-3 s to find its name, 3-8 s to type the result, 1-3 s to read it
before "Stimmt"). At most 50 phones are open at once (50 client threads); a table that
arrives while all 50 are busy waits, and the bench says how long.

Prints p50/p95/p99 per request (table page GET, name tap, result POST, confirmation POST) and
overall against the target p95 < 150 ms, the run's duration and requests per second, then
checks the database: 150 results settled, one `tableentered` and one `tableconfirmed` fact per
table, no 5xx, no 429. Asserts nothing. PostgreSQL is used when TAFELRUNDE_BENCH_PG_URL names
a server (`python3 make.py bench` starts a private one; `make.py bench table_links` runs only
this). Options: `--spread S` (arrivals over S seconds), `--no-think` (phones never wait).
"""

from __future__ import annotations

import argparse
import heapq
import http.client
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import (
    NO_ANSWER,
    Browser,
    Form,
    Server,
    django_on,
    draw,
    free_port,
    percentiles,
    prepare,
    server_env,
)

PLAYERS = 600  # 150 tables of 4
PHONES = 50  # phones open at once at most
SPREAD = 60.0  # s over which the tables arrive
SEED = 2026  # arrivals, pauses and which player confirms
TARGET = 150  # ms, p95 of every kind of request
RATE = "100000/m"  # TAFELRUNDE_TABLE_ADDRESS_RATE: every phone here comes from 127.0.0.1
USER, PASSWORD = "bench", "bench-passwort"
KINDS = (("page", "table page GET"), ("me", "name tap POST"), ("enter", "result POST"),
         ("confirm", "confirm POST"))  # fmt: skip
ENTERED = "Gespeichert: eingetragen – wartet auf Bestätigung."
CONFIRMED = "Gespeichert: Das Ergebnis ist bestätigt und zählt."
LINK = re.compile(r'id="tisch-(\d+)-(\d+)".*?/tisch/([A-Za-z0-9_-]{24})/', re.S)
HEADING = re.compile(r"<h1>Tisch (\d+)</h1>")
NAME = re.compile(r'name="player" value="([^"]+)"')
_NEXT = r'">\s*<input type="hidden" name="'  # one hidden field of a form to the next
ENTER = re.compile(rf'value="enter{_NEXT}basis" value="(\d+){_NEXT}game" value="(\d+)"')
CONFIRM = re.compile(
    rf'name="entry" value="(\d+){_NEXT}basis" value="(\d+){_NEXT}game" value="(\d+)"'
)


@dataclass(frozen=True)
class Plan:
    """One table's part of the run, drawn from the seed before it starts."""

    table: int
    path: str  # /tisch/<token>/
    form: Form  # the result phone 1 types
    arrival: float  # s after the start
    pauses: tuple[float, ...]  # phone 1: name, typing; then phone 2: arrival, name, reading
    second: int  # which other player of the table confirms (1-3 in seat order)


@dataclass(order=True)
class Job:
    """A phone due to open its table's link."""

    due: float
    table: int
    phone: int = field(compare=False)  # 1 enters, 2 confirms


class Run:
    """The phones of every table, at most PHONES at once; every request is timed."""

    def __init__(self, port: int, plans: dict[int, Plan], think: bool) -> None:
        """Prepare the run; nothing is sent yet."""
        self.port, self.plans, self.think = port, plans, think
        self.queue = [Job(p.arrival, t, 1) for t, p in plans.items()]
        heapq.heapify(self.queue)
        self.left = 2 * len(plans)  # phones still to run
        self.cond = threading.Condition()
        self.samples: list[tuple[str, int, float]] = []  # kind, status, seconds
        self.late: list[float] = []  # s a phone waited for a free slot
        self.failed: list[str] = []  # what went wrong at a table, in words
        self.acked: Counter[str] = Counter()  # entries and confirmations the phones were told of
        self.open = self.most = 0  # phones open now, and at most
        self.seconds = 0.0

    def go(self) -> Run:
        """Run every phone; return when all are done."""
        self.begun = time.perf_counter()
        threads = [threading.Thread(target=self._worker, daemon=True) for _ in range(PHONES)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        self.seconds = time.perf_counter() - self.begun
        return self

    def _now(self) -> float:
        """Seconds since the start."""
        return time.perf_counter() - self.begun

    def _worker(self) -> None:
        """Take the next phone that is due, run it, schedule the table's second phone."""
        while True:
            with self.cond:
                while self.left and (not self.queue or self.queue[0].due > self._now()):
                    self.cond.wait(self.queue[0].due - self._now() if self.queue else None)
                if not self.left:
                    self.cond.notify_all()
                    return
                job = heapq.heappop(self.queue)
                self.late.append(self._now() - job.due)
                self.open += 1
                self.most = max(self.most, self.open)
            done = self._phone(job)
            with self.cond:
                self.open -= 1
                self.left -= 1
                if job.phone == 1:
                    if done:
                        due = self._now() + self._pause(self.plans[job.table].pauses[2])
                        heapq.heappush(self.queue, Job(due, job.table, 2))
                    else:
                        self.left -= 1  # nothing to confirm
                self.cond.notify_all()

    def _pause(self, seconds: float) -> float:
        """A person's pause, or none with --no-think."""
        return seconds if self.think else 0.0

    def _phone(self, job: Job) -> bool:
        """One phone at its table; tell whether it did its part."""
        plan, phone = self.plans[job.table], Browser.phone(self.port)
        try:
            if job.phone == 1:
                return self._enter(plan, phone)
            return self._confirm(plan, phone)
        except (OSError, http.client.HTTPException) as err:
            self._failed(plan, f"phone {job.phone}: no answer ({err!r})")
            return False
        finally:
            phone.close()

    def _request(self, phone: Browser, kind: str, plan: Plan, fields: Form | None) -> str:
        """GET the table page or POST one of its forms; time it; return the body ('' if not
        the answer a phone expects: 200 for a page, a redirect back to it for a form)."""
        start = time.perf_counter()
        try:
            if fields is None:
                status, body = phone.get(plan.path)
            else:
                status, body = phone.post(plan.path, fields)
        except (OSError, http.client.HTTPException):
            self._sample(kind, NO_ANSWER, time.perf_counter() - start)
            raise
        self._sample(kind, status, time.perf_counter() - start)
        fine = status == 200 if fields is None else status == 302 and phone.location == plan.path
        if not fine:
            self._failed(plan, f"{kind} answered {status}")
            return ""
        return body or " "

    def _sample(self, kind: str, status: int, seconds: float) -> None:
        """Keep one request's figures."""
        with self.cond:
            self.samples.append((kind, status, seconds))

    def _failed(self, plan: Plan, said: str) -> None:
        """Note what went wrong at a table."""
        with self.cond:
            self.failed.append(f"table {plan.table}: {said}")

    def _players(self, plan: Plan, page: str) -> list[str]:
        """The table's players as the page offers their names (checked against the plan)."""
        heading, names = HEADING.search(page), NAME.findall(page)
        mine = sorted(k.removeprefix("pips-") for k in plan.form if k.startswith("pips-"))
        if heading is None or int(heading.group(1)) != plan.table or sorted(names) != mine:
            self._failed(plan, "the page shows another table")
            return []
        return names

    def _enter(self, plan: Plan, phone: Browser) -> bool:
        """Phone 1: open the link, tap the first name, type the result, read the answer."""
        page = self._request(phone, "page", plan, None)
        players = self._players(plan, page) if page else []
        if not players:
            return False
        time.sleep(self._pause(plan.pauses[0]))
        if not self._request(phone, "me", plan, {"action": "me", "player": players[0]}):
            return False
        found = ENTER.search(self._request(phone, "page", plan, None))
        if found is None:
            self._failed(plan, "no result form after the name tap")
            return False
        time.sleep(self._pause(plan.pauses[1]))
        fields = {"action": "enter", "basis": found.group(1), "game": found.group(2)}
        if not self._request(phone, "enter", plan, fields | plan.form):
            return False
        return self._told(plan, phone, ENTERED, "entered")

    def _confirm(self, plan: Plan, phone: Browser) -> bool:
        """Phone 2: open the link, tap another name, read the entry, tap "Stimmt"."""
        page = self._request(phone, "page", plan, None)
        players = self._players(plan, page) if page else []
        if not players:
            return False
        time.sleep(self._pause(plan.pauses[3]))
        me = {"action": "me", "player": players[plan.second]}
        if not self._request(phone, "me", plan, me):
            return False
        found = CONFIRM.search(self._request(phone, "page", plan, None))
        if found is None:
            self._failed(plan, "no 'Stimmt' after the name tap")
            return False
        time.sleep(self._pause(plan.pauses[4]))
        entry, basis, game = found.groups()
        fields = {"action": "confirm", "entry": entry, "basis": basis, "game": game}
        if not self._request(phone, "confirm", plan, fields):
            return False
        return self._told(plan, phone, CONFIRMED, "confirmed")

    def _told(self, plan: Plan, phone: Browser, words: str, what: str) -> bool:
        """Follow the redirect and check that the page says it was saved."""
        page = self._request(phone, "page", plan, None)
        if words not in page:
            self._failed(plan, f"not told '{words}'")
            return False
        with self.cond:
            self.acked[what] += 1
        return True


def plans_for(links: dict[int, str], forms: dict[int, Form], spread: float) -> dict[int, Plan]:
    """Each table's arrival, pauses and confirming player, from the seed."""
    rng = random.Random(SEED)
    tables = sorted(links)
    rng.shuffle(tables)  # the order in which tables finish has nothing to do with their numbers
    arrivals = sorted(rng.uniform(0, spread) for _ in tables)
    plans = {}
    for table, arrival in zip(tables, arrivals, strict=True):
        pauses = (rng.uniform(1, 3), rng.uniform(3, 8), rng.uniform(2, 6), rng.uniform(1, 3),
                  rng.uniform(1, 3))  # fmt: skip
        plans[table] = Plan(table, links[table], forms[table], arrival, pauses, rng.randint(1, 3))
    return plans


def table_links(organiser: Browser, pk: int) -> dict[int, str]:
    """The path of every table's link of game 1, as the organisers' links page shows them."""
    status, page = organiser.get(f"/turniere/{pk}/tisch-links/")
    if status != 200:
        raise RuntimeError(f"the links page answered {status}")
    return {int(t): f"/tisch/{token}/" for g, t, token in LINK.findall(page) if g == "1"}


def line(label: str, seconds: list[float]) -> str:
    """p50/p95/p99 of one kind of request and whether it meets the target."""
    p50, p95, p99 = percentiles(seconds)
    met = "met" if p95 < TARGET else "MISSED"
    return (f"  {label:<16} {len(seconds):5d} requests: p50 {p50:5.0f} ms, p95 {p95:5.0f} ms, "
            f"p99 {p99:5.0f} ms  (p95 < {TARGET} ms: {met})")  # fmt: skip


def report(run: Run, spread: float) -> None:
    """Latencies by kind and overall, the run's duration and throughput, the statuses."""
    requests = len(run.samples)
    print(f"  {requests} requests in {run.seconds:.1f} s ({requests / run.seconds:.1f} per s); "
          f"tables arrived over {spread:.0f} s; at most {run.most} phones open at once; "
          f"a phone waited for a free slot up to {max(run.late) * 1000:.0f} ms")  # fmt: skip
    for kind, label in KINDS:
        print(line(label, [s for k, st, s in run.samples if k == kind and st != NO_ANSWER]))
    print(line("overall", [s for _, st, s in run.samples if st != NO_ANSWER]))
    statuses = Counter(st for _, st, _ in run.samples)
    errors = sum(n for st, n in statuses.items() if st >= 500)
    print(f"  answers: {dict(sorted(statuses.items()))}; 5xx {errors}, 429 {statuses[429]}, "
          f"unanswered {statuses[NO_ANSWER]}")  # fmt: skip
    print(f"  the phones were told: {run.acked['entered']} entered, "
          f"{run.acked['confirmed']} confirmed")  # fmt: skip


def check(pk: int, tables: list[int]) -> list[str]:
    """Compare the database with what the phones did; return what is wrong."""
    from tafelrunde.engine.groups.table_entry import table_status
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.web.core.domain.store import engine_tournament
    from tafelrunde.web.core.models import FactRecord, TournamentRecord

    facts: Counter[tuple[str, int]] = Counter()
    for d in FactRecord.objects.filter(tournament_id=pk).values_list("data", flat=True):
        if d["type"] in ("tableentered", "tableconfirmed") and int(d["game"]) == 1:
            facts[d["type"], int(d["table"])] += 1
    state = TournamentState(engine_tournament(TournamentRecord.objects.get(pk=pk)))
    st = state.current
    assert st is not None
    settled = [t for t in tables if (1, t) in st.results]
    confirmed = [t for t in tables if table_status(st, 1, t).status == "confirmed"]
    wrong = [t for t in tables
             if (facts["tableentered", t], facts["tableconfirmed", t]) != (1, 1)]  # fmt: skip
    print(f"  database: {len(settled)} of {len(tables)} results settled ({len(confirmed)} "
          f"confirmed at the table); {sum(facts.values())} table facts; tables without exactly "
          f"one entry and one confirmation: {len(wrong)}")  # fmt: skip
    problems = []
    if len(settled) != len(tables) or len(confirmed) != len(tables):
        problems.append(f"{len(tables) - len(settled)} results not settled")
    problems += [f"table {t}: {facts['tableentered', t]} entered, "
                 f"{facts['tableconfirmed', t]} confirmed" for t in wrong]  # fmt: skip
    return problems


def describe(plans: dict[int, Plan], args: Any) -> None:
    """Say how the tables arrive and how long the phones pause."""
    arrivals = [p.arrival for p in plans.values()]
    after = "after phone 1 is done" if args.no_think else "2-6 s after phone 1 is done"
    pauses = "none (--no-think)" if args.no_think else "1-8 s between a phone's steps"
    print(f"  arrivals: phone 1 of each table at a seeded uniform random time in "
          f"[0, {args.spread:.0f} s) (first {min(arrivals):.1f} s, last {max(arrivals):.1f} s), "
          f"phone 2 {after}; pauses: {pauses}")  # fmt: skip


def figures(title: str, data: Path, url: str, workers: int, args: Any) -> int:
    """Prepare and draw the tournament, start the server, run the phones, check; 1 if wrong."""
    made = prepare(PLAYERS, USER, PASSWORD)
    forms = {int(f["table"]): {k: v for k, v in f.items() if k.startswith(("pips-", "points-"))}
             for f in made["forms"] if f["game"] == "1"}  # fmt: skip
    port, env = free_port(), server_env(data, url) | {"TAFELRUNDE_TABLE_ADDRESS_RATE": RATE}
    with Server(port, workers, env, data / "server.log"):
        organiser = Browser(port, USER, PASSWORD)
        if not draw(organiser, made["pk"], made["seed"]):
            print("  the draw was refused")
            return 1
        links = table_links(organiser, made["pk"])
        organiser.close()
        plans = plans_for(links, forms, args.spread)
        print(f"\n{title}: {PLAYERS} players, {len(plans)} tables, up to {PHONES} phones at once, "
              f"seed {SEED}, load {os.getloadavg()[0]:.1f}")  # fmt: skip
        print(f"  server env: TAFELRUNDE_TABLE_ADDRESS_RATE={RATE} (default 900/m; every phone "
              f"here posts from 127.0.0.1)")  # fmt: skip
        describe(plans, args)
        run = Run(port, plans, think=not args.no_think).go()
    report(run, args.spread)
    problems = run.failed + check(made["pk"], sorted(plans))
    statuses = Counter(st for _, st, _ in run.samples)
    problems += [f"{n} answers {st}" for st, n in statuses.items() if st >= 500 or st == 429]
    print("  lost 0, duplicated 0, all fine" if not problems else f"  WRONG: {problems[:10]}")
    if problems:
        print((data / "server.log").read_text()[-3000:], file=sys.stderr)
    return 1 if problems else 0


def main() -> int:
    """Run on SQLite, then on PostgreSQL if a server is given, each in a process of its own."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", choices=("sqlite", "postgresql"))
    parser.add_argument("--spread", type=float, default=SPREAD, help="arrivals over S seconds")
    parser.add_argument("--no-think", action="store_true", help="phones never wait")
    args = parser.parse_args()
    pg = os.environ.get("TAFELRUNDE_BENCH_PG_URL", "")
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp:
        if args.database == "sqlite":
            django_on(Path(tmp))
            return figures("SQLite (1 uvicorn process)", Path(tmp), "", 1, args)
        if args.database == "postgresql":
            django_on(Path(tmp), pg)
            return figures("PostgreSQL (2 uvicorn processes)", Path(tmp), pg, 2, args)
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()}")
    options = sys.argv[1:]
    failed = subprocess.run([sys.executable, __file__, "sqlite", *options], check=False).returncode
    if pg:
        again = [sys.executable, __file__, "postgresql", *options]
        failed |= subprocess.run(again, check=False).returncode
    else:
        print("\nPostgreSQL skipped: no server given (TAFELRUNDE_BENCH_PG_URL is not set); "
              "`python3 make.py bench` starts a private one")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
