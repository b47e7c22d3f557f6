"""What serving a kept page costs the server: the HTTP parser under the guard (httptools, as
`tafelrunde serve` runs) against uvicorn's h11 (the parser in Python, no guard).

An 800-player tournament on SQLite, one uvicorn process, one event stream open (so the layer
in front vouches for its copies); 20 keep-alive clients ask for the overview, the standings
and the final ranking (gzip, as browsers do) 300 times each, three rounds per server, the
two servers taking turns. Prints requests per second and the server's CPU per request
(utime + stime from /proc). Asserts nothing.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from hallclient import Conn
from loadclient import Server, free_port, prepared, server_env

PLAYERS = 800
CLIENTS, EACH, ROUNDS = 20, 300, 3
USER, PASSWORD = "bench", "bench-passwort"
PARSERS = {  # label: the `http` option given to uvicorn
    "httptools with the guard": "",
    "h11 (uvicorn's, no guard)": "h11",
}


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def rounds(port: int, pk: int, pid: int) -> list[tuple[float, float]]:
    """Requests per second and server CPU µs per request, for each round."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /turniere/{pk}/live/ HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
    await writer.drain()
    await reader.readuntil(b"\r\n\r\n")  # the stream is open: the front vouches for copies
    pages = [f"/turniere/{pk}/", f"/turniere/{pk}/stand/", f"/turniere/{pk}/endstand/"]
    warm = Conn(port)
    for page in pages:
        assert (await warm.request("GET", page)).status == 200
    warm.close()

    async def client(k: int) -> None:
        conn = Conn(port, f"127.1.0.{k + 1}")
        for i in range(EACH):
            answer = await conn.request("GET", pages[i % len(pages)])
            assert answer.status == 200, answer.status
        conn.close()

    figures = []
    for _ in range(ROUNDS):
        began, cpu = time.monotonic(), cpu_seconds(pid)
        await asyncio.gather(*(client(k) for k in range(CLIENTS)))
        took, used = time.monotonic() - began, cpu_seconds(pid) - cpu
        count = CLIENTS * EACH
        figures.append((count / took, used / count * 1e6))
    writer.close()
    return figures


def main() -> int:
    """Serve the same tournament with each parser in turn and print the figures."""
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="tafelrunde-bench-") as tmp:
        env = server_env(Path(tmp))
        pk = prepared(env, PLAYERS, USER, PASSWORD)["pk"]
        print(f"{PLAYERS} players; {CLIENTS} clients x {EACH} GETs of kept pages, per round")
        for turn in range(2):
            for label, http in PARSERS.items():
                server = Server(free_port(), 1, env, Path(tmp) / "server.log")
                server.options = {"http": http} if http else {}
                server.start()
                try:
                    assert server.proc is not None
                    got = asyncio.run(rounds(server.port, pk, server.proc.pid))
                finally:
                    server.stop()
                said = ", ".join(f"{rps:,.0f}/s {us:.0f} µs" for rps, us in got)
                print(f"  turn {turn + 1}, {label:<26} {said} (requests, server CPU each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
