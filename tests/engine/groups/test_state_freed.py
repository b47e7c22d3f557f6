"""A tournament's state is freed as soon as it is dropped: no reference cycle leaves its
stages, standings and tables to the garbage collector (a server drops one per change)."""

from __future__ import annotations

import gc
import random
import weakref

from helpers import tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.sim.autoplay import play_step


def played_into_the_second_stage(seed: int) -> TournamentState:
    """Format A played until its second stage has begun, standings read on the way."""
    state = TournamentState(tournament("gruppenmodus", 13, seed=seed))
    rng = random.Random(seed)
    while len(state.stages) < 2 or not state.stages[1].results:
        assert play_step(state, rng), "the tournament ended in its first stage"
        for st in state.stages:
            st.standing(state.cut(st))  # values across stages are read and kept
    return state


def test_a_dropped_state_is_freed_at_once_without_the_garbage_collector() -> None:
    state = played_into_the_second_stage(3)
    second = state.stages[1]
    table = second.standing(state.cut(second))
    assert table.rows  # the second stage's standing reads the first stage's values
    gone = weakref.ref(state)
    stage_gone = weakref.ref(second)
    was = gc.isenabled()
    gc.disable()
    try:
        del state, second
        assert gone() is None and stage_gone() is None  # freed by its last reference
    finally:
        if was:
            gc.enable()
