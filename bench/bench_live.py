"""The live event stream under a crowd: 500 open streams on one SQLite process, 1,000 over
two PostgreSQL processes, and how fast a result entered by the organiser reaches them all.

A group-mode tournament of 40 players (10 tables, game 1 drawn) is watched by every client
(`GET /turniere/N/live/`, read by raw asyncio connections in this process); on each change a
client fetches the overview again as live.js does (one fetch at a time, one more if changes
came meanwhile). The organiser posts the 10 results through process A, one after another;
for each the bench takes the time from the POST's start until each client *has the new
content* (the event plus the fetch that follows, ending with a page that shows the new
revision) and, as before, until the event alone arrived; it prints p50/p95/max of both
(target p95 < 1 s for the fresh content) and how many clients missed them (nothing within
10 s). The event alone is not what a person sees: it says only that something changed.
Server memory per open stream: VmRSS of the server processes before and after the clients
connect, divided by the clients. Result entry (POST) latency is measured twice: on a second
tournament of the same size before any stream is open, and on the watched one with every
client listening. The clients run in this process's one event loop on the same machine: an
event's arrival is stamped when that loop reads it, so the later clients of a crowd include
the time the loop spent on the earlier ones.

PostgreSQL runs when TAFELRUNDE_BENCH_PG_URL names a server (`python3 make.py bench` starts a
private one) or with `--pg` (a private throw-away cluster like make.py's). `--quick`: 50
clients. Asserts nothing; exits 1 only if a client missed an event or its
fresh content, or a stream did not open.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from hallclient import SHOWN, Conn, Screen, change_of, refresh
from loadclient import (
    Browser,
    Server,
    device,
    django_on,
    draw,
    free_port,
    on_each_database,
    percentiles,
    prepare,
    server_env,
)

ROOT = Path(__file__).resolve().parents[1]

PLAYERS = 40  # 10 tables of 4
RESULTS = 10  # results entered per tournament (of its first draw)
USER, PASSWORD = "bench", "bench-passwort"
TARGET = 1.0  # s, p95 from the POST's start to the fresh content at a client
MISSED_AFTER = 10.0  # s without the event (or the fresh content): the client missed it
OPEN_BATCH = 50  # connections opened at once
PAUSE = 0.3  # s between two results


@dataclass
class Client:
    """One open event stream: the version and arrival (time.monotonic) of every event, and
    the overview fetched again after each (its screen)."""

    port: int
    source: str = "127.0.0.1"  # the device's own address (streams per address are capped)
    status: int = 0
    events: list[tuple[int, float]] = field(default_factory=list)
    ended: bool = False
    task: asyncio.Task[None] | None = None
    writer: asyncio.StreamWriter | None = None
    screen: Screen = field(default_factory=lambda: Screen("overview"))
    changes: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    fetcher: asyncio.Task[None] | None = None

    def newest(self) -> int:
        """The newest version heard (-1: none yet)."""
        return self.events[-1][0] if self.events else -1

    def heard_after(self, version: int) -> float | None:
        """When the first event with a version above `version` arrived (None: not yet)."""
        return next((at for v, at in self.events if v > version), None)

    def fresh_after(self, version: int, versions: dict[str, int]) -> float | None:
        """When the first fetch ended showing a version above `version` (None: not yet)."""
        return next((end for _, end, rev, status in self.screen.fetches
                     if status in SHOWN and versions.get(rev, -1) > version), None)  # fmt: skip


async def listen(client: Client, pk: int, opened: asyncio.Event) -> None:
    """Open the stream (HTTP/1.0: no chunks, the body is the events) and read it."""
    try:
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", client.port, local_addr=(client.source, 0)
        )
        client.writer = writer
        writer.write(f"GET /turniere/{pk}/live/ HTTP/1.0\r\nHost: localhost\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())  # fmt: skip
        await writer.drain()
        head = (await reader.readline()).split()
        client.status = int(head[1]) if len(head) > 1 else 0
        while (await reader.readline()).strip():
            pass  # the headers
        opened.set()
        name, data = "message", ""
        while raw := await reader.readline():
            line = raw.decode().rstrip("\r\n")
            if not line:
                if name == "change" and data:
                    revision, version = change_of(data)
                    now = time.monotonic()
                    client.events.append((version, now))
                    client.screen.events.append((now, revision, version))
                    client.changes.put_nowait(f"{revision} {version}")  # live.js fetches again
                name, data = "message", ""
            elif line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data += line[5:].strip()
    except (OSError, ValueError, IndexError, KeyError):
        pass
    finally:
        opened.set()
        client.ended = True


async def open_all(ports: list[int], pk: int, count: int) -> list[Client]:
    """Open `count` streams, spread over the ports in turn, OPEN_BATCH at a time."""
    clients = [Client(ports[k % len(ports)], device(k)) for k in range(count)]
    for first in range(0, count, OPEN_BATCH):
        batch = clients[first : first + OPEN_BATCH]
        flags = [asyncio.Event() for _ in batch]
        for client, flag in zip(batch, flags, strict=True):
            client.task = asyncio.create_task(listen(client, pk, flag))
            page = f"/turniere/{pk}/"
            fetch = refresh(Conn(client.port), page, client.screen, client.changes, "")
            client.fetcher = asyncio.create_task(fetch)
        await asyncio.wait_for(asyncio.gather(*(f.wait() for f in flags)), 60)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and any(not c.events and not c.ended for c in clients):
        await asyncio.sleep(0.05)  # every stream says the current version first
    return clients


async def close_all(clients: list[Client]) -> None:
    """Hang up every stream."""
    for client in clients:
        if client.writer is not None:
            client.writer.close()
        for task in (client.task, client.fetcher):
            if task is not None:
                task.cancel()
    tasks = [t for c in clients for t in (c.task, c.fetcher) if t is not None]
    await asyncio.gather(*tasks, return_exceptions=True)


def rss_kb(pid: int) -> int:
    """VmRSS of a process and all its descendants, in kB."""
    total, todo = 0, [pid]
    while todo:
        one = todo.pop()
        with contextlib.suppress(OSError):
            status = Path(f"/proc/{one}/status").read_text()
            total += int(next(ln.split()[1] for ln in status.splitlines()
                              if ln.startswith("VmRSS:")))  # fmt: skip
        for task in Path(f"/proc/{one}/task").glob("*/children"):
            with contextlib.suppress(OSError):
                todo += [int(c) for c in task.read_text().split()]
    return total


def post_results(organiser: Browser, pk: int, forms: list[dict[str, str]]) -> list[float]:
    """Post results one after another (no listener waits); the seconds of each POST."""
    took = []
    for form in forms:
        start = time.perf_counter()
        status, _ = organiser.post(f"/turniere/{pk}/ergebnis/", form)
        took.append(time.perf_counter() - start)
        if status != 302:
            raise RuntimeError(f"result refused: {status}")
        time.sleep(PAUSE)
    return took


def timed_post(organiser: Browser, pk: int, form: dict[str, str]) -> tuple[int, float]:
    """Post one result; its status and seconds, timed in the posting thread (the event loop
    reading the streams may be busy when the answer comes)."""
    start = time.monotonic()
    status, _ = organiser.post(f"/turniere/{pk}/ergebnis/", form)
    return status, time.monotonic() - start


@dataclass
class Watched:
    """Per result: the POST's seconds, the seconds from its start to the event and to the
    fresh content at each client, and how many clients missed either."""

    posts: list[float] = field(default_factory=list)
    delays: list[list[float]] = field(default_factory=list)
    missed: list[int] = field(default_factory=list)
    fresh: list[list[float]] = field(default_factory=list)
    stale: list[int] = field(default_factory=list)


async def watched_results(
    organiser: Browser, pk: int, forms: list[dict[str, str]], clients: list[Client]
) -> Watched:
    """Post each result and wait for its event and then its fresh content at every client."""
    out = Watched()
    live = [c for c in clients if c.events]
    for form in forms:
        before = max(c.newest() for c in live)
        start = time.monotonic()
        status, took = await asyncio.to_thread(timed_post, organiser, pk, form)
        out.posts.append(took)
        if status != 302:
            raise RuntimeError(f"result refused: {status}")
        deadline = start + MISSED_AFTER
        while time.monotonic() < deadline and any(c.heard_after(before) is None for c in live):
            await asyncio.sleep(0.01)
        arrived = [c.heard_after(before) for c in live]
        out.delays.append([at - start for at in arrived if at is not None])
        out.missed.append(sum(at is None for at in arrived) + len(clients) - len(live))
        versions = {rev: v for c in live for _, rev, v in c.screen.events}
        while time.monotonic() < deadline and any(
            c.fresh_after(before, versions) is None for c in live
        ):
            await asyncio.sleep(0.01)
        seen = [c.fresh_after(before, versions) for c in live]
        out.fresh.append([at - start for at in seen if at is not None])
        out.stale.append(sum(at is None for at in seen) + len(clients) - len(live))
        await asyncio.sleep(PAUSE)
    return out


def ms(seconds: list[float]) -> str:
    """p50/p95/max in ms."""
    if not seconds:
        return f"{'-':>6s} {'-':>6s} {'-':>6s}"
    p50, p95, _ = percentiles(seconds)
    return f"{p50:6.0f} {p95:6.0f} {max(seconds) * 1000 if seconds else float('nan'):6.0f}"


def figures(title: str, data: Path, url: str, servers: int, count: int) -> int:
    """Prepare, serve, measure and print one database's figures; 1 if a client missed out."""
    quiet, watched = (prepare(PLAYERS, USER, PASSWORD) for _ in range(2))
    for made in (quiet, watched):
        made["forms"] = made["forms"][:RESULTS]
    env = server_env(data, url)
    ports = [free_port() for _ in range(servers)]
    with contextlib.ExitStack() as stack:
        procs = [stack.enter_context(Server(p, 1, env, data / f"server-{p}.log")) for p in ports]
        organiser = Browser(ports[0], USER, PASSWORD)
        for made in (quiet, watched):
            if not draw(organiser, made["pk"], made["seed"]):
                raise RuntimeError("the draw was refused")
        alone = post_results(organiser, quiet["pk"], quiet["forms"])
        pids = [s.proc.pid for s in procs if s.proc is not None]
        before = [rss_kb(pid) for pid in pids]

        async def run() -> tuple[Any, ...]:
            opened = time.monotonic()
            clients = await open_all(ports, watched["pk"], count)
            took = time.monotonic() - opened
            await asyncio.sleep(1.0)
            after = [rss_kb(pid) for pid in pids]
            measured = await watched_results(organiser, watched["pk"], watched["forms"], clients)
            await close_all(clients)
            return clients, took, after, measured

        clients, took, after, watched_ = asyncio.run(run())
        organiser.close()
    streaming = [c for c in clients if c.status == 200 and c.events]
    print(f"\n{title}: {count} clients, tournament of {PLAYERS} players "
          f"({len(watched['forms'])} results entered), load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"  streams open: {len(streaming)} of {count} (in {took:.1f} s); statuses "
          f"{sorted({c.status for c in clients})}")  # fmt: skip
    posts, delays, missed = watched_.posts, watched_.delays, watched_.missed
    fresh, stale = watched_.fresh, watched_.stale
    print("  ms from the POST's start until each client has the new content (event + the fetch")
    print("  of the page that follows), and until the event alone arrived (the former figure):")
    print("               fresh content               | event only (not what a person sees)")
    print("  result  POST ms     p50    p95    max  missed |    p50    p95    max  missed")
    rows = zip(posts, fresh, stale, delays, missed, strict=True)
    for k, (post, seen, late, delay, miss) in enumerate(rows, 1):
        print(f"  {k:6d} {post * 1000:8.0f}  {ms(seen)} {late:7d} | {ms(delay)} {miss:7d}")
    every = [d for delay in delays for d in delay]
    shown = [d for seen in fresh for d in seen]
    p95 = percentiles(shown)[1] / 1000
    print(f"  all    {' ' * 8}  {ms(shown)} {sum(stale):7d} | {ms(every)} {sum(missed):7d}")
    print(f"  fresh content p95 < {TARGET:.0f} s: {'met' if p95 < TARGET else 'MISSED'}")
    for pid, was, now in zip(pids, before, after, strict=True):
        print(f"  server pid {pid}: VmRSS {was / 1024:.1f} MB -> {now / 1024:.1f} MB")
    grown = sum(after) - sum(before)
    print(f"  memory per open stream: {grown / max(len(streaming), 1):.1f} kB "
          f"({grown / 1024:.1f} MB for {len(streaming)} streams)")  # fmt: skip
    a50, a95, _ = percentiles(alone)
    w50, w95, _ = percentiles(posts)
    print(f"  result POST, no listeners:        p50 {a50:5.0f} ms, p95 {a95:5.0f} ms")
    print(f"  result POST, {len(streaming):4d} listening:    p50 {w50:5.0f} ms, p95 {w95:5.0f} ms")
    return 1 if sum(missed) or sum(stale) or len(streaming) != count else 0


def main() -> int:
    """Run on SQLite, then on PostgreSQL if a server is given, each in a process of its own."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", choices=("sqlite", "postgresql"))
    parser.add_argument("--quick", action="store_true", help="50 clients")
    parser.add_argument("--clients", type=int, help="clients (default 500 / 1000, quick 50)")
    parser.add_argument("--pg", action="store_true", help="start a private PostgreSQL")
    args = parser.parse_args()
    pg = os.environ.get("TAFELRUNDE_BENCH_PG_URL", "")
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp:
        if args.database == "sqlite":
            django_on(Path(tmp))
            count = args.clients or (50 if args.quick else 500)
            return figures("SQLite (1 uvicorn process)", Path(tmp), "", 1, count)
        if args.database == "postgresql" and not pg:  # never SQLite under PostgreSQL's name
            return on_each_database(__file__, args.pg, sqlite=False)
        if args.database == "postgresql":
            django_on(Path(tmp), pg)
            count = args.clients or (50 if args.quick else 1000)
            title = "PostgreSQL (2 uvicorn processes, results through A, clients on A and B)"
            return figures(title, Path(tmp), pg, 2, count)
    return on_each_database(__file__, args.pg)


if __name__ == "__main__":
    sys.exit(main())
