"""The one-writer rule: a request that may write takes its lock before its view reads anything
and ends in one transaction, so a view that reads and then writes is safe even when it forgets
to lock, and a view that fails after a write leaves nothing behind; only views that set
cookies, and the table link and the pass (whose writes each take the lock where they are
stored), go without it, and they are named here."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections
from django.test import Client, override_settings
from django.urls import get_resolver
from django.urls.resolvers import URLPattern, URLResolver

from tafelrunde.web.core.models import Event

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True),
              pytest.mark.both_databases]  # fmt: skip

UNLOCKED = {
    "login", "logout", "set_language",  # cookies only
    "table-link", "player-pass",  # each write decides under the lock where it is stored
    "tournament-new", "tournament-import",  # build a new tournament: stored in one step
    "person-import",  # a member file's preview: stores nothing
}  # fmt: skip


@override_settings(ROOT_URLCONF="writerurls")
def test_simultaneous_reads_then_writes_give_every_number_once() -> None:
    start, errors = threading.Barrier(12), []

    def one() -> None:
        try:
            client = Client()
            start.wait()
            assert client.post("/probe/nummer/").status_code == 204
        except Exception as err:  # shown below
            errors.append(err)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=one) for _ in range(12)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert not errors, errors
    numbers = sorted(int(e.name) for e in Event.objects.filter(kind="nummer"))
    assert numbers == list(range(1, 13))  # read under the lock: never the same number twice


@override_settings(ROOT_URLCONF="writerurls")
def test_a_view_that_fails_after_a_write_leaves_nothing() -> None:
    answer = Client(raise_request_exception=False).post("/probe/halb/")
    assert answer.status_code == 500
    assert not Event.objects.filter(kind="halb").exists()
    assert Client(raise_request_exception=False).get("/probe/halb/").status_code == 500
    assert Event.objects.filter(kind="halb").count() == 1  # a GET takes no lock: as before


def names(patterns: list[URLPattern | URLResolver]) -> set[str]:
    """The names of the addresses whose views go without the writers' lock."""
    found = set()
    for p in patterns:
        if isinstance(p, URLResolver):
            found |= names(p.url_patterns)
        elif getattr(p.callback, "write_unlocked", False):
            found.add(p.name or p.pattern.describe())
    return found


def test_only_the_named_views_go_without_the_lock() -> None:
    assert names(get_resolver().url_patterns) == UNLOCKED
