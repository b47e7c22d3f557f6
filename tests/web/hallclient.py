"""Clients of the hall for bench/bench_hall.py and bench/bench_live.py: asyncio HTTP/1.1
connections, an event stream reader, and the matching of a change to the screens that show it.

Standard library only. Every time is `time.monotonic()` of this process's event loop.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import statistics
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import urlencode

NO_ANSWER = 0  # the status of a request the server never answered
SHOWN = (200, 204)  # a fetch's statuses after which its page shows the revision it names
# (204: what the page showed already is what it asked for: the change it was told of)
NO_BODY = (204, 304)
REVISION = re.compile(rb'data-(?:live-)?revision="([0-9a-f]*)"')
VERSION = re.compile(rb'data-(?:live-)?version="([0-9]+)"')
ENTRY = re.compile(rb'name="entry" value="(\d+)"')
MARK = re.compile(rb'name="basis" value="(\d+)">\s*<input type="hidden" name="game" value="(\d+)"')
TOLD = re.compile(rb'<ul class="messages">\s*<li class="([a-z ]*)"')


def page_revision(body: bytes) -> str:
    """The revision a page or the projector's slide list shows ('' if none)."""
    found = REVISION.search(body)
    return found.group(1).decode() if found else ""


def page_version(body: bytes) -> int:
    """The version a page or the projector's slide list shows (-1 if none)."""
    found = VERSION.search(body)
    return int(found.group(1)) if found else -1


def table_mark(body: bytes) -> dict[str, str]:
    """The table's state and game a table page's form was built on (empty if no form)."""
    found = MARK.search(body)
    return {"basis": found.group(1).decode(), "game": found.group(2).decode()} if found else {}


def entry_to_confirm(body: bytes) -> str:
    """The number of the entry a table page offers to confirm ('' if none)."""
    found = ENTRY.search(body)
    return found.group(1).decode() if found else ""


def told(body: bytes) -> str:
    """The kind of the first message a page tells (success, warning, error; '' if none)."""
    found = TOLD.search(body)
    return found.group(1).decode() if found else ""


@dataclass(frozen=True)
class Answer:
    """A response: status, headers (lower-case names), body, and the bytes of the status
    line, the headers and the body as they came over the wire (compressed, if it was)."""

    status: int
    headers: dict[str, list[str]]
    body: bytes
    wire: int = 0

    def header(self, name: str) -> str:
        """The first value of a header ('' if none)."""
        return (self.headers.get(name) or [""])[0]


async def read_answer(reader: asyncio.StreamReader) -> tuple[Answer, bool]:
    """Read one HTTP/1.1 response; tell whether the connection stays open."""
    line = await reader.readline()
    parts = line.split()
    if len(parts) < 2:
        raise ConnectionError("no status line")
    headers: dict[str, list[str]] = {}
    head = len(line) + 2  # and the empty line after the headers
    while (raw := await reader.readline()) not in (b"\r\n", b"\n", b""):
        head += len(raw)
        name, _, value = raw.decode("latin-1").partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    keep = "close" not in (headers.get("connection") or [""])[0].lower()
    if int(parts[1]) in NO_BODY:
        body = b""
    elif "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"][0]))
    elif "chunked" in (headers.get("transfer-encoding") or [""])[0].lower():
        chunks = []
        while size := int((await reader.readline()).split(b";")[0], 16):
            chunks.append(await reader.readexactly(size))
            await reader.readline()
        while (await reader.readline()) not in (b"\r\n", b"\n", b""):
            pass  # trailers
        body = b"".join(chunks)
    else:
        body, keep = await reader.read(), False
    return Answer(int(parts[1]), headers, body, head + len(body)), keep


def unpacked(body: bytes, marks: bool = False) -> bytes:
    """A gzip body unpacked: whole, or with `marks` up to the revision and version it names
    (whole if it names them nowhere)."""
    if not marks:
        return gzip.decompress(body)
    unpack = zlib.decompressobj(wbits=31)
    out = b""
    rest = body
    while rest:
        out += unpack.decompress(rest, 16384)
        rest = unpack.unconsumed_tail
        if REVISION.search(out) and VERSION.search(out):
            return out
    return out + unpack.flush()


class Conn:
    """One device: a keep-alive connection with its own cookies (opened again when closed)."""

    def __init__(self, port: int, source: str = "127.0.0.1") -> None:
        """Remember the port and the device's own address; connect at the first request."""
        self.port, self.source = port, source
        self.cookies: dict[str, str] = {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        fields: dict[str, str] | None = None,
        live: str = "",
        digest: str = "",
        marks: bool = False,
    ) -> Answer:
        """Send a request (a form with the CSRF token from the cookie); NO_ANSWER if lost.
        `live`: the change a page's refetch asks for ("revision version"), as live.js says it;
        `digest`: of what the page shows (named by its last answer), as live.js sends it;
        `marks`: the whole answer is read, but only its start is unpacked, up to the revision
        and version it names (unpacking the rest is the screen's own work, not the server's)."""
        head = {"Host": "localhost", "Referer": "http://localhost/", "Accept-Encoding": "gzip"}
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if live:
            head["X-Tafelrunde-Live"] = "1"  # as live.js asks
            head["X-Tafelrunde-Revision"] = live
        if digest:
            head["X-Tafelrunde-Digest"] = digest
        body = b""
        if fields is not None:
            token = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            body = urlencode(token | fields).encode()
            head["Content-Type"] = "application/x-www-form-urlencoded"
        head["Content-Length"] = str(len(body))
        text = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in head.items())
        try:
            if self.writer is None or self.writer.is_closing():
                self.reader, self.writer = await asyncio.open_connection(
                    "127.0.0.1", self.port, local_addr=(self.source, 0)
                )
            assert self.reader is not None
            self.writer.write(text.encode("latin-1") + b"\r\n" + body)
            await self.writer.drain()
            answer, keep = await read_answer(self.reader)
        except (OSError, asyncio.IncompleteReadError, ValueError):
            self.close()
            return Answer(NO_ANSWER, {}, b"")
        for cookie in answer.headers.get("set-cookie", []):
            name, _, value = cookie.split(";")[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        if not keep:
            self.close()
        if answer.header("content-encoding") == "gzip":  # as a browser, which asks for it
            body = unpacked(answer.body, marks)
            answer = Answer(answer.status, answer.headers, body, answer.wire)
        return answer

    def close(self) -> None:
        """Hang up (the next request connects again)."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class EventParser:
    """Server-Sent Events read line by line: a finished event comes back as (name, data)."""

    def __init__(self) -> None:
        """Start between two events."""
        self.name, self.data = "message", ""

    def feed(self, line: str) -> tuple[str, str] | None:
        """Take one line (without its end); return the event it ends, if any."""
        line = line.rstrip("\r\n")
        if not line:
            done = (self.name, self.data) if self.data or self.name != "message" else None
            self.name, self.data = "message", ""
            return done
        if line.startswith("event:"):
            self.name = line[6:].strip()
        elif line.startswith("data:"):
            self.data += line[5:].strip()
        return None


def change_of(data: str) -> tuple[str, int]:
    """The revision and version an event's data names."""
    said = json.loads(data)
    return str(said["revision"]), int(said["version"])


@dataclass
class Screen:
    """What one screen heard and fetched: events (arrival, revision, version) and fetches
    (start, end, revision shown, status)."""

    kind: str
    events: list[tuple[float, str, int]] = field(default_factory=list)
    fetches: list[tuple[float, float, str, int]] = field(default_factory=list)
    sent: list[int] = field(default_factory=list)  # each refetch's bytes on the wire (its
    # answer's status line, headers and body)
    shown: dict[str, int] = field(default_factory=dict)  # revisions fetched, with their version
    opened: bool = False
    status: int = 0  # of the stream's last answer
    ended: int = 0  # how often the stream ended (then it is opened again)


async def follow(
    port: int,
    pk: int,
    screen: Screen,
    revision: str,
    on_change: asyncio.Queue[str],
    source: str = "127.0.0.1",
) -> None:
    """Hold the tournament's event stream like a browser (reconnecting with the revision
    known); put each change not yet known into the queue ("revision version")."""
    parser = EventParser()
    while True:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            await asyncio.sleep(1.0)
            continue
        try:
            writer.write(f"GET /turniere/{pk}/live/?rev={revision} HTTP/1.0\r\nHost: localhost"
                         "\r\nAccept: text/event-stream\r\n\r\n".encode())  # fmt: skip
            await writer.drain()
            head = (await reader.readline()).split()
            screen.status = int(head[1]) if len(head) > 1 else NO_ANSWER
            while (await reader.readline()).strip():
                pass  # the headers
            screen.opened = True
            while raw := await reader.readline():
                heard = parser.feed(raw.decode())
                if heard is None or heard[0] != "change":
                    continue
                now = time.monotonic()
                new, version = change_of(heard[1])
                screen.events.append((now, new, version))
                if new != revision:
                    revision = new
                    on_change.put_nowait(f"{new} {version}")
        except (OSError, ValueError, KeyError):
            pass
        finally:
            writer.close()
        screen.ended += 1
        await asyncio.sleep(1.0)  # the stream's retry


async def refresh(
    conn: Conn,
    path: str,
    screen: Screen,
    changes: asyncio.Queue[str],
    shown: str,
    record: Callable[[float, int], None] = lambda seconds, status: None,
) -> None:
    """Fetch `path` again on each change, as live.js and projector.js do: one fetch at a time
    and one more if changes came meanwhile, sending the digest the last answer named ("204
    No Content" while the page is the same); after a failed fetch again 3 s later. The
    projector (a slide list) skips a change its slides already show."""
    digest = ""
    while True:
        wanted = await changes.get()
        while not changes.empty():
            wanted = changes.get_nowait()
        if screen.kind == "projector" and wanted.split()[0] == shown:
            continue
        start = time.monotonic()
        answer = await conn.request("GET", path, live=wanted, digest=digest, marks=True)
        end = time.monotonic()
        record(end - start, answer.status)
        if answer.status == 200:
            shown, digest = page_revision(answer.body), answer.header("x-tafelrunde-digest")
            screen.shown[shown] = page_version(answer.body)
        elif answer.status == 204:  # the page shows the change it was told of
            shown, version = wanted.split()
            screen.shown[shown] = int(version)
        screen.fetches.append((start, end, shown, answer.status))
        screen.sent.append(answer.wire)
        if answer.status not in SHOWN:
            await asyncio.sleep(3.0)
            changes.put_nowait(wanted)  # the same change again


@dataclass(frozen=True)
class Change:
    """A change made by a request: the fact it stored and when its request started."""

    n: int
    posted: float


@dataclass
class Reach:
    """How far one change got: seconds to the event, and to fresh content, per screen."""

    event: list[float] = field(default_factory=list)
    fresh: list[float] = field(default_factory=list)
    missed_event: int = 0
    missed_fresh: int = 0


def versions_heard(screens: Iterable[Screen]) -> dict[str, int]:
    """Every revision any screen heard of or fetched (the page names its version), with its
    version (a change that came close after another is told with it, as the newer one)."""
    return {rev: version for s in screens for rev, version in [*s.shown.items(),
            *((rev, version) for _, rev, version in s.events)]}  # fmt: skip


def reach(changes: list[Change], screens: list[Screen], versions: dict[str, int]) -> Reach:
    """For each change and screen: the first event naming that fact or a later one, and the
    first fetch that ended showing it or a later one (a revision of unknown version counts
    as not showing it)."""
    out = Reach()
    for screen in screens:
        events = sorted(screen.events)
        shown = sorted((end, versions.get(rev, -1)) for _, end, rev, status in screen.fetches
                       if status in SHOWN)  # fmt: skip
        for change in changes:
            heard = next((at for at, _, v in events if v >= change.n), None)
            seen = next((at for at, v in shown if v >= change.n), None)
            if heard is None:
                out.missed_event += 1
            else:
                out.event.append(heard - change.posted)
            if seen is None:
                out.missed_fresh += 1
            else:
                out.fresh.append(seen - change.posted)
    return out


def stale_fetches(screens: Iterable[Screen], versions: dict[str, int]) -> tuple[int, int]:
    """Fetches that started after an event but showed an older version, and fetches that
    showed a revision no screen heard of."""
    stale = unknown = 0
    for screen in screens:
        for start, _, rev, status in screen.fetches:
            if status not in SHOWN:
                continue
            if rev not in versions:
                unknown += 1
                continue
            before = [v for at, _, v in screen.events if at <= start]
            stale += bool(before) and versions[rev] < max(before)
    return stale, unknown


def spread(seconds: list[float]) -> tuple[float, float, float]:
    """p50, p95 and max in milliseconds (nan if none)."""
    if not seconds:
        return float("nan"), float("nan"), float("nan")
    if len(seconds) == 1:
        return seconds[0] * 1000, seconds[0] * 1000, seconds[0] * 1000
    cuts = statistics.quantiles(seconds, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[94] * 1000, max(seconds) * 1000
