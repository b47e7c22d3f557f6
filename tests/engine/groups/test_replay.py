"""The state built fact by fact equals the state replayed from the written file, at every step."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_walk, tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tournament_file import dumps, loads

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


# a tournament of formats A–C played with random results, undos and corrections
WALKS = given(
    preset=st.sampled_from(["gruppenmodus", "alhambra", "king-lui"]),
    n=st.sampled_from([4, 7, 9, 13]),
    seed=st.integers(0, 2**31 - 1),
)


@settings(max_examples=12)
@WALKS
def test_incremental_state_equals_replay_with_undos_and_corrections(
    preset: str, n: int, seed: int
) -> None:
    start = TournamentState(tournament(preset, n, seed=seed))
    for state in random_walk(start, random.Random(seed), undo=0.08, correct=0.2):
        fresh = TournamentState(loads(dumps(state.tournament)))
        assert snapshot(fresh) == snapshot(state)


@settings(max_examples=12)
@WALKS
def test_a_state_made_from_stored_facts_and_the_state_before_equals_a_checked_replay(
    preset: str, n: int, seed: int
) -> None:
    """As pages read a tournament: its stored facts replayed unchecked, the tables scored for
    the state before taken where nothing differs (through undos, corrections, roll-offs)."""
    start = TournamentState(tournament(preset, n, seed=seed))
    earlier: TournamentState | None = None
    reused = 0
    for state in random_walk(start, random.Random(seed), undo=0.08, correct=0.2):
        facts = replace(state.tournament, facts=list(state.tournament.facts))  # the same facts
        read = TournamentState(facts, stored=True, earlier=earlier)
        fresh = TournamentState(loads(dumps(state.tournament)))
        assert snapshot(read) == snapshot(fresh)
        assert [s.outcomes for s in read.stages] == [s.outcomes for s in fresh.stages]
        assert read.checking  # a page's later check of a form is a full check again
        reused += sum(o is s.reusable.get(k, (o,))[0] and k in s.reusable
                      for s in read.stages for k, o in s.scored.items())  # fmt: skip
        earlier = read
    assert reused  # scored tables were taken over
