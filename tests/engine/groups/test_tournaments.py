"""Any field size, any seed: every preset plays to its end and its file replays and verifies."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import check_whole_tournament, tournament
from strategies import seeds
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.tables import feasible
from tafelrunde.presets import load_ruleset
from tafelrunde.sim.autoplay import play_to_end

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("preset", ["gruppenmodus", "alhambra", "king-lui"])
@settings(max_examples=8)
@given(n=st.integers(3, 45), seed=seeds, lot_seed=seeds)
def test_any_field_plays_to_the_end(preset: str, n: int, seed: int, lot_seed: int) -> None:
    rules = load_ruleset(preset)
    t = tournament(rules, n, seed=lot_seed)
    if not feasible(n, rules.stages[0].tables):
        with pytest.raises(RuleError):
            play_to_end(t, seed=seed)
        return
    state = play_to_end(t, seed=seed)
    check_whole_tournament(state)
