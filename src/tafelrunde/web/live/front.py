"""Shared pages served before Django: a crowd after a change costs one pass through Django.

A page Django serves as shared by every visitor who is not logged in (`core.shared`) names
its tournament in a private header (taken off here, whoever asked). This layer keeps the
finished answer (status, headers, bytes) under (address, query, language) and serves it to
the next such visitor straight from the event loop, without a thread, middleware or a
database query, for as long as it is surely current:

- the hub hears every change of the tournament (its listener or poller runs and streams of
  it are open) and heard none since the answer was begun;
- nothing else was saved since (an event's name, the club's look), in this process or, on
  SQLite, in another that told it so (`peers`);
- it is younger than `FRESH_SECONDS` (what another process changed besides the tournament
  without telling this one, e.g. on PostgreSQL, shows after that at the latest);
- writing works (otherwise every page carries the banner that says why).

A live page that refetches after an event names the change it was told of (revision and
version): a copy of that change or a later one will do for it, however many came since (it
is told of those too), and none older, even while this process has not heard of the change
yet (it was made through another process).

Anything else that Django may answer with such a copy goes to Django as before, one visitor
per page at a time: the others wait and take its answer if it was begun after they came (it
shows everything changed before they asked) or shows the change they ask for, else the next
one's; at most `MAKERS_INSIDE` of these pass the makers' door at once, so that a table's
result never waits behind them. Every other request goes to Django directly and never waits
at that door: visitors with a login, a message pending or any cookie but the CSRF and
language ones, a request with a body, a header given twice or a Cookie or Accept-Language
header longer than this layer reads (Django may read another login or language there), an
address whose view keeps no copy here (a download: kept by Django per revision), and a query
that view does not share (`core.shared.fronts`).
A browser that takes gzip gets the copy compressed (made once per copy), also the visitor
for whom Django made it.

The app processes of one database share what they make (`shelf`): a copy is also kept as a
file, and a live page asking a process for a change another process has made the page of
gets that file's copy; while another process is making the page, it waits for the file.

Each copy names a digest of what it shows (`X-Tafelrunde-Digest`: the page but for what
changes with every change and shows nothing, under its address, query and language). A live
page that sends the digest of what it shows gets "204 No Content" when the copy that would
serve it names the same: a change elsewhere then costs a viewer a few hundred bytes. A
request that sends none is answered as before.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, parse_cookie
from django.urls import Resolver404, resolve
from django.utils.translation import get_language_from_request

from tafelrunde.web.core import storage
from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.shared import FRONT_HEADER, SHARED_BYTES, fronts
from tafelrunde.web.live import shelf
from tafelrunde.web.live.hub import HUB, SITE, Hub
from tafelrunde.web.live.stream import REVISION, allowed_host

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

FRESH_SECONDS = 3.0  # a copy is checked by Django again after this long
ELSEWHERE_SECONDS = 5.0  # how long a live page waits for another process making its page
LOOK_SECONDS = 0.01  # how often it looks meanwhile
WAIT_SECONDS = 10.0  # how long a visitor waits for the one making the page, at most
PACK_LEVEL = 5  # gzip's effort: a fifth to a tenth of the bytes, a few milliseconds per page
WAITS = 3  # makings waited for at most (one begun earlier, then one begun after it came)
LONGEST_PATH = 300  # characters of address and query; longer ones go to Django
LONGEST_COOKIES = 4096  # bytes of the Cookie header read here; a longer one goes to Django
LONGEST_LANGUAGES = 200  # bytes of Accept-Language read here; a longer one goes to Django
MARKER = FRONT_HEADER.lower().encode()
HARMLESS_COOKIES = frozenset({settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME})
DIGEST = b"x-tafelrunde-digest"  # what a page shows: named by its answer, sent back by it
DIGEST_ASKED = b"X-Tafelrunde-Digest"  # in Vary: the answer depends on it (200 or 204)
DIGEST_FORM = re.compile(rb"[0-9a-f]{32}")
# what changes with every change but shows nothing: the revision and version a page names
# (its stream and refetches ask with them) and when the projector's slides were made (their
# clocks' read seconds, which do show, change with it)
SHOWS_NOTHING = re.compile(
    rb'data-(?:live-)?(?:revision="[0-9a-f]*"|version="[0-9]*")|data-made-at="[0-9]*"'
)


@dataclass(frozen=True)
class Copy:
    """A finished answer and what it was current for."""

    pk: int
    revision: str  # the tournament's revision it shows
    version: int  # and version
    heard: int  # the hub's number of the tournament's latest change (-1: unknown)
    site: int
    made: float  # when its request went to Django: it shows every change made before
    headers: tuple[tuple[bytes, bytes], ...]
    body: bytes
    packed: bytes = b""  # the body compressed (gzip), for the browsers that take it
    digest: bytes = b""  # of what the page shows (`shown_digest`)

    def answer(self, gzip_ok: bool, kept: bool = True) -> tuple[list[tuple[bytes, bytes]], bytes]:
        """The headers and body to send: compressed when the browser takes it; `kept` False:
        the answer Django made just now (no Age)."""
        headers = [(n, v) for n, v in self.headers if n.lower() not in (b"content-length", b"vary")]
        vary = [v for n, v in self.headers if n.lower() == b"vary"]
        packed = gzip_ok and bool(self.packed)
        body = self.packed if packed else self.body
        headers += [
            (b"content-length", str(len(body)).encode()),
            *([(b"content-encoding", b"gzip")] if packed else []),
            (b"vary", b", ".join([*vary, *([b"Accept-Encoding"] if packed else []), DIGEST_ASKED])),
            (DIGEST, self.digest),
        ]
        return headers + self._age(kept), body

    def unchanged(self, kept: bool = True) -> list[tuple[bytes, bytes]]:
        """The headers of "204 No Content": the copy's, without those of a body."""
        body_only = (b"content-length", b"content-type", b"content-language", b"vary")
        vary = [v for n, v in self.headers if n.lower() == b"vary"]
        return [*((n, v) for n, v in self.headers if n.lower() not in body_only),
                (b"vary", b", ".join([*vary, DIGEST_ASKED])), (DIGEST, self.digest),
                *self._age(kept)]  # fmt: skip

    def _age(self, kept: bool) -> list[tuple[bytes, bytes]]:
        """The Age header of an answer from the kept copy, as a cache says (RFC 9111); none
        for the answer Django made just now."""
        return [(b"age", str(int(time.monotonic() - self.made)).encode())] if kept else []


def packed(body: bytes) -> bytes:
    """The body compressed, once per copy (a shared page holds nothing secret, so nothing for
    compression to betray); nothing for a short one."""
    return gzip.compress(body, compresslevel=PACK_LEVEL, mtime=0) if len(body) > 1024 else b""


def shown_digest(key: tuple[str, bytes, str], body: bytes) -> bytes:
    """A digest of what a page shows: its address, query and language, and its body but for
    the parts that change with every change and show nothing (`SHOWS_NOTHING`)."""
    found = hashlib.blake2b(repr(key).encode(), digest_size=16)
    found.update(SHOWS_NOTHING.sub(b"", body))
    return found.hexdigest().encode()


def digest_seen(scope: Scope) -> bytes:
    """The digest of what the asking page shows (live.js sends it); b"": none."""
    for name, value in scope.get("headers") or []:
        if name == DIGEST and DIGEST_FORM.fullmatch(value):
            return bytes(value)
    return b""


def takes_gzip(scope: Scope) -> bool:
    """Say whether the browser takes a gzip-compressed answer (Accept-Encoding)."""
    for name, value in scope.get("headers") or []:
        if name == b"accept-encoding":
            for part in value[:200].lower().split(b","):
                coding, _, weight = part.strip().partition(b";")
                if coding == b"gzip":
                    return weight.replace(b" ", b"") not in (b"q=0", b"q=0.0", b"q=0.00")
    return False


def _size(copy: Copy) -> int:
    """What a kept copy costs."""
    return len(copy.body) + len(copy.packed) + 64 * len(copy.headers) + 320


COPIES: Kept[tuple[str, bytes, str], Copy] = Kept(SHARED_BYTES // 2, size=_size, makers=4096)
MAKING: dict[tuple[str, bytes, str], asyncio.Event] = {}
MAKERS_INSIDE = 1  # shared pages being made in Django at once, at most: the other slots stay
# free for what a table sends and for organisers (a render takes tens of milliseconds). One
# rather than two, measured with the hall bench (800 players, SQLite): the tables' requests
# p95 130-260 against 210-280 ms, fresh content on the screens alike (p95 560-680 ms).
_DOORS: dict[int, asyncio.Semaphore] = {}  # per event loop


def _shown_change(parts: list[str]) -> tuple[str, int] | None:
    """A change as "revision version" names it; None: not one."""
    if len(parts) != 2 or not REVISION.fullmatch(parts[0]):
        return None
    if not (parts[1].isascii() and parts[1].isdigit() and len(parts[1]) <= 12):
        return None
    return parts[0], int(parts[1])


def wanted(scope: Scope) -> tuple[str, int] | None:
    """The change a live page asks for (live.js says which it was told of); None: none."""
    for name, value in scope.get("headers") or []:
        if name == b"x-tafelrunde-revision":
            return _shown_change(value[:100].decode("latin-1").split())
    return None


def will_do(copy: Copy, asked: tuple[str, int] | None, arrived: float, hub: Hub) -> bool:
    """Say whether the copy will do for a request: it was begun after the request came (it
    shows every change made before), or it shows the change the page asks for or a later
    one; else, for a request that names no change, whether it is surely current."""
    if copy.made >= arrived:
        return True
    if asked is not None:  # told of a change this process may not have heard of yet
        revision, version = asked
        return copy.version > version or (copy.version, copy.revision) == (version, revision)
    return current(copy, hub)


def key_of(scope: Scope) -> tuple[str, bytes, str] | None:
    """The key of a request that may be served here; None: it goes to Django."""
    if scope["type"] != "http" or scope.get("method") != "GET":
        return None
    path: str = scope.get("path", "")
    query: bytes = scope.get("query_string", b"")
    if len(path) + len(query) > LONGEST_PATH or not path.startswith("/turniere/"):
        return None
    if not kept_in_front(path, query):
        return None  # never made into a copy here: straight to Django, past the makers' door
    sent = scope.get("headers") or []
    headers = dict(sent)
    if len(headers) != len(sent):
        return None  # a header given twice: Django reads its values joined, this layer one
    if settings.HTTPS and headers.get(b"x-forwarded-proto") != b"https":
        return None  # Django sends it to HTTPS
    if headers.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in headers:
        return None  # a body (never sent, perhaps) is this visitor's own
    cookie, accepted = headers.get(b"cookie", b""), headers.get(b"accept-language", b"")
    if len(cookie) > LONGEST_COOKIES or len(accepted) > LONGEST_LANGUAGES:
        return None  # read in part here, Django could read another language or a login
    cookies = parse_cookie(cookie.decode("latin-1"))
    if not HARMLESS_COOKIES.issuperset(cookies) or not allowed_host(scope):
        return None
    request = HttpRequest()
    request.COOKIES = cookies
    request.META["HTTP_ACCEPT_LANGUAGE"] = accepted.decode("latin-1")
    return path, query, get_language_from_request(request)


def kept_in_front(path: str, query: bytes) -> bool:
    """Say whether Django may answer this address and query with a copy kept here (for a
    visitor who shares it): only such requests wait at the makers' door."""
    try:
        return fronts(_view_of(path), query.decode())
    except UnicodeDecodeError:
        return False


_VIEWS: Kept[str, Callable[..., Any]] = Kept(4096)  # by address: the view that answers it


def _view_of(path: str) -> Callable[..., Any]:
    """The view that answers the address (a plain function for an unknown one)."""
    return _VIEWS.get(path, lambda: _resolved(path))


def _resolved(path: str) -> Callable[..., Any]:
    """Find the view of an address."""
    try:
        return resolve(path).func
    except Resolver404:
        return _resolved


def current(copy: Copy, hub: Hub) -> bool:
    """Say whether the copy surely still shows what Django would make now."""
    return (
        copy.heard >= 0
        and hub.known(copy.pk) is not None
        and hub.mark(copy.pk) == copy.heard
        and SITE["saved"] == copy.site
        and time.monotonic() - copy.made < FRESH_SECONDS
        and storage.fine_now()
    )


async def _replay(copy: Copy, scope: Scope, send: Send, kept: bool = True) -> None:
    """Send the copy's answer; "204 No Content" to a page that shows the same already."""
    seen = digest_seen(scope)
    if seen and seen == copy.digest:
        status, (headers, body) = 204, (copy.unchanged(kept), b"")
    else:
        status, (headers, body) = 200, copy.answer(takes_gzip(scope), kept)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


class Taking:
    """Passes Django's answer on (without the private header); a shared one it keeps as a
    copy and sends once whole, as the copy is sent (compressed, or "204 No Content")."""

    def __init__(self, send: Send, hub: Hub, done: Callable[[Copy | None], None],
                 scope: Scope, key: tuple[str, bytes, str]) -> None:  # fmt: skip
        """Note what the hub had heard when the request began; `done` takes the copy (None:
        not shared) before the answer's end is sent, so the next visitor finds it."""
        self.send = send
        self.scope = scope
        self.key = key
        self.done = done
        self.hub = hub
        self.heard_before = hub.counter
        self.site = SITE["saved"]
        self.began = time.monotonic()
        self.pk = 0
        self.revision = ""
        self.version = 0
        self.headers: tuple[tuple[bytes, bytes], ...] = ()
        self.body: list[bytes] = []

    async def __call__(self, message: Message) -> None:
        """Pass on one message of the answer, looking at it."""
        if message["type"] == "http.response.start":
            headers = list(message.get("headers") or [])
            marked = [v for n, v in headers if n.lower() == MARKER]
            if marked:
                headers = [(n, v) for n, v in headers if n.lower() != MARKER]
                message = {**message, "headers": headers}
                said = marked[0].decode("latin-1").split()
                shown = _shown_change(said[1:]) if said and said[0].isdigit() else None
                cookie = any(n.lower() == b"set-cookie" for n, _ in headers)
                if message.get("status") == 200 and shown is not None and not cookie:
                    self.pk, (self.revision, self.version) = int(said[0]), shown
                    self.headers = tuple(headers)
                    return  # sent with the whole body
        elif message["type"] == "http.response.body":
            if self.pk:
                self.body.append(message.get("body", b""))
                if not message.get("more_body", False):
                    copy = self._kept()
                    self.done(copy)
                    await _replay(copy, self.scope, self.send, kept=False)
                return
            if not message.get("more_body", False):
                self.done(None)
        await self.send(message)

    def _kept(self) -> Copy:
        """Make the copy: current while the hub hears no change of its tournament, if none
        was heard since the request began (else it only serves those who came before it)."""
        heard = self.hub.mark(self.pk)
        if heard > self.heard_before or self.hub.known(self.pk) is None:
            heard = -1  # the hub cannot vouch for it
        body = b"".join(self.body)
        return Copy(
            self.pk, self.revision, self.version, heard, self.site, self.began, self.headers,
            body, packed(body), shown_digest(self.key, body),
        )  # fmt: skip


def _unmarked(send: Send) -> Send:
    """`send` without the private header: a shared answer Django gives to a request this
    layer passed on (a session cookie that opens nothing, an embed) keeps no copy here."""

    async def passing(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = message.get("headers") or []
            if any(n.lower() == MARKER for n, _ in headers):
                kept = [(n, v) for n, v in headers if n.lower() != MARKER]
                message = {**message, "headers": kept}
        await send(message)

    return passing


def fronted(app: App, hub: Hub = HUB) -> App:
    """Serve current shared pages here, everything else by `app` (Django)."""

    async def front(scope: Scope, receive: Receive, send: Send) -> None:
        key = key_of(scope)
        if key is None:
            await app(scope, receive, _unmarked(send))
            return
        arrived, asked = time.monotonic(), wanted(scope)
        for _ in range(WAITS):
            copy = _at_hand(key, asked, arrived, hub)
            if copy is not None:
                await _replay(copy, scope, send)
                return
            making = MAKING.get(key)
            if making is None:
                break
            try:  # another visitor is having it made: wait, then take it if it will do
                await asyncio.wait_for(making.wait(), WAIT_SECONDS)
            except TimeoutError:
                break
        if asked is not None and MAKING.get(key) is None and shelf.busy(key):
            copy = await _made_elsewhere(key, asked, arrived, hub)
            if copy is not None:
                await _replay(copy, scope, send)
                return
        await _through(app, scope, receive, send, key, hub, asked, arrived)

    return front


def _at_hand(key: tuple[str, bytes, str], asked: tuple[str, int] | None, arrived: float,
             hub: Hub) -> Copy | None:  # fmt: skip
    """A copy that will do, kept here or (for a live page) made by another process."""
    copy = COPIES.peek(key)
    if copy is not None and will_do(copy, asked, arrived, hub):
        return copy
    if asked is None:
        return None  # only a live page takes another process's copy: it names the change
    shelved = shelf.get(key)
    if shelved is None:
        return None
    found = Copy(shelved.pk, shelved.revision, shelved.version, -1, SITE["saved"], shelved.made,
                 shelved.headers, shelved.body, shelved.packed, shelved.digest)  # fmt: skip
    if not will_do(found, asked, arrived, hub):
        return None
    if copy is None or copy.version < found.version:
        COPIES.put(key, found)
    return found


async def _made_elsewhere(key: tuple[str, bytes, str], asked: tuple[str, int], arrived: float,
                          hub: Hub) -> Copy | None:  # fmt: skip
    """While another process makes the page, wait for its copy; None: none will do. The
    other visitors of this process who come meanwhile wait for this one (`MAKING`)."""
    making = MAKING[key] = asyncio.Event()
    deadline = arrived + ELSEWHERE_SECONDS
    try:
        while shelf.busy(key) and time.monotonic() < deadline:
            await asyncio.sleep(LOOK_SECONDS)
            copy = _at_hand(key, asked, arrived, hub)
            if copy is not None:
                return copy
        return _at_hand(key, asked, arrived, hub)
    finally:
        if MAKING.get(key) is making:
            del MAKING[key]
        making.set()  # the ones waiting look again


async def _through(app: App, scope: Scope, receive: Receive, send: Send,
                   key: tuple[str, bytes, str], hub: Hub,
                   asked: tuple[str, int] | None = None, arrived: float = 0.0) -> None:  # fmt: skip
    """Let Django answer, keeping its answer for the next visitors (and the other processes)
    when it is shared; a live page whose change another process made meanwhile (while this
    one waited at the door) takes that copy instead."""
    mine = MAKING.get(key) is None
    making = MAKING.setdefault(key, asyncio.Event())
    elsewhere = shelf.Making(key)

    def done(copy: Copy | None) -> None:
        if copy is not None:
            COPIES.put(key, copy)
            if mine:
                shelf.put(key, shelf.Shelved(copy.pk, copy.revision, copy.version, copy.made,
                                             copy.headers, copy.body, copy.packed,
                                             copy.digest))  # fmt: skip
        elsewhere.release()
        if mine and MAKING.get(key) is making:
            del MAKING[key]
            making.set()  # the ones waiting look again

    loop = id(asyncio.get_running_loop())
    door = _DOORS.get(loop)
    if door is None:
        _DOORS.clear()  # a closed loop's door is gone with it
        door = _DOORS[loop] = asyncio.Semaphore(MAKERS_INSIDE)
    try:
        async with door:
            copy = _at_hand(key, asked, arrived, hub) if asked is not None else None
            if copy is not None:
                await _replay(copy, scope, send)
                return
            if mine:
                elsewhere.take()  # the other processes wait for this one's copy
            await app(scope, receive, Taking(send, hub, done, scope, key))
    finally:
        done(None)  # no answer (an error, the visitor gone): the others go on
