"""Format D properties: any sequence of game losers ends with one full ranking and one winner."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ko_play import Organiser, check_invariants, play_out, play_step

from tafelrunde.engine.knockout import KnockoutRules, PayFee, StepKind, next_steps, ranking

pytestmark = pytest.mark.unit

rulesets = st.builds(
    KnockoutRules,
    lives=st.integers(1, 3),
    chips_main=st.integers(1, 3),
    chips_consolation=st.integers(1, 3),
    chips_final=st.integers(1, 3),
    chips_carry_over=st.booleans(),
)


@given(count=st.integers(4, 40), rng=st.randoms(use_true_random=False), rules=rulesets)
def test_any_game_losers_end_in_a_full_ranking(
    count: int, rng: random.Random, rules: KnockoutRules
) -> None:
    org = Organiser(rules)
    ids = org.enter(count)
    state = play_out(org, rng)  # checks lives, chips, table sizes and places at every step
    rows = ranking(state)
    assert sorted(r.player for r in rows) == sorted(ids)
    assert [r.place for r in rows] == list(range(1, count + 1))
    assert [r.place for r in rows if r.player == state.winner] == [1]
    final = state.grand_final()
    assert final is not None and len(final.players) == 4
    assert [s.kind for s in next_steps(state)] == [StepKind.FINISHED]


@given(count=st.integers(3, 30), rng=st.randoms(use_true_random=False))
def test_a_next_step_in_every_state_even_with_late_payers(count: int, rng: random.Random) -> None:
    org = Organiser()
    ids = org.enter(count, pay=False)
    unpaid = set(ids)
    for _ in range(10_000):
        if org.state.finished:
            break
        check_invariants(org.state)
        steps = next_steps(org.state)
        fees = [s for s in steps if s.kind is StepKind.COLLECT_FEE]
        if fees and (rng.random() < 0.2 or len(steps) == len(fees)):
            pid = rng.choice(fees).players[0]
            org.add(PayFee, player=pid)
            unpaid.discard(pid)
            continue
        play_step(org, rng, steps)
    assert org.state.finished
    assert sorted(r.player for r in ranking(org.state)) == sorted(ids)
