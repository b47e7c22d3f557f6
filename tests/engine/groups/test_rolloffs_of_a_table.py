"""The open roll-offs of one table are exactly those of the whole stage that name that table,
at every step of a played tournament (with roll-offs, withdrawals, corrections and undos)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_walk, tournament
from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.sim.autoplay import play_step

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
    start = TournamentState(tournament(preset, n, seed=seed))
    for state in random_walk(start, random.Random(seed), undo=0.05, correct=0.15):
        assert_tables_agree(state)


def test_a_whole_evening_with_open_rolloffs() -> None:
    rng = random.Random(7)
    state = TournamentState(tournament("gruppenmodus", 24, seed=7))
    seen = 0
    while play_step(state, rng):
        assert_tables_agree(state)
        seen += len(open_rolloffs(state))
    assert seen > 0  # the evening had roll-offs open while it was checked
