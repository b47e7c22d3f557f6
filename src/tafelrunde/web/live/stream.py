"""The event stream of a tournament (Server-Sent Events), served beside Django.

`GET /turniere/N/live/` stays open and sends an event each time the tournament changes:
its id and data are the new revision (and version). The page then fetches what it shows.
A page connects with the revision it shows (`?rev=`); a browser reconnecting sends the
last id it saw (Last-Event-ID); either way a change missed meanwhile is sent at once.

The stream is plain ASGI, not a Django view: an open stream holds no thread, no database
connection and no request object, only a waiting coroutine. A comment line every few
seconds finds dead connections; after a while the stream ends and the browser reconnects
by itself (catching up by its last id), so nothing stays open for ever.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings
from django.http.request import split_domain_port, validate_host

from tafelrunde.web.core import limits
from tafelrunde.web.live import listen
from tafelrunde.web.live.hub import HUB, Change, Hub

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

PATH = re.compile(r"/turniere/([1-9][0-9]{0,9})/live/")
HEARTBEAT = 15.0  # seconds between comment lines
LIFETIME = 600.0  # seconds a stream stays open at least; then the browser reconnects
SPREAD = 120  # further seconds, spread over the streams so they do not all end at once
RETRY_MS = 1000  # how soon a browser reconnects
CLOSE = (b"connection", b"close")  # a refused stream leaves no idle connection behind
REVISION = re.compile(r"[0-9a-f]{1,64}")
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache, no-store"),
    (b"x-accel-buffering", b"no"),
    (b"x-content-type-options", b"nosniff"),
]


def routed(app: App, hub: Hub = HUB) -> App:
    """Serve the event streams here and everything else by `app` (Django)."""

    async def route(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            found = PATH.fullmatch(scope.get("path", ""))
            if found:
                await stream(scope, receive, send, int(found[1]), hub)
                return
        await app(scope, receive, send)

    return route


def event(change: Change) -> bytes:
    """The event that tells a page about a change."""
    if change.gone:
        return b"event: gone\ndata: {}\n\n"
    data = json.dumps({"revision": change.revision, "version": change.version})
    return f"id: {change.revision}\nevent: change\ndata: {data}\n\n".encode()


def allowed_host(scope: Scope) -> bool:
    """Tell whether the Host header names this server, checked as Django checks every page."""
    headers = dict(scope.get("headers") or [])
    given = headers.get(b"host", b"")[:300].decode("latin-1")
    if settings.USE_X_FORWARDED_HOST and b"x-forwarded-host" in headers:
        given = headers[b"x-forwarded-host"][:300].decode("latin-1").split(",")[-1].strip()
    domain, _ = split_domain_port(given)
    return bool(domain) and validate_host(domain, settings.ALLOWED_HOSTS)


def shown(scope: Scope) -> str:
    """The revision the page has: the last event id, else the one it was made with."""
    headers = dict(scope.get("headers") or [])
    given = headers.get(b"last-event-id", b"").decode("latin-1").strip()
    if not given:
        query = scope.get("query_string", b"")[:200].decode("latin-1")
        given = (parse_qs(query).get("rev") or [""])[0]
    return given if REVISION.fullmatch(given) else ""


async def stream(scope: Scope, receive: Receive, send: Send, pk: int, hub: Hub = HUB) -> None:
    """Send the tournament's changes until the page goes away or the stream's time is up."""
    if scope.get("method") != "GET":
        await plain(send, 405, "Nur GET. / GET only.", [(b"allow", b"GET")])
        return
    if not allowed_host(scope):
        await plain(send, 400, "Unbekannter Host. / Unknown host.")
        return
    hub.bind()
    listen.start(hub)
    address = limits.counted((scope.get("client") or ("?",))[0])  # the trusted address
    if not await admitted(send, hub, address):
        return
    watched = hub.streams[pk] > 0  # else what was heard of it may be old: read it
    hub.streams[pk] += 1  # counted at once: streams admitted meanwhile see it
    hub.addresses[address] += 1
    gone: asyncio.Future[None] | None = None
    try:
        mark = hub.mark(pk)
        change = await listen.current(hub, pk, watched)
        if change is None:
            await plain(send, 404, "Dieses Turnier gibt es nicht (mehr). / No such tournament.")
            return
        hub.opened += 1
        loop = asyncio.get_running_loop()
        ends = loop.time() + LIFETIME + hub.opened % SPREAD
        gone = asyncio.ensure_future(_disconnect(receive))
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        known = shown(scope)
        first = f"retry: {RETRY_MS}\n\n".encode()
        if change.revision != known:
            first += event(change)
            known = change.revision
        await send({"type": "http.response.body", "body": first, "more_body": True})
        while True:
            heard = hub.newer(pk, mark)
            if heard is None:  # wait for the next wake, the page to go or the heartbeat
                waiting = hub.next_wake(pk)
                await asyncio.wait((waiting, gone), timeout=HEARTBEAT,
                                   return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
                if gone.done():
                    return
                heard = hub.newer(pk, mark)
            if heard is None:
                if waiting.done():
                    continue  # woken for a change this stream was told of already
                if loop.time() > ends:
                    break
                await send({"type": "http.response.body", "body": b": \n\n", "more_body": True})
                continue
            mark, change = heard
            if change.gone or change.revision != known:
                known = change.revision
                await send({"type": "http.response.body", "body": event(change), "more_body": True})
            if change.gone:
                break
        await send({"type": "http.response.body", "body": b"", "more_body": False})
    except OSError:  # the connection broke while sending
        return
    finally:
        if gone is not None:
            gone.cancel()
        hub.streams[pk] -= 1
        if hub.streams[pk] <= 0:
            del hub.streams[pk]
        hub.addresses[address] -= 1
        if hub.addresses[address] <= 0:
            del hub.addresses[address]


async def admitted(send: Send, hub: Hub, address: str) -> bool:
    """Tell whether one more stream fits (this address's and the process's); else refuse it.

    A refused page goes on working and tries its stream again later (live.js waits longer
    each time); the open-file limit keeps room for pages, the database and the logs.
    """
    most = limits.per_address("TAFELRUNDE_STREAMS_PER_ADDRESS", limits.STREAMS_PER_ADDRESS)
    if hub.addresses[address] >= most:
        limits.REFUSALS.refused(address, f"more than {most} event streams from this address")
        await plain(send, 429, "Zu viele offene Seiten von diesem Gerät. / Too many open pages "
                    "from this device.", [(b"retry-after", b"30"), CLOSE])  # fmt: skip
        return False
    if sum(hub.streams.values()) >= limits.stream_cap():
        limits.REFUSALS.refused(address, "the server holds as many event streams as it may")
        await plain(send, 503, "Zu viele offene Seiten. / Too many open pages.",
                    [(b"retry-after", b"30"), CLOSE])  # fmt: skip
        return False
    return True


async def _disconnect(receive: Receive) -> None:
    """Return once the page has gone away."""
    while (await receive())["type"] != "http.disconnect":
        pass


async def plain(send: Send, status: int, text: str, extra: list[tuple[bytes, bytes]] = []) -> None:  # noqa: B006
    """Answer with a short text."""
    headers = [(b"content-type", b"text/plain; charset=utf-8"), *extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": text.encode()})
