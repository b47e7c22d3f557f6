"""Where a result leads is found on the state it was entered into: the tournament is not read
again (nor its state rebuilt) after the commit; a tie still leads to its roll-off's card."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from factories import logged_in
from tafelrunde.engine.actions import next_draw, record
from tafelrunde.engine.facts import Player, Tournament
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import save_new

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def drawn(n: int) -> tuple[int, TournamentState]:
    """A group-mode tournament of n players with its first draw, stored."""
    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, n + 1)]
    tour = Tournament("Abend", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=3))
    return int(save_new(tour).pk), state


def form(state: TournamentState, table: int, pips: tuple[int, ...]) -> dict[str, str]:
    """The result form of one table of game 1."""
    st = state.current
    assert st is not None
    seats = (st.tables(1) or ())[table - 1]
    data = {"stage": st.key, "game": "1", "table": str(table), "basis": "0"}
    return data | {f"pips-{p}": str(v) for p, v in zip(seats, pips, strict=True)}


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
