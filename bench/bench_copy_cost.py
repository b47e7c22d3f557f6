"""What a copy of a shared page costs the server: CPU per request, against a file and against
the least any answer costs, with real uvicorn and a real HTTP client (SQLite).

An 800-player group-mode tournament with its first game drawn and a quarter of its results
in; one app process (as `tafelrunde serve` runs it) with an event stream of the tournament
open, so that its shared pages are kept in front of Django. One client on one kept-alive
connection asks `--requests` times (default 2,000) for each of:

- the overview, the standings and the final ranking as a live page refetches them (naming
  the change it was told of, taking gzip): a copy;
- the same without gzip, and as a first load (no change named);
- a static file (`/static/web/live.js`, through the app);
- the floor: an ASGI app that answers fixed bytes, under the same uvicorn settings.

Printed per kind: the server's CPU (user + system, all its processes) per request in ms, the
client's round trip (median, p95) and the bytes. The server's CPU is read from /proc before
and after, so the client's own work is not counted. Asserts nothing.

Run: python bench/bench_copy_cost.py [--requests 2000]
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import (
    Browser,
    Server,
    draw,
    free_port,
    prepare,
    result_forms,
    rss_and_files,
    server_env,
)

USER, PASSWORD = "orga", "bench-passwort-1"
FLOOR = b"<!doctype html><title>x</title>" + b"x" * 1500


async def floor_app(scope: dict, receive: object, send: object) -> None:  # type: ignore[type-arg]
    """The least any answer costs: fixed bytes, no work."""
    if scope["type"] != "http":
        return
    headers = [(b"content-type", b"text/html; charset=utf-8"),
               (b"content-length", str(len(FLOOR)).encode())]  # fmt: skip
    await send({"type": "http.response.start", "status": 200, "headers": headers})  # type: ignore[operator]
    await send({"type": "http.response.body", "body": FLOOR})  # type: ignore[operator]


class Client:
    """One kept-alive HTTP/1.1 connection that reads whole answers (Content-Length)."""

    def __init__(self, port: int) -> None:
        """Connect."""
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def get(self, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
        """One GET: status, headers (lower-case), body."""
        lines = [f"GET {path} HTTP/1.1", "Host: localhost"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        while b"\r\n\r\n" not in self.buffer:
            self._more()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        first, *rest = head.decode("latin-1").split("\r\n")
        got = {k.lower(): v.strip() for k, v in (ln.split(":", 1) for ln in rest)}
        size = int(got.get("content-length", "0"))
        while len(self.buffer) < size:
            self._more()
        body, self.buffer = self.buffer[:size], self.buffer[size:]
        return int(first.split()[1]), got, body

    def _more(self) -> None:
        """Read what has arrived."""
        chunk = self.sock.recv(1 << 20)
        if not chunk:
            raise ConnectionError("closed")
        self.buffer += chunk

    def stream(self, path: str) -> None:
        """Open an event stream on this connection and leave it open (read its head only)."""
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        while b"\r\n\r\n" not in self.buffer:
            self._more()


def measure(port: int, pid: int, path: str, headers: dict[str, str], n: int
            ) -> tuple[float, float, float, int, str]:  # fmt: skip
    """Server CPU ms per request, round trip p50 and p95 (ms), bytes, how it was served."""
    client = Client(port)
    for _ in range(20):  # warm: the copy is made, the connection settled
        status, got, body = client.get(path, headers)
    served = "copy" if "age" in got else f"{status} app"
    before = rss_and_files(pid)[2]
    trips = []
    for _ in range(n):
        began = time.perf_counter()
        client.get(path, headers)
        trips.append(time.perf_counter() - began)
    used = rss_and_files(pid)[2] - before
    client.sock.close()
    trips.sort()
    return 1000 * used / n, 1000 * trips[n // 2], 1000 * trips[int(n * 0.95)], len(body), served


def main() -> int:
    """Prepare, serve, measure, print."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp:
        data = Path(tmp)
        env = server_env(data)
        os.environ.update(env)
        from loadclient import django_on, organiser

        django_on(data)
        organiser(USER, PASSWORD)
        made = prepare(800, USER, PASSWORD)
        port = free_port()
        with Server(port, 1, env, data / "server.log") as server:
            assert server.proc is not None
            orga = Browser(port, USER, PASSWORD)
            if not draw(orga, made["pk"], made["seed"]):
                print("the draw was refused")
                return 1
            pk = made["pk"]
            forms = result_forms(pk)
            for form in forms[: len(forms) * 3 // 4]:
                orga.post(f"/turniere/{pk}/ergebnis/", form)
            orga.close()
            watcher = Client(port)
            watcher.stream(f"/turniere/{pk}/live/")
            from django.db import close_old_connections

            from tafelrunde.web.core.models import TournamentRecord

            close_old_connections()
            rec = TournamentRecord.objects.get(pk=pk)
            live = {"X-Tafelrunde-Live": "1",
                    "X-Tafelrunde-Revision": f"{rec.revision} {rec.version}"}  # fmt: skip
            gz = {"Accept-Encoding": "gzip, deflate, br"}
            base = f"/turniere/{pk}/"
            kinds = [
                ("overview, live refetch", base, live | gz),
                ("standings, live refetch", base + "stand/", live | gz),
                ("final ranking, live refetch", base + "endstand/", live | gz),
                ("standings, no gzip", base + "stand/", live),
                ("standings, first load", base + "stand/", gz),
                ("static file (live.js)", "/static/web/live.js", gz),
            ]
            print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
                  f"{args.requests} requests each, one connection")  # fmt: skip
            print(f"  {'kind':30s} {'CPU ms/req':>10s} {'p50 ms':>7s} {'p95 ms':>7s} "
                  f"{'bytes':>7s}  served by")  # fmt: skip
            for title, path, headers in kinds:
                cpu, p50, p95, size, served = measure(port, server.proc.pid, path, headers,
                                                      args.requests)  # fmt: skip
                print(f"  {title:30s} {cpu:10.3f} {p50:7.2f} {p95:7.2f} {size:7d}  {served}")
            watcher.sock.close()
        floor(args.requests, data)
    return 0


def floor(n: int, data: Path) -> None:
    """The same client against an app that answers fixed bytes under the same uvicorn."""
    port = free_port()
    here = str(Path(__file__).resolve().parent)
    run = (
        f"import sys, uvicorn; sys.path.insert(0, {here!r}); from tafelrunde.web.core.guard "
        f"import options; uvicorn.run('bench_copy_cost:floor_app', port={port}, **options())"
    )
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "tafelrunde.web.core.settings"}
    with (data / "floor.log").open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-c", run], env=env, stdout=out,
                                stderr=subprocess.STDOUT)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        cpu, p50, p95, size, _ = measure(port, proc.pid, "/", {}, n)
        print(f"  {'floor (fixed bytes, no app)':30s} {cpu:10.3f} {p50:7.2f} {p95:7.2f} "
              f"{size:7d}  uvicorn alone")  # fmt: skip
    finally:
        proc.terminate()
        proc.wait(10)
    print("  (a live refetch's CPU is what one viewer's copy costs the server)")


if __name__ == "__main__":
    sys.exit(main())
