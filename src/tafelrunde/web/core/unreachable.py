"""When the database server cannot be reached (a restart, a dropped connection): a request
is tried once more where that cannot save anything twice, else answered at once in words
(503, "Datenbank nicht erreichbar", with what was typed), never after a minute of waiting.

A request is tried again when its connection dropped (not when none could be had at all:
then the server is away, and the pool waited long enough) and it has saved nothing yet: no
commit went through and no statement outside a transaction wrote. A commit that failed
midway may have been saved; such a request is never tried again, and its page says so.
For a moment after the server was found away, requests are answered so at once instead of
each waiting for the pool in turn (a crowd would wait in line behind the ones waiting).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from psycopg_pool import PoolTimeout

from tafelrunde.web.core.typed import in_words, typed_of

RETRY_AFTER = "5"  # seconds a browser may wait before asking again
AWAY_SECONDS = 1.0  # after the server was found away, requests are answered so at once
_away = {"until": 0.0}  # (monotonic) until when the server counts as away
SERVER_GONE = ("57P01", "57P02", "57P03")  # shut down by its operator, crashed, starting up
_READS = ("SELECT", "SHOW", "SET", "BEGIN", "SAVEPOINT", "RELEASE", "ROLLBACK")
_seen = threading.local()  # what the request of this thread saved so far


def note(*, saved: bool = False, unsure: bool = False) -> None:
    """Note that the running request saved something, or may have."""
    _seen.saved = getattr(_seen, "saved", False) or saved
    _seen.unsure = getattr(_seen, "unsure", False) or unsure


def _fresh() -> None:
    """A new request: nothing saved yet."""
    _seen.saved = _seen.unsure = False


def lost(err: BaseException) -> bool:
    """Say whether an error means that the database server cannot be reached now: no
    connection could be had, or the one in use dropped (PostgreSQL; SQLite has no server)."""
    if connection.vendor != "postgresql" or not isinstance(err, OperationalError | InterfaceError):
        return False
    if isinstance(err.__cause__, PoolTimeout) or isinstance(err, InterfaceError):
        return True  # none to be had, or used after it closed
    state = getattr(err.__cause__, "sqlstate", None)  # none: the client lost the connection
    return state is None or state.startswith("08") or state in SERVER_GONE


def may_try_again(err: BaseException) -> bool:
    """Say whether the request may be tried once more: its connection dropped and it has
    saved nothing (none could be had at all: the pool waited already)."""
    dropped = not isinstance(err.__cause__, PoolTimeout)
    return dropped and not getattr(_seen, "saved", False) and not getattr(_seen, "unsure", False)


def _watch(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
    """Run a statement; one that writes outside a transaction is saved once it ran."""
    result = execute(sql, params, many, context)
    if not context["connection"].in_atomic_block and not sql.lstrip().upper().startswith(_READS):
        note(saved=True)
    return result


class DatabaseRetry:
    """Try a request whose database connection dropped once more, where that is safe; else
    answer that the database cannot be reached."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap the rest of the request handling."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Watch what the request saves; while the server was just found away, say so."""
        _fresh()
        if time.monotonic() < _away["until"] and connection.vendor == "postgresql":
            return answer(request)
        with connection.execute_wrapper(_watch):
            return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        """The view lost the database: run it once more if nothing was saved, else say so."""
        if not lost(exception):
            return None
        if isinstance(exception.__cause__, PoolTimeout):
            found_away()
        if connection.in_atomic_block:  # inside a write's one transaction: it is tried again
            request.database_lost = exception  # type: ignore[attr-defined]  # as a whole
            return answer(request)  # (`core.writes`), or this is its answer
        match = request.resolver_match
        if match is None or getattr(request, "database_retried", False):
            return answer(request)
        if not may_try_again(exception):
            return answer(request)
        request.database_retried = True  # type: ignore[attr-defined]
        connection.close()  # the pool hands out a working connection, or waits for one
        try:
            return match.func(request, *match.args, **match.kwargs)
        except DatabaseError as again:
            if lost(again):
                found_away()
                return answer(request)
            raise


def found_away() -> None:
    """The server could not be reached just now: for a moment, requests are told so at once."""
    _away["until"] = time.monotonic() + AWAY_SECONDS


def answer(request: HttpRequest) -> HttpResponse:
    """The page of a request the database could not take (503): why, what was typed (to
    enter it again), whether it may have been saved; made without the database."""
    typed = typed_of(request)
    with contextlib.suppress(DatabaseError):  # (without it, as they came)
        typed = in_words(request, typed)  # the fields' names, where the database answers
    back = request.get_full_path() if request.method == "GET" else request.META.get("HTTP_REFERER")
    if not back or not url_has_allowed_host_and_scheme(back, {request.get_host()}):
        back = "/"
    context = {"typed": typed, "unsure": getattr(_seen, "unsure", False), "back": back}
    page = render_to_string("core/unreachable.html", context)  # (no context processor: no query)
    return HttpResponse(page, status=503, headers={"Retry-After": RETRY_AFTER})
