"""The parts of the ASGI application: every request body bounded, a few requests at once."""

from __future__ import annotations

import asyncio
import gc
import os
import sys
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application

from tafelrunde.engine.limits import MAX_REQUEST_BYTES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

TOO_LARGE = (
    "<!doctype html><html lang='de'><head><meta charset='utf-8'><title>Tafelrunde</title>"
    "</head><body><h1>Zu groß / Too large</h1><p>Diese Anfrage ist größer als "
    f"{MAX_REQUEST_BYTES // 2**20} MB; es wurde nichts gespeichert. / This request is larger "
    f"than {MAX_REQUEST_BYTES // 2**20} MB; nothing was saved.</p>"
    "<p><a href='/'>Startseite / start page</a></p></body></html>"
).encode()


def bounded(app: App, limit: int = MAX_REQUEST_BYTES) -> App:
    """Refuse a request body over `limit` bytes with 413 before the app reads any of it."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length", b"")
        if length:
            if not length.isdigit() or int(length) > limit:
                await _too_large(send)
                return
            await app(scope, receive, send)
            return
        body, more = [], True  # no length given (chunked): read it, counting, then replay
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return
            body.append(message.get("body", b""))
            more = message.get("more_body", False)
            if sum(map(len, body)) > limit:
                await _too_large(send)
                return
        whole: Message | None = {"type": "http.request", "body": b"".join(body), "more_body": False}

        async def replay() -> Message:
            nonlocal whole
            message, whole = whole, None
            return message if message is not None else await receive()

        await app(scope, replay, send)

    return guarded


PHONES = (b"/tisch/", b"/pass/")  # the addresses of the players' phones: a table link, a pass


class Gate:
    """At most `slots` requests inside at once, each in a slot of its own (numbered from 0);
    the others wait in line, in order, the players' phones first: one slot is theirs alone,
    and a freed slot goes to a phone waiting before anyone else."""

    def __init__(self, slots: int) -> None:
        """Open with all slots free."""
        self.free = list(range(slots - 1, -1, -1))
        self.others_most = max(slots - 1, 1)  # slots the requests of others may hold at once
        self.others = 0
        self.lines: tuple[deque[asyncio.Future[int]], deque[asyncio.Future[int]]] = (
            deque(),
            deque(),
        )  # (phones, others)

    async def enter(self, phone: bool = False) -> int:
        """Take a slot (its number), waiting in line when none is free for this request."""
        phones, others = self.lines
        if self.free and not phones and (phone or (not others and self.others < self.others_most)):
            return self._take(self.free.pop(), phone)
        turn: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.lines[0 if phone else 1].append(turn)
        try:
            return self._take(await turn, phone)
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._give(turn.result())  # given a slot while going away: pass it on
            raise

    def _take(self, slot: int, phone: bool) -> int:
        """Count a slot taken."""
        self.others += not phone
        return slot

    def leave(self, slot: int, phone: bool = False) -> None:
        """Give the slot to the next one in line (a phone first)."""
        self.others -= not phone
        self._give(slot)

    def _give(self, slot: int) -> None:
        """Hand a free slot on: to a phone in line, else to another if one may enter."""
        phones, others = self.lines
        for line, allowed in ((phones, True), (others, self.others < self.others_most)):
            while allowed and line:
                turn = line.popleft()
                if not turn.done():
                    turn.set_result(slot)
                    return
        self.free.append(slot)


def gated(app: App, slots: int) -> App:
    """Let at most `slots` requests into Django at once; the others wait their turn, the
    players' phones (their taps, results and confirmations, their pages) first.

    Django runs every request in a thread of its own: a hundred phones at once would be a
    hundred threads taking turns at one interpreter lock, each slowed by all the others.
    Waiting in line before the door costs nothing and serves each one sooner. Each slot
    keeps its one thread (and with it its database connection) from request to request,
    instead of a thread started and a connection opened for each.
    """
    gates: list[Gate] = []
    threads = [
        ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"slot-{n}") for n in range(slots)
    ]

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        if not gates:
            gates.append(Gate(slots))  # made inside the server's event loop
        phone = scope.get("path", "").encode("utf-8", "replace").startswith(PHONES)
        slot = await gates[0].enter(phone)
        try:
            async with ThreadSensitiveContext(executor=threads[slot]):
                await app(scope, receive, send)
        finally:
            gates[0].leave(slot, phone)

    return guarded


def slots(name: str, default: int) -> int:
    """How many requests one app process serves at once (a setting)."""
    text = os.environ.get(name, "")
    return int(text) if text.isascii() and text.isdigit() and 1 <= int(text) <= 256 else default


async def _too_large(send: Send) -> None:
    """Answer 413 in words."""
    headers = [(b"content-type", b"text/html; charset=utf-8"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": TOO_LARGE})


def django_application() -> App:
    """Django behind the size limit and the door that lets a few requests in at once."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
    django = cast(App, get_asgi_application())  # takes any mapping as its scope
    return bounded(gated(django, slots("TAFELRUNDE_SLOTS", 4)))


SWITCH_SECONDS = 0.001  # how long a thread runs Python before another may (default 0.005)


def settle() -> None:
    """Tune the process for serving: a request makes many short-lived objects, and a table
    phone's short request should not wait long behind a page being made for the crowd."""
    # collect cycles less often, and never look again at what the start made (Django, the
    # URL map, the templates)
    gc.set_threshold(20_000, 20, 50)
    gc.freeze()
    # hand the interpreter over more often: a tap or an entry waits a millisecond, not five,
    # each time the thread making a page holds it (the hall bench: the phones' p95 ~20 % lower)
    sys.setswitchinterval(SWITCH_SECONDS)
