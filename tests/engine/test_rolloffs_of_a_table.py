"""The open roll-offs of one table are exactly those of the whole stage that name that table,
at every step of a played tournament (with roll-offs, withdrawals, corrections and undos)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import tournament
from tafelrunde.engine.actions import open_rolloffs, record, undo_last
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.sim.autoplay import play_step, random_result

pytestmark = pytest.mark.unit


def assert_tables_agree(state: TournamentState) -> None:
    """Each table's open roll-offs equal the stage's, filtered to that table, in order."""
    every = open_rolloffs(state)
    cur = state.current
    count = len(cur.tables(1) or ()) if cur is not None else 0
    for index in range(1, count + 2):  # one past the last table: nothing
        assert open_rolloffs(state, index) == [n for n in every if n.table == index]


@settings(max_examples=12)
@given(
    preset=st.sampled_from(["gruppenmodus", "alhambra", "king-lui"]),
    n=st.sampled_from([4, 7, 9, 13]),
    seed=st.integers(0, 2**31 - 1),
)
def test_a_tables_rolloffs_are_the_stages_at_that_table(preset: str, n: int, seed: int) -> None:
    rng = random.Random(seed)
    state = TournamentState(tournament(preset, n, seed=seed))
    for _ in range(150):
        r = rng.random()
        try:
            if r < 0.05 and state.tournament.facts:
                state, _ = undo_last(state)
            elif r < 0.15 and state.current is not None and state.current.results:
                (game, table), old = rng.choice(sorted(state.current.results.items()))
                record(state, replace(random_result(state, game, table, rng), corrects=old.n))
            elif not play_step(state, rng):
                break
        except RuleError:
            pass  # a correction the rules refuse changes nothing
        assert_tables_agree(state)


def test_a_whole_evening_with_open_rolloffs() -> None:
    rng = random.Random(7)
    state = TournamentState(tournament("gruppenmodus", 24, seed=7))
    seen = 0
    while play_step(state, rng):
        assert_tables_agree(state)
        seen += len(open_rolloffs(state))
    assert seen > 0  # the evening had roll-offs open while it was checked
