"""The ASGI application that uvicorn serves, with every request body bounded."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

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
        whole = {"type": "http.request", "body": b"".join(body), "more_body": False}

        async def replay() -> Message:
            nonlocal whole
            message, whole = whole, None
            return message if message is not None else await receive()

        await app(scope, replay, send)

    return guarded


async def _too_large(send: Send) -> None:
    """Answer 413 in words."""
    headers = [(b"content-type", b"text/html; charset=utf-8"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": TOO_LARGE})


os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.settings")
application = bounded(get_asgi_application())
