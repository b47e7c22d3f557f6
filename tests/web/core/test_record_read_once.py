"""A tournament's page reads its record once: the family check before the view hands the row
it read to the view's own first look-up (each read was a query of its own on every request);
a later look-up in the same request reads afresh, as does another tournament's."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from resulthelpers import drawn, form

from factories import logged_in
from tafelrunde.web.core.common import handed_on, record_of
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def record_reads(queries: list[dict[str, str]]) -> int:
    """How many of these queries read a tournament's row."""
    return sum(q["sql"].startswith('SELECT "web_tournamentrecord"."id"') for q in queries)


def test_the_tables_page_reads_the_tournament_once() -> None:
    client = logged_in()
    pk, _ = drawn(12)
    client.get(f"/turniere/{pk}/tische/")  # its content is made and kept
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/turniere/{pk}/tische/")
    assert again.status_code == 200
    assert record_reads(queries.captured_queries) == 1, [q["sql"][:90] for q in queries]


def test_a_result_post_reads_the_tournament_once_under_its_lock_before_its_change() -> None:
    client = logged_in()
    pk, state = drawn(12)
    with CaptureQueriesContext(connection) as queries:
        done = client.post(f"/turniere/{pk}/ergebnis/", form(state, 1, (40, 30, 20, 10)))
    assert done.status_code == 302
    said = queries.captured_queries
    begin = next(i for i, q in enumerate(said) if q["sql"].startswith("BEGIN"))  # the lock
    change = next(i for i, q in enumerate(said) if q["sql"].startswith("SAVEPOINT"))
    assert record_reads(said[:begin]) == 0, [q["sql"][:90] for q in said[:begin]]
    assert record_reads(said[begin:change]) == 1, [q["sql"][:90] for q in said[begin:change]]


def test_the_handed_record_is_taken_once_and_only_for_its_tournament() -> None:
    pk, _ = drawn(12)
    other, _ = drawn(12)
    rec = TournamentRecord.objects.get(pk=pk)
    with handed_on(rec):
        with CaptureQueriesContext(connection) as queries:
            assert record_of(other).pk == other  # another tournament: read
        with handed_on(rec), CaptureQueriesContext(connection) as queries:
            assert record_of(pk) is rec  # taken, no query
            assert record_of(pk) is not rec  # a second look-up reads afresh
        assert len(queries) == 1
    with CaptureQueriesContext(connection) as queries:
        assert record_of(pk) is not rec
    assert len(queries) == 1
