"""Correcting a result of a finished stage after the next stage is drawn."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import tournament

from tafelrunde.engine.errors import AdvancingChanged
from tafelrunde.engine.groups.actions import next_draw, record, rewind_before
from tafelrunde.engine.groups.facts import Draw, Result, Undo
from tafelrunde.engine.groups.tournament_state import TournamentState

PIPS = (40, 30, 20, 10)


def group_round_played() -> TournamentState:
    """8 players, two groups: the first seat always best; the final is drawn."""
    state = TournamentState(tournament("gruppenmodus", 8))
    record(state, next_draw(state, seed=5))
    st = state.current
    assert st is not None
    for game in range(1, 4):
        for index, table in enumerate(st.tables(game) or (), start=1):
            pips = dict(zip(table, PIPS, strict=True))
            record(state, Result(n=0, stage=st.key, game=game, table=index, pips=pips))
    record(state, next_draw(state, seed=6))
    assert [s.key for s in state.stages] == ["gruppenrunde", "finale"]
    return state


def correction(state: TournamentState, pips: tuple[int, ...]) -> Result:
    """Game 1, table 1 of the group round anew: its players in seat order get `pips`."""
    first = state.stages[0]
    table = (first.tables(1) or ())[0]
    old = first.results[(1, 1)]
    return Result(n=0, stage=first.key, game=1, table=1, pips=dict(zip(table, pips, strict=True)),
                  corrects=old.n)  # fmt: skip


def test_a_correction_that_keeps_who_went_on_is_stored() -> None:
    state = group_round_played()
    final = list(state.current.entrants) if state.current else []
    record(state, correction(state, (40, 20, 30, 10)))  # places 2 and 3 swap in one pass only
    assert state.stages[0].results[(1, 1)].pips
    assert state.current is not None and state.current.entrants == final
    assert TournamentState(state.tournament).stages[0].results[(1, 1)].corrects is not None


def test_a_correction_that_changes_who_went_on_is_refused_plainly() -> None:
    state = group_round_played()
    table = (state.stages[0].tables(1) or ())[0]
    count = len(state.tournament.facts)
    with pytest.raises(AdvancingChanged) as caught:
        record(state, correction(state, (30, 10, 40, 20)))
    text = caught.value.text("de")
    assert caught.value.stage == "finale"
    assert "aus Gruppenrunde weiterkommt" in text and "Auslosung von Finale" in text
    assert len(state.tournament.facts) == count  # nothing stored
    # the names: the third of the table goes on now, the second no longer
    assert state.tournament.name_of(table[2]) in text.split("statt")[0]
    assert state.tournament.name_of(table[1]) in text.split("statt")[1]


def test_the_way_back_takes_the_final_back_and_then_takes_the_correction() -> None:
    state = group_round_played()
    table = (state.stages[0].tables(1) or ())[0]
    state, taken = rewind_before(state, "finale")
    assert [type(f) for f in taken] == [Draw]
    assert isinstance(state.tournament.facts[-1], Undo)
    record(state, correction(state, (30, 10, 40, 20)))
    record(state, next_draw(state, seed=6))
    assert state.current is not None and table[2] in state.current.entrants
    assert table[1] not in state.current.entrants
    # the whole history replays to the same state
    again = TournamentState(state.tournament)
    assert again.current is not None and again.current.entrants == state.current.entrants


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=4, max_size=4), st.integers(1, 3), st.integers(1, 2))
def test_a_correction_of_a_finished_stage_is_kept_only_while_the_draw_still_fits(
    pips: list[int], game: int, table: int
) -> None:
    state = group_round_played()
    first = state.stages[0]
    seats = (first.tables(game) or ())[table - 1]
    fact = Result(n=0, stage=first.key, game=game, table=table,
                  pips=dict(zip(seats, pips, strict=True)),
                  corrects=first.results[(game, table)].n)  # fmt: skip
    count = len(state.tournament.facts)
    try:
        record(state, fact)
    except AdvancingChanged:
        assert len(state.tournament.facts) == count
        state = TournamentState(state.tournament)
        state, _ = rewind_before(state, "finale")
        record(state, replace(fact, corrects=state.stages[0].results[(game, table)].n))
        assert [s.key for s in state.stages] == ["gruppenrunde"]
        return
    plan = state.following(state.stages[0])
    assert state.stage_complete(state.stages[0])
    assert plan is not None and set(plan.entrants) == set(state.stages[1].entrants)
