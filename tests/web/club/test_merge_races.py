"""Two organisers merge the same two persons in opposite directions at the same moment: one
merge is done, the other is refused in words; never a server error, never a lost player."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections

from tafelrunde.engine.errors import RuleError
from tafelrunde.web.club.models import Person
from tafelrunde.web.club.people import merge

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.both_databases,
]


def one(keep: Person, gone: Person, start: threading.Barrier, said: list[str]) -> None:
    """One organiser's merge, started with the other's; what came of it."""
    try:
        start.wait()
        merge(keep, gone)
        said.append("done")
    except RuleError as err:
        said.append(err.msg.text("de"))
    finally:
        close_old_connections()


def test_two_opposite_merges_at_once_do_one_and_refuse_the_other() -> None:
    for _ in range(5):
        Person.objects.all().delete()
        anna, anne = Person.objects.create(name="Anna"), Person.objects.create(name="Anne")
        start, said = threading.Barrier(2), list[str]()
        threads = [
            threading.Thread(target=one, args=(*pair, start, said))
            for pair in ((anna, anne), (anne, anna))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(said) == [
            "Eine der beiden Personen wurde inzwischen zusammengeführt oder entfernt.",
            "done",
        ], said
        assert Person.objects.count() == 1
