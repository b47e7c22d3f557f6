"""One writer at a time: every request that may write takes its lock before it reads anything
and ends in one transaction, on SQLite and PostgreSQL alike.

A POST (or any method but GET, HEAD and OPTIONS) runs inside one transaction that begins with
the lock of what it changes: the tournament of its address (`turniere/<pk>/…`, or what a
view names with `scope`, e.g. a table link's tournament), else the club's. On SQLite the
transaction begins with `BEGIN IMMEDIATE`, which is the lock of the whole database, once the
writers before it in this process and in the other app processes are done; on
PostgreSQL the tournament's row is locked (`SELECT … FOR UPDATE`), or an advisory lock held
to the end of the transaction stands for the club. Domain functions take the same lock
(`locked`), so they hold it also when called from elsewhere. Whatever the view reads then is as the
last writer left it, and two requests never decide on the same state. An answer of 500 or
more (an error, a refused write) rolls everything back: nothing is half stored.

Views that only set cookies (login, language), views that build a new tournament and store
it in one step (a file's replay takes seconds: every writer would wait for it), and the
hall's hot paths whose every write decides under the lock in the domain function that
stores it (a table link, a pass: holding the lock through the whole view put each phone's
post behind the others') say so (`unlocked`).
A request holds one lock: its tournament's or the club's, never the club's inside a
tournament's (so two requests never wait for each other in a circle).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from django.db import DatabaseError, connection, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve

from tafelrunde.web.core import processes, storage, unreachable
from tafelrunde.web.core.middleware import refused
from tafelrunde.web.core.models import TournamentRecord

V = TypeVar("V", bound=Callable[..., Any])
SAFE = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
TOURNAMENT_ROUTES = ("turniere/<int:pk>/", "einbetten/turniere/<int:pk>/")
CLUB_LOCK = 74042026  # the advisory lock that orders the club's writes (PostgreSQL)


def unlocked(view: V) -> V:
    """Mark a view that takes no write lock for its request: it only sets cookies, or each
    of its writes decides under the lock in the domain function that stores it (`locked`,
    `store.append`), and what it reads before is only for showing."""
    view.write_unlocked = True  # type: ignore[attr-defined]
    return view


@contextmanager
def locked(pk: int | None) -> Iterator[TournamentRecord | None]:
    """One transaction that begins with the lock of the tournament `pk` (None: the club's);
    the tournament as it is now (None: there is none)."""
    with _in_turn(), transaction.atomic():
        yield _lock(pk)


@contextmanager
def _in_turn() -> Iterator[None]:
    """SQLite: wait for this process's other writers on a lock of our own, then for the other
    processes' on the lock file (`core.processes`; at once when they are free), not in SQLite's
    busy handler, which looks again only every few dozen milliseconds; inside a transaction
    already: nothing to wait for."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    with processes.WRITERS():
        yield


def _lock(pk: int | None) -> TournamentRecord | None:
    """Take the lock inside the transaction begun (SQLite holds it since its BEGIN IMMEDIATE)."""
    if pk is not None:
        found = TournamentRecord.objects.select_for_update().defer("players", "ruleset")
        return found.filter(pk=pk).first()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [CLUB_LOCK])
    return None


def _hold(pk: int | None) -> None:
    """Take the lock without reading the tournament (SQLite holds it since BEGIN IMMEDIATE)."""
    if connection.vendor != "postgresql":
        return
    if pk is None:
        _lock(None)
        return
    list(TournamentRecord.objects.select_for_update().filter(pk=pk).values_list("pk"))


def tournament_of(request: HttpRequest) -> int | None:
    """The tournament a request's writes change (None: the club's)."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    if str(match.route).startswith(TOURNAMENT_ROUTES):
        pk = match.kwargs.get("pk")
        return pk if isinstance(pk, int) else None
    return None


def _exempt(request: HttpRequest) -> bool:
    """Say whether the request takes no lock: a safe method, or a view marked `unlocked`."""
    if request.method in SAFE:
        return True
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return True
    return bool(getattr(match.func, "write_unlocked", False))


class OneWriter:
    """Middleware: a request that may write runs in one transaction under its lock."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap the rest of the request handling."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Lock, answer, and keep the writes only if the answer is not an error; a request
        whose database connection dropped before it saved anything is tried once more."""
        if _exempt(request):
            return self.get_response(request)
        try:
            with _in_turn(), transaction.atomic():
                _hold(tournament_of(request))
                response = self.get_response(request)
                if response.status_code >= 500:
                    transaction.set_rollback(True)  # an error or a refused write: none of it
        except DatabaseError as err:  # the lock or the commit failed
            if _again(request, err):
                return self(request)
            reason = storage.reason_of(err)
            if reason is None:
                raise
            storage.failed(reason)  # no space left, no rights
            request.storage_blocked = reason  # type: ignore[attr-defined]
            return refused(request, reason)
        if _again(request, getattr(request, "database_lost", None)):
            return self(request)
        return response


def _again(request: HttpRequest, err: BaseException | None) -> bool:
    """Say whether to try the request once more, in a new transaction: its connection to the
    database dropped and nothing of it was saved (`core.unreachable`); not a second time."""
    if err is None or getattr(request, "database_retried", False):
        return False
    if not unreachable.lost(err) or not unreachable.may_try_again(err):
        return False
    request.database_retried = True  # type: ignore[attr-defined]
    request.database_lost = None  # type: ignore[attr-defined]
    connection.close()  # the pool hands out a working connection, or waits for one
    return True
