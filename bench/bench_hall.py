"""The hall at championship scale: tables entering and confirming through their links while
phones and projectors watch, with real uvicorn and real HTTP clients.

An 800-player tournament on SQLite and, when TAFELRUNDE_BENCH_PG_URL names a server, a
1,300-player one on PostgreSQL, game 1 drawn, each served by two uvicorn processes (one per
core, as the README advises for a big evening; `--workers N` to change). For the whole run
(default 60 s):

- 150 tables: at a random moment one phone opens the table's link, taps a name and enters
  the result; a second phone at the table taps another name and confirms it;
- 300 phones on the overview, the standings and the final ranking (a third each) and
  5 projectors: each holds the event stream and, on each change, fetches again what
  live.js (the whole page, naming the change it heard and taking gzip, as a browser does)
  or projector.js (the slide list) fetches, one fetch at a time and one more if changes
  came meanwhile (each answer is read whole, but only its start, up to the revision and
  version it names, is unpacked: the rest is the screen's own work, not the server's);
- a second round adds 4 anonymous loops ordering the printed final ranking.

A change is the fact a table's POST stored (its number is the tournament's version, read
from the database after the run); the time runs from that POST's start until each screen
heard an event of that version or later ("change -> event") and until a fetch ended whose
page shows the revision of that version or later ("change -> fresh content"; a revision's
version is learnt from the events). Printed: count and p50/p95/max per request class, both
delays against the target (p95 < 1 s, max < 2 s), requests per second, the server's RSS
(summed over its processes) and open files sampled each second (max), results
acknowledged against stored, the server's CPU (mean share of a core over the run), and
the bytes the screens' refetches brought (as sent, gzip, with status line and headers: per
refetch by kind, median and p95; per viewer per change; in all and per second). A screen
sends back the digest its last answer named, as live.js does ("204 No Content" while the
page shows the same).
Every client runs in this process's one event loop: its CPU
time and the loop's lateness are printed too, as they limit what is measured. Tables still
playing 60 s after the run's time are stopped (a POST cut off then is timed if it stored its
fact); the screens get 15 s more to catch up. Every phone here comes from 127.0.0.1, so the
per-address limit on table posts is lifted for the server (the per-link limit stays).

`--scale 2`: twice the championship (1,600 players on SQLite, 2,600 on PostgreSQL, 300 tables,
600 phones, 10 projectors, the same 60 s); without `--scale` (as `make.py bench` runs it)
both scale 1 and scale 2, one after the other.
`--quick`: 15 s, 30 tables, 60 phones, 2 projectors; `--pg` starts a private PostgreSQL
(`postgresql --pg` runs on it alone; `postgresql` without a server named refuses);
`--rounds hall|loops` runs one of the two rounds; `--table-screens`: the table phones follow
the event stream while at the table and fetch their page again on each change (live.js runs
there too), reported as the request class "refetch table page" (not as screens).
Asserts nothing (`python3 make.py bench hall` runs only this; `make.py bench` starts the
private PostgreSQL).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from hallclient import (
    NO_ANSWER,
    Answer,
    Change,
    Conn,
    Screen,
    entry_to_confirm,
    follow,
    page_revision,
    reach,
    refresh,
    spread,
    stale_fetches,
    table_mark,
    told,
    versions_heard,
)
from loadclient import (
    Browser,
    Form,
    Server,
    device,
    django_on,
    draw,
    free_port,
    on_each_database,
    organiser,
    prepare,
    rss_and_files,
    server_env,
)

USER, PASSWORD = "bench", "bench-passwort"
VIEWS = {"overview": "", "standings": "stand/", "ranking": "endstand/"}  # phones' pages
PRINTED = "drucken/endstand/"  # the most expensive page: the printed final ranking
LOOPS = 4
TARGET_FRESH = (1000, 2000)  # ms: p95 and max from the POST to fresh content
TARGET_OTHER = 300  # ms: p95 of every other request
DRAIN = 15.0  # s after the last table for the screens to catch up
TOO_LATE = 60.0  # s after the run's time: the tables still playing are stopped
OPEN_BATCH = 50  # screens opened at once
OPENING = 180.0  # s to wait for a batch of screens to open


@dataclass(frozen=True)
class Scale:
    """How long and how many."""

    seconds: float
    tables: int
    phones: int
    projectors: int
    table_screens: bool = False

    def times(self, factor: int) -> Scale:
        """So many times the tables, phones and projectors, in the same time."""
        return Scale(self.seconds, self.tables * factor, self.phones * factor,
                     self.projectors * factor, self.table_screens)  # fmt: skip


FULL, QUICK = Scale(60, 150, 300, 5), Scale(15, 30, 60, 2)
PLAYERS = {"sqlite": 800, "postgresql": 1300}  # at scale 1


@dataclass(frozen=True)
class Table:
    """A table's link, its two players with phones, and the result they enter."""

    index: int
    token: str
    first: str
    second: str
    values: Form


@dataclass
class Posted:
    """A table's POST that should store a fact: what, when, and whether it was acknowledged."""

    kind: str  # "tableentered" or "tableconfirmed"
    table: int
    started: float
    acknowledged: bool = False
    answered: bool = False  # False: cut off when the run's time was up (or never answered)


@dataclass
class Hall:
    """One round in the hall: the clients' requests, the screens, what the tables posted."""

    port: int
    pk: int
    samples: dict[str, list[tuple[float, int]]] = field(default_factory=lambda: defaultdict(list))
    screens: list[Screen] = field(default_factory=list)
    posted: list[Posted] = field(default_factory=list)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    known: dict[str, int] = field(default_factory=dict)  # revisions shown before any event
    table_screens: bool = False  # the table phones follow the stream too, as live.js does
    followers: list[asyncio.Task[None]] = field(default_factory=list)  # the table phones'
    unfinished: int = 0  # tables that had not finished when the run's time was up
    devices: int = 0  # devices given an address so far (streams per address are capped)

    def device(self) -> str:
        """A new device's own loopback address."""
        self.devices += 1
        return device(self.devices)

    async def timed(
        self, conn: Conn, kind: str, path: str, fields: Form | None = None, marks: bool = False
    ) -> tuple[Answer, float, float]:
        """A request, recorded under its class; its answer, start and end (`marks`: only the
        answer's start is unpacked, up to the revision and version it names)."""
        start = time.monotonic()
        method = "POST" if fields is not None else "GET"
        answer = await conn.request(method, path, fields, marks=marks)
        end = time.monotonic()
        self.samples[kind].append((end - start, answer.status))
        return answer, start, end

    async def screen(self, kind: str, page: str, refetch: str, opened: asyncio.Event) -> None:
        """A phone (refetch = page) or projector: open the page, follow the stream, fetch again
        on each change (a projector skips a change its slides already show)."""
        conn, screen = Conn(self.port, self.device()), Screen(kind)
        changes = asyncio.Queue[str]()
        self.screens.append(screen)
        answer, start, end = await self.timed(conn, "first load", page, marks=True)
        shown = page_revision(answer.body)
        screen.fetches.append((start, end, shown, answer.status))
        stream = asyncio.create_task(
            follow(self.port, self.pk, screen, shown, changes, conn.source)
        )
        deadline = time.monotonic() + 30
        while not screen.opened and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        opened.set()
        try:
            samples = self.samples[f"refetch {kind}"]
            await refresh(conn, refetch, screen, changes, shown, lambda *s: samples.append(s))
        finally:
            stream.cancel()
            conn.close()

    async def table(self, table: Table, at: float, rng: random.Random) -> None:
        """Two phones at a table: one enters the result, the other confirms it."""
        path = f"/tisch/{table.token}/"
        first, second = Conn(self.port, self.device()), Conn(self.port, self.device())
        await asyncio.sleep(at)
        shown, _, _ = await self.timed(first, "table page", path)
        following = [self.table_screen(first, path, shown)]
        await self.timed(first, "name tap", path, {"action": "me", "player": table.first})
        page, _, _ = await self.timed(first, "table page", path)
        await asyncio.sleep(rng.uniform(1.0, 3.0))  # typing
        await self.post(first, "tableentered", table, path, page, {"action": "enter"})
        shown, _, _ = await self.timed(second, "table page", path)
        following.append(self.table_screen(second, path, shown))
        await self.timed(second, "name tap", path, {"action": "me", "player": table.second})
        page, _, _ = await self.timed(second, "table page", path)
        await asyncio.sleep(rng.uniform(0.5, 2.0))  # reading
        fields = {"action": "confirm", "entry": entry_to_confirm(page.body) or "0"}
        await self.post(second, "tableconfirmed", table, path, page, fields)
        for task in following:
            if task is not None:
                task.cancel()
        first.close()
        second.close()

    def table_screen(self, phone: Conn, path: str, page: Answer) -> asyncio.Task[None] | None:
        """With table_screens: the table page follows the stream while the phone is at the
        table (on a connection of its own, with the phone's cookies); not counted as a screen."""
        if not self.table_screens:
            return None
        conn, screen = Conn(self.port, phone.source), Screen("table phone")
        changes = asyncio.Queue[str]()
        conn.cookies = phone.cookies
        samples = self.samples["refetch table page"]

        async def run() -> None:
            shown = page_revision(page.body)
            stream = asyncio.create_task(
                follow(self.port, self.pk, screen, shown, changes, conn.source)
            )
            try:
                await refresh(conn, path, screen, changes, shown, lambda *s: samples.append(s))
            finally:
                stream.cancel()
                conn.close()

        task = asyncio.create_task(run())
        self.followers.append(task)
        return task

    async def post(
        self, conn: Conn, kind: str, table: Table, path: str, page: Answer, fields: Form
    ) -> None:
        """Send a table's form built on its page; the page after it says if it was saved."""
        fields = fields | ({"basis": "0", "game": "1"} | table_mark(page.body))
        if kind == "tableentered":
            fields |= table.values
        label = "result entered" if kind == "tableentered" else "result confirmed"
        posted = Posted(kind, table.index, time.monotonic())
        self.posted.append(posted)
        answer, _, _ = await self.timed(conn, label, path, fields)
        posted.answered = answer.status != NO_ANSWER
        after, _, _ = await self.timed(conn, "table page", path)
        posted.acknowledged = answer.status == 302 and told(after.body) == "success"

    async def printed(self) -> None:
        """An anonymous client ordering the printed final ranking again and again."""
        conn = Conn(self.port, self.device())
        while not self.stop.is_set():
            answer, _, _ = await self.timed(conn, "printed ranking (anonymous)",
                                            f"/turniere/{self.pk}/{PRINTED}")  # fmt: skip
            if answer.status == NO_ANSWER:
                await asyncio.sleep(0.5)
        conn.close()


async def sample(root: int, stop: asyncio.Event, out: dict[str, list[float]]) -> None:
    """Each second: the server's RSS and open files, and how late this loop woke."""
    while not stop.is_set():
        planned = time.monotonic() + 1.0
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)
        out["lag"].append(max(time.monotonic() - planned, 0.0))
        rss, files, cpu = rss_and_files(root)
        out["rss"].append(rss)
        out["files"].append(files)
        out["cpu"].append(cpu)


async def run_hall(
    port: int,
    root: int,
    pk: int,
    tables: list[Table],
    scale: Scale,
    loops: int,
    start: tuple[str, int],
) -> tuple[Hall, dict[str, list[float]], float]:
    """Open every screen, then let the tables play for the run's time; the hall, the samples
    of the server, and the seconds the tables took (with the screens catching up)."""
    hall, sampled = Hall(port, pk, known=dict([start])), defaultdict[str, list[float]](list)
    hall.table_screens = scale.table_screens
    base = f"/turniere/{pk}/"
    kinds = [(k, base + p, base + p) for k, p in VIEWS.items()]
    wanted = [kinds[k % len(kinds)] for k in range(scale.phones)]
    wanted += [("projector", base + "beamer/", base + "beamer/folien/")] * scale.projectors
    screens: list[asyncio.Task[None]] = []
    begun = time.monotonic()
    for first in range(0, len(wanted), OPEN_BATCH):
        flags = [asyncio.Event() for _ in wanted[first : first + OPEN_BATCH]]
        for (kind, page, again), flag in zip(wanted[first:], flags, strict=False):
            screens.append(asyncio.create_task(hall.screen(kind, page, again, flag)))
        waits = [asyncio.create_task(f.wait()) for f in flags]
        await asyncio.wait(waits, timeout=OPENING)  # a screen still opening joins late
        for waiting in waits:
            waiting.cancel()
    opening = time.monotonic() - begun
    print(f"  {sum(s.opened for s in hall.screens)} of {len(wanted)} screens open "
          f"(first load and stream) in {opening:.1f} s")  # fmt: skip
    sampler = asyncio.create_task(sample(root, hall.stop, sampled))
    started = time.monotonic()
    rng = random.Random(2026)
    latest = max(scale.seconds - 6.0, 1.0)  # a table needs a few seconds
    players = [asyncio.create_task(hall.printed()) for _ in range(loops)]
    playing = [
        asyncio.create_task(hall.table(t, rng.uniform(0, latest), random.Random(t.index)))
        for t in tables
    ]
    _, late = await asyncio.wait(playing, timeout=scale.seconds + TOO_LATE)
    for task in late:
        task.cancel()  # a table still waiting for the server: its posts so far count
    hall.unfinished = len(late)
    deadline = time.monotonic() + DRAIN
    told = time.monotonic() + 1.0  # the last changes are told a moment later (the pace)
    while time.monotonic() < deadline and (time.monotonic() < told or not all_fresh(hall)):
        await asyncio.sleep(0.1)
    took = time.monotonic() - started
    hall.stop.set()
    for task in [*screens, *hall.followers]:
        task.cancel()
    await asyncio.gather(*screens, *hall.followers, *players, sampler, return_exceptions=True)
    return hall, sampled, took


def all_fresh(hall: Hall) -> bool:
    """Whether every screen shows the newest version any screen heard of."""
    versions = hall.known | versions_heard(hall.screens)
    newest = max(versions.values(), default=0)
    return all(
        any(versions.get(rev, -1) >= newest for _, _, rev, _ in s.fetches) for s in hall.screens
    )


# ---- the tournament and its facts (Django, in this process, outside the event loop) ----


def table_links(pk: int, forms: list[Form], count: int) -> list[Table]:
    """The links of the first `count` tables of game 1, with two players and a result each."""
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.web.core.domain.store import engine_tournament
    from tafelrunde.web.core.models import TournamentRecord
    from tafelrunde.web.core.seat import where_of
    from tafelrunde.web.table.links import tokens_for

    rec = TournamentRecord.objects.get(pk=pk)
    st = TournamentState(engine_tournament(rec)).current
    assert st is not None
    chosen = [f for f in forms if f["game"] == "1"][:count]
    wheres = {int(f["table"]): where_of(st, int(f["table"]), 1) for f in chosen}
    tokens = tokens_for(rec, wheres.values())
    tables = []
    for form in chosen:
        index = int(form["table"])
        values = {k: v for k, v in form.items() if k.startswith(("pips-", "points-"))}
        seated = st.seated(1, index)
        tables.append(Table(index, tokens[wheres[index]], seated[0], seated[1], values))
    return tables


def current(pk: int) -> tuple[str, int]:
    """The tournament's revision and version now."""
    from tafelrunde.web.core.models import TournamentRecord

    rec = TournamentRecord.objects.only("revision", "version").get(pk=pk)
    return rec.revision, rec.version


def stored_facts(pk: int) -> dict[tuple[str, int], list[int]]:
    """The number of every fact entered or confirmed at a table, by kind and table."""
    from tafelrunde.web.core.models import FactRecord

    found: dict[tuple[str, int], list[int]] = defaultdict(list)
    kinds = ("tableentered", "tableconfirmed")
    for n, data in FactRecord.objects.filter(tournament_id=pk).values_list("n", "data"):
        if data.get("type") in kinds and int(data.get("game", 0)) == 1:
            found[(data["type"], int(data["table"]))].append(n)
    return found


def changes_of(hall: Hall, facts: dict[tuple[str, int], list[int]]) -> tuple[list[Change], int]:
    """Every stored fact as a change timed from the start of the POST that made it (also one
    whose answer was cut off at the run's end); and how many acknowledged POSTs stored none."""
    changes, lost = [], 0
    for p in hall.posted:
        numbers = facts.get((p.kind, p.table), [])
        if numbers:
            changes.append(Change(min(numbers), p.started))
        elif p.acknowledged:
            lost += 1
    return changes, lost


# ---- the report ----


def line(label: str, seconds: list[float], extra: str = "") -> str:
    """A label, a count and p50/p95/max in ms."""
    p50, p95, most = spread(seconds)
    return f"  {label:34s} {len(seconds):7d} {p50:7.0f} {p95:7.0f} {most:7.0f}  {extra}"


def met(seconds: list[float], p95_ms: float, max_ms: float | None = None) -> str:
    """Whether the target is met."""
    _, p95, most = spread(seconds)
    ok = p95 < p95_ms and (max_ms is None or most < max_ms)
    target = f"p95 < {p95_ms:.0f}" + (f", max < {max_ms:.0f}" if max_ms else "")
    return f"({target}: {'met' if ok else 'MISSED'})"


def report(hall: Hall, sampled: dict[str, list[float]], took: float, pk: int) -> None:
    """Print one round's figures."""
    print(f"  {'request class':34s} {'count':>7s} {'p50 ms':>7s} {'p95 ms':>7s} {'max ms':>7s}")
    total = 0
    for kind in sorted(hall.samples):
        got = hall.samples[kind]
        total += len(got)
        bad = Counter(status for _, status in got if status not in (200, 204, 302))
        odd = f"not 200/204/302: {dict(bad)}" if bad else ""
        target = "" if kind.startswith(("refetch", "first")) else met([s for s, _ in got], 300)
        print(line(kind, [s for s, _ in got], f"{target} {odd}".strip()))
    facts = stored_facts(pk)
    changes, lost = changes_of(hall, facts)
    versions = hall.known | versions_heard(hall.screens)
    every = reach(changes, hall.screens, versions)
    print(f"  {len(changes)} changes x {len(hall.screens)} screens:")
    print(line("change -> event", every.event, f"missed {every.missed_event}"))
    print(line("change -> fresh content", every.fresh,
               f"missed {every.missed_fresh} {met(every.fresh, *TARGET_FRESH)}"))  # fmt: skip
    for kind in sorted({s.kind for s in hall.screens}):
        mine = reach(changes, [s for s in hall.screens if s.kind == kind], versions)
        print(line(f"  fresh content: {kind}", mine.fresh, f"missed {mine.missed_fresh}"))
    sent(hall, len(changes), took)
    stale, unknown = stale_fetches(hall.screens, versions)
    print(f"  fetches after an event showing an older version: {stale}; "
          f"showing a revision of unknown version: {unknown}")  # fmt: skip
    print(
        f"  requests per second: {total / took:.0f} ({total} in {took:.1f} s, streams not counted)"
    )
    rss, files, lag = sampled["rss"], sampled["files"], sampled["lag"]
    last = (rss or [0])[-1] / 1024
    cpu = sampled["cpu"]
    busy = (cpu[-1] - cpu[0]) / max(len(cpu) - 1, 1) if len(cpu) > 1 else 0.0
    print(f"  server: RSS max {max(rss, default=0) / 1024:.0f} MB (last {last:.0f} MB), "
          f"open files max {max(files, default=0):.0f}, CPU {100 * busy:.0f} % of a core "
          f"(mean over the run)")  # fmt: skip
    lag50, lag95, lagmax = spread(lag)
    print(f"  clients' event loop woke late: p50 {lag50:.0f} ms, p95 {lag95:.0f} ms, "
          f"max {lagmax:.0f} ms")  # fmt: skip
    acknowledged = sum(p.acknowledged for p in hall.posted)
    duplicated = sum(len(n) - 1 for n in facts.values() if len(n) > 1)
    cut = sum(not p.answered for p in hall.posted)
    print(
        f"  results: {len(hall.posted)} posted ({cut} cut off unanswered, {hall.unfinished} "
        f"tables unfinished), {acknowledged} acknowledged, "
        f"{sum(len(n) for n in facts.values())} stored, lost {lost}, duplicated {duplicated}"
    )


def sent(hall: Hall, changes: int, took: float) -> None:
    """What the screens' refetches cost the hall's Wi-Fi: bytes per refetch (what a viewer
    gets for a change) by kind, per viewer per change, and in all."""
    every = [b for s in hall.screens for b in s.sent]
    for kind in sorted({s.kind for s in hall.screens}):
        mine = sorted(b for s in hall.screens if s.kind == kind for b in s.sent)
        if mine:
            p50, p95 = mine[len(mine) // 2], mine[min(len(mine) - 1, int(len(mine) * 0.95))]
            print(f"  bytes per refetch: {kind:12s} median {p50 / 1024:6.1f} KiB, "
                  f"p95 {p95 / 1024:6.1f} KiB ({len(mine)} refetches)")  # fmt: skip
    per_viewer = sorted(sum(s.sent) / max(changes, 1) for s in hall.screens)
    if per_viewer:
        p50, p95 = per_viewer[len(per_viewer) // 2], per_viewer[int(len(per_viewer) * 0.95)]
        print(f"  bytes per viewer per change: median {p50 / 1024:.1f} KiB, "
              f"p95 {p95 / 1024:.1f} KiB ({len(per_viewer)} viewers)")  # fmt: skip
    viewers = max(len(hall.screens), 1) * max(changes, 1)
    print(f"  bytes to the screens: {sum(every) / 2**20:.1f} MiB in all, "
          f"{sum(every) / viewers / 1024:.1f} KiB per viewer per change, "
          f"{sum(every) / max(took, 1e-9) / 2**20:.2f} MiB/s")  # fmt: skip


def figures(
    title: str, data: Path, url: str, workers: int, players: int, scale: Scale, rounds: str
) -> int:
    """Serve one database and run the hall without and with the printing loops."""
    organiser(USER, PASSWORD)
    port = free_port()
    env = server_env(data, url) | {"TAFELRUNDE_TABLE_ADDRESS_RATE": "100000/m"}
    with Server(port, workers, env, data / "server.log") as server:
        assert server.proc is not None
        orga = Browser(port, USER, PASSWORD)
        for loops in {"hall": (0,), "loops": (LOOPS,)}.get(rounds, (0, LOOPS)):
            made = prepare(players, USER, PASSWORD)
            if not draw(orga, made["pk"], made["seed"]):
                print("  the draw was refused")
                return 1
            tables = table_links(made["pk"], made["forms"], scale.tables)
            with_loops = f", {loops} anonymous loops on the printed ranking" if loops else ""
            print(f"\n{title}: {players} players, {len(tables)} tables, {scale.phones} phones, "
                  f"{scale.projectors} projectors, {scale.seconds:.0f} s{with_loops}; "
                  f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
            start = current(made["pk"])
            cpu = resource.getrusage(resource.RUSAGE_SELF)
            hall, sampled, took = asyncio.run(
                run_hall(port, server.proc.pid, made["pk"], tables, scale, loops, start)
            )
            used = resource.getrusage(resource.RUSAGE_SELF)
            report(hall, sampled, took, made["pk"])
            spent = used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime
            print(f"  clients' CPU: {spent:.1f} s in {took:.1f} s; load after "
                  f"{os.getloadavg()[0]:.1f}")  # fmt: skip
        orga.close()
    return 0


def main() -> int:
    """SQLite, then PostgreSQL if a server is given, each in a process of its own."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("database", nargs="?", choices=("sqlite", "postgresql"))
    parser.add_argument("--quick", action="store_true", help="15 s, 30 tables, 60 phones")
    parser.add_argument("--scale", type=int, choices=(1, 2, 3, 4), help="times the championship")
    parser.add_argument("--workers", type=int, default=2, help="app processes")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--tables", type=int)
    parser.add_argument("--phones", type=int)
    parser.add_argument("--projectors", type=int)
    parser.add_argument("--pg", action="store_true", help="start a private PostgreSQL")
    parser.add_argument("--table-screens", action="store_true", help="table phones follow too")
    rounds = ("both", "hall", "loops")
    parser.add_argument("--rounds", choices=rounds, default="both", help="with loops or not")
    args = parser.parse_args()
    if args.database is None:
        return on_each_database(__file__, args.pg)
    if args.scale is None and not args.quick:  # each scale in a fresh process and database
        again = [sys.executable, __file__, *sys.argv[1:]]
        return max(subprocess.run([*again, "--scale", k], check=False).returncode
                   for k in ("1", "2"))  # fmt: skip
    factor = args.scale or 1
    base = (QUICK if args.quick else FULL).times(factor)
    scale = Scale(
        args.seconds or base.seconds, args.tables or base.tables,
        base.phones if args.phones is None else args.phones,
        base.projectors if args.projectors is None else args.projectors,
        args.table_screens,
    )  # fmt: skip
    return one_database(args, scale, PLAYERS[args.database] * factor)


def one_database(args: argparse.Namespace, scale: Scale, players: int) -> int:
    """The hall on the database named, in a fresh data folder (SQLite) or an emptied one."""
    pg = os.environ.get("TAFELRUNDE_BENCH_PG_URL", "")
    if args.database == "postgresql" and not pg:  # never SQLite under PostgreSQL's name
        return on_each_database(__file__, args.pg, sqlite=False)
    name = "SQLite" if args.database == "sqlite" else "PostgreSQL"
    processes = "1 uvicorn process" if args.workers == 1 else f"{args.workers} uvicorn processes"
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp:
        url = pg if args.database == "postgresql" else ""
        django_on(Path(tmp), url)
        return figures(f"{name} ({processes})", Path(tmp), url, args.workers, players, scale,
                       args.rounds)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
