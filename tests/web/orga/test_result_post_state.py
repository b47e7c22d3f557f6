"""A result POST checks its form on the state the result goes into: it builds no second state
of the whole tournament (a crowd's POSTs, one after another with no page between, each
replayed every fact before); a refused form still stores nothing and keeps what was typed."""

from __future__ import annotations

import pytest
from resulthelpers import drawn, form

from factories import logged_in
from tafelrunde.web.core.domain import store
from tafelrunde.web.core.models import FactRecord, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_result_after_a_result_builds_no_page_state() -> None:
    client = logged_in()
    pk, state = drawn(40)
    first = client.post(f"/turniere/{pk}/ergebnis/", form(state, 1, (40, 30, 20, 10)))
    assert first.status_code == 302
    before = TournamentRecord.objects.get(pk=pk).revision
    second = client.post(f"/turniere/{pk}/ergebnis/", form(state, 2, (41, 31, 21, 11)))
    assert second.status_code == 302
    assert store._READ.peek((pk, before)) is None  # the pages' state of that revision: not built
    assert FactRecord.objects.filter(tournament_id=pk, data__type="result").count() == 2


def test_a_refused_result_form_stores_nothing_and_keeps_what_was_typed() -> None:
    client = logged_in()
    pk, state = drawn(40)
    typed = form(state, 2, (40, 30, 20, 10))
    first = next(k for k in typed if k.startswith("pips-"))
    typed[first] = "-3"
    before = TournamentRecord.objects.get(pk=pk).version
    page = client.post(f"/turniere/{pk}/ergebnis/", typed, HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'value="-3"' in text  # what was typed stays, refused at its field
    assert "„-3“ liegt nicht zwischen 0 und 999999." in text
    assert TournamentRecord.objects.get(pk=pk).version == before
    good = client.post(f"/turniere/{pk}/ergebnis/", form(state, 2, (40, 30, 20, 10)))
    assert good.status_code == 302  # the copy kept for the next change is still usable
