"""Where a result leads is found on the state it was entered into: the tournament is not read
again (nor its state rebuilt) after the commit; a tie still leads to its roll-off's card."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from resulthelpers import drawn, form

from factories import logged_in

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("pips", "goes_to"),
    [
        ((40, 30, 20, 10), "?partie=1&seite=1#table-1-2"),  # game 1 still has tables open
        ((17, 17, 12, 9), "?partie=1&seite=1#table-1-2"),  # a tie: its roll-off's card
    ],
)
def test_nothing_is_read_after_the_result_is_committed(pips: tuple[int, ...], goes_to: str) -> None:
    client = logged_in()
    pk, state = drawn(40)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/turniere/{pk}/ergebnis/", form(state, 2, pips))
    assert response.status_code == 302
    assert response["Location"] == f"/turniere/{pk}/tische/{goes_to}"
    said = [q["sql"] for q in queries]
    assert said[-1] == "COMMIT", said[said.index("COMMIT") :]


def test_the_last_result_of_a_game_leads_to_the_next_game() -> None:
    client = logged_in()
    pk, state = drawn(8)
    first = client.post(f"/turniere/{pk}/ergebnis/", form(state, 1, (40, 30, 20, 10)))
    assert first["Location"] == f"/turniere/{pk}/tische/?partie=1&seite=1#table-1-1"
    last = client.post(f"/turniere/{pk}/ergebnis/", form(state, 2, (40, 30, 20, 10)))
    assert last["Location"] == f"/turniere/{pk}/tische/"  # game 2, or the next step
