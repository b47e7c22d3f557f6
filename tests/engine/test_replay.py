"""The state built fact by fact equals the state replayed from the written file, at every step."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import tournament
from tafelrunde.engine.actions import record, undo_last
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.tournament_file import dumps, loads
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.sim.autoplay import play_step, random_result

pytestmark = pytest.mark.unit


def snapshot(s: TournamentState) -> tuple[object, ...]:
    """Everything an organiser sees: standings, sums, open roll-offs, progress, the ranking."""
    stages = []
    for stage in s.stages:
        cut = s.cut(stage)
        stages.append(
            (
                stage.key,
                stage.standing(cut).rows,
                {
                    p: (t.points, t.game_points, t.pips, t.wins, t.losses)
                    for p, t in stage.totals.items()
                },
                stage.rolloff_needs(cut),
                s.stage_complete(stage),
            )
        )
    return tuple(stages), s.finished, tuple(s.overall())


@settings(max_examples=12)
@given(
    preset=st.sampled_from(["gruppenmodus", "alhambra", "king-lui"]),
    n=st.sampled_from([4, 7, 9, 13]),
    seed=st.integers(0, 2**31 - 1),
)
def test_incremental_state_equals_replay_with_undos_and_corrections(
    preset: str, n: int, seed: int
) -> None:
    rng = random.Random(seed)
    state = TournamentState(tournament(preset, n, seed=seed))
    for _ in range(150):
        r = rng.random()
        try:
            if r < 0.08 and state.tournament.facts:
                state, _ = undo_last(state)
            elif r < 0.2 and state.current is not None and state.current.results:
                (game, table), old = rng.choice(sorted(state.current.results.items()))
                new = random_result(state, game, table, rng)
                record(state, replace(new, corrects=old.n))
            elif not play_step(state, rng):
                break
        except RuleError:
            pass  # e.g. a correction the rules refuse: the state must stay as it was
        fresh = TournamentState(loads(dumps(state.tournament)))
        assert snapshot(fresh) == snapshot(state)
