"""The states pages read are shared by every request that asks while the tournament is
unchanged: they are sealed, and a change to one fails instead of showing up elsewhere."""

from __future__ import annotations

import pytest

from factories import group_tournament, knockout_tournament, stored
from tafelrunde.engine.groups.facts import Undo
from tafelrunde.engine.knockout import CheckIn
from tafelrunde.engine.sealed import SharedStateChanged
from tafelrunde.web.core.domain.store import read_only

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_a_shared_group_state_refuses_every_change() -> None:
    rec = stored(group_tournament("gruppenmodus", 12, 1, lambda s: len(s.stages) > 0))
    tour, state = read_only(rec)
    before = (len(state.stages), state.synced, dict(state.stages[0].results))
    with pytest.raises(SharedStateChanged):
        state.apply(Undo(n=len(tour.facts) + 1, at=0, target=tour.facts[-1].n))
    with pytest.raises(SharedStateChanged):
        state.synced = 0
    stage = state.stages[0]
    for change in (stage.touch, lambda: stage.withdraw("p001"), lambda: stage.forget_outcomes(1)):
        with pytest.raises(SharedStateChanged):
            change()
    with pytest.raises(SharedStateChanged):
        stage.results = {}
    assert read_only(rec)[1] is state  # the same shared state, unchanged
    assert (len(state.stages), state.synced, dict(state.stages[0].results)) == before


def test_a_shared_knockout_state_refuses_every_change() -> None:
    rec = stored(knockout_tournament(9))
    tour, state = read_only(rec)
    lives = {p: s.lives for p, s in state.players.items()}
    player = next(iter(state.players))
    assert state.sealed, (type(state), state.__dict__.get("_sealed"))
    with pytest.raises(SharedStateChanged):
        state.record(CheckIn(n=tour.next_number(), at=0, player=player))
    with pytest.raises(SharedStateChanged):
        state.finished = True  # type: ignore[misc]
    assert read_only(rec)[1] is state
    assert {p: s.lives for p, s in state.players.items()} == lives


def test_a_state_of_ones_own_still_changes() -> None:
    rec = stored(group_tournament("gruppenmodus", 12, 1, lambda s: len(s.stages) > 0))
    shared = read_only(rec)[1]
    tour = read_only(rec)[0]
    from tafelrunde.engine.groups.tournament_state import TournamentState

    own = TournamentState(tour)
    own.synced = 0  # a state made for one request is its own
    assert not own.sealed and shared.sealed
