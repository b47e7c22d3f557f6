"""Shared pages served before Django: a crowd after a change costs one pass through Django.

A page Django serves as shared by every visitor who is not logged in (`core.shared`) names
its tournament in a private header. This layer keeps the finished answer (status, headers,
bytes) under (address, query, language) and serves it to the next such visitor straight
from the event loop, without a thread, middleware or a database query, for as long as it is
surely current:

- the hub hears every change of the tournament (its listener or poller runs and streams of
  it are open) and heard none since the answer was begun;
- nothing else was saved in this process since (an event's name, the club's look);
- it is younger than `FRESH_SECONDS` (what another process changed besides the tournament,
  e.g. on the command line, shows after that at the latest);
- writing works (otherwise every page carries the banner that says why).

Anything else goes to Django as before, one visitor per page at a time: the others wait and
take its answer if it was begun after they came (it shows everything changed before they
asked), else the next one's; at most `MAKERS_INSIDE` of these pass Django's door at once, so
that a table's result never waits behind them. Visitors with a login, a message
pending or any cookie but the CSRF and language ones always go to Django.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest, parse_cookie
from django.utils.translation import get_language_from_request

from tafelrunde.web.core import storage
from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.shared import FRONT_HEADER, SHARED_BYTES
from tafelrunde.web.live.hub import HUB, Hub
from tafelrunde.web.live.stream import allowed_host

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

FRESH_SECONDS = 3.0  # a copy is checked by Django again after this long
WAIT_SECONDS = 10.0  # how long a visitor waits for the one making the page, at most
WAITS = 3  # makings waited for at most (one begun earlier, then one begun after it came)
LONGEST_PATH = 300  # characters of address and query; longer ones go to Django
MARKER = FRONT_HEADER.lower().encode()
HARMLESS_COOKIES = frozenset({settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME})
SITE = {"saved": 0}  # saves in this process of anything but a tournament
COUNTS = {"served": 0, "passed": 0}  # answers from here, and ones Django made (the bench)


@dataclass(frozen=True)
class Copy:
    """A finished answer and what it was current for."""

    pk: int
    heard: int  # the hub's number of the tournament's latest change (-1: unknown)
    site: int
    made: float  # when its request went to Django: it shows every change made before
    headers: tuple[tuple[bytes, bytes], ...]
    body: bytes


def _size(copy: Copy) -> int:
    """What a kept copy costs."""
    return len(copy.body) + 64 * len(copy.headers) + 256


COPIES: Kept[tuple[str, bytes, str], Copy] = Kept(SHARED_BYTES // 2, size=_size, makers=4096)
MAKING: dict[tuple[str, bytes, str], asyncio.Event] = {}
MAKERS_INSIDE = 2  # shared pages being made in Django at once, at most: the other slots stay
# free for what a table sends and for organisers (a render takes tens of milliseconds)
_DOORS: dict[int, asyncio.Semaphore] = {}  # per event loop


def _site_saved(sender: Any, **_: Any) -> None:
    """Something shown on pages besides a tournament may have changed."""
    if sender is not TournamentRecord:
        SITE["saved"] += 1


post_save.connect(_site_saved, dispatch_uid="front-site-saved")
post_delete.connect(_site_saved, dispatch_uid="front-site-deleted")


def key_of(scope: Scope) -> tuple[str, bytes, str] | None:
    """The key of a request that may be served here; None: it goes to Django."""
    if scope["type"] != "http" or scope.get("method") != "GET":
        return None
    path: str = scope.get("path", "")
    query: bytes = scope.get("query_string", b"")
    if len(path) + len(query) > LONGEST_PATH or not path.startswith("/turniere/"):
        return None
    headers = dict(scope.get("headers") or [])
    if settings.HTTPS and headers.get(b"x-forwarded-proto") != b"https":
        return None  # Django sends it to HTTPS
    cookies = parse_cookie(headers.get(b"cookie", b"")[:4096].decode("latin-1"))
    if not HARMLESS_COOKIES.issuperset(cookies) or not allowed_host(scope):
        return None
    request = HttpRequest()
    request.COOKIES = cookies
    accepted = headers.get(b"accept-language", b"")[:200].decode("latin-1")
    request.META["HTTP_ACCEPT_LANGUAGE"] = accepted
    return path, query, get_language_from_request(request)


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


async def _replay(copy: Copy, send: Send) -> None:
    """Send the kept answer."""
    COUNTS["served"] += 1
    age = str(int(time.monotonic() - copy.made)).encode()  # as a cache says it (RFC 9111)
    headers = [*copy.headers, (b"age", age)]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": copy.body, "more_body": False})


class Taking:
    """Passes Django's answer on (without the private header) and keeps a copy if shared."""

    def __init__(self, send: Send, hub: Hub) -> None:
        """Note what the hub had heard when the request began."""
        self.send = send
        self.hub = hub
        self.heard_before = hub.counter
        self.site = SITE["saved"]
        self.began = time.monotonic()
        self.pk = 0
        self.headers: tuple[tuple[bytes, bytes], ...] = ()
        self.body: list[bytes] = []
        self.copy: Copy | None = None

    async def __call__(self, message: Message) -> None:
        """Pass on one message of the answer, looking at it."""
        if message["type"] == "http.response.start":
            headers = list(message.get("headers") or [])
            marked = [v for n, v in headers if n.lower() == MARKER]
            if marked:
                headers = [(n, v) for n, v in headers if n.lower() != MARKER]
                message = {**message, "headers": headers}
                shared = message.get("status") == 200 and marked[0].isdigit()
                if shared and not any(n.lower() == b"set-cookie" for n, _ in headers):
                    self.pk = int(marked[0])
                    self.headers = tuple(headers)
        elif message["type"] == "http.response.body" and self.pk:
            self.body.append(message.get("body", b""))
            if not message.get("more_body", False):
                self._keep()
        await self.send(message)

    def _keep(self) -> None:
        """Make the copy: current while the hub hears no change of its tournament, if none
        was heard since the request began (else it only serves those who came before it)."""
        heard = self.hub.mark(self.pk)
        if heard > self.heard_before or self.hub.known(self.pk) is None:
            heard = -1  # the hub cannot vouch for it
        body = b"".join(self.body)
        self.copy = Copy(self.pk, heard, self.site, self.began, self.headers, body)


def fronted(app: App, hub: Hub = HUB) -> App:
    """Serve current shared pages here, everything else by `app` (Django)."""

    async def front(scope: Scope, receive: Receive, send: Send) -> None:
        key = key_of(scope)
        if key is None:
            await app(scope, receive, send)
            return
        arrived = time.monotonic()
        for _ in range(WAITS):
            copy = COPIES.peek(key)
            if copy is not None and (copy.made >= arrived or current(copy, hub)):
                await _replay(copy, send)  # current, or made after this request came
                return
            making = MAKING.get(key)
            if making is None:
                break
            try:  # another visitor is having it made: wait, then take it if it will do
                await asyncio.wait_for(making.wait(), WAIT_SECONDS)
            except TimeoutError:
                break
        await _through(app, scope, receive, send, key, hub)

    return front


async def _through(app: App, scope: Scope, receive: Receive, send: Send,
                   key: tuple[str, bytes, str], hub: Hub) -> None:  # fmt: skip
    """Let Django answer, keeping its answer for the next visitors when it is shared."""
    COUNTS["passed"] += 1
    mine = MAKING.get(key) is None
    making = MAKING.setdefault(key, asyncio.Event())
    taking = Taking(send, hub)
    loop = id(asyncio.get_running_loop())
    door = _DOORS.get(loop)
    if door is None:
        _DOORS.clear()  # a closed loop's door is gone with it
        door = _DOORS[loop] = asyncio.Semaphore(MAKERS_INSIDE)
    try:
        async with door:
            await app(scope, receive, taking)
    finally:
        if taking.copy is not None:
            COPIES.put(key, taking.copy)
        if mine:
            MAKING.pop(key, None)
            making.set()
