"""Every random choice of a simulation comes from its seed: the same seed, the same games."""

from __future__ import annotations

from typing import Any

import pytest

from tafelrunde.errors import RuleError
from tafelrunde.sim.schocken_exact import simulate_exact
from tafelrunde.sim.schocken_fast import simulate_fast
from tafelrunde.sim.schocken_stats import SchockenStats

pytestmark = pytest.mark.unit


def facts(stats: SchockenStats) -> dict[str, Any]:
    """The statistics without the timings."""
    data = stats.to_json()
    del data["seconds"], data["games_per_second"]
    return data


@pytest.mark.parametrize("bot", ["threshold", "odds"])
def test_exact_runs_repeat_from_the_seed(bot: str) -> None:
    games = 12 if bot == "threshold" else 2
    first = simulate_exact(players=3, games=games, seed=99, bot=bot)
    again = simulate_exact(players=3, games=games, seed=99, bot=bot)
    other = simulate_exact(players=3, games=games, seed=100, bot=bot)
    assert facts(first) == facts(again)
    assert facts(first) != facts(other)
    assert first.games == games and sum(first.losses) == games


def test_fast_runs_repeat_from_the_seed() -> None:
    first = simulate_fast(players=6, games=1500, seed=7)
    assert facts(first) == facts(simulate_fast(players=6, games=1500, seed=7))
    assert facts(first) != facts(simulate_fast(players=6, games=1500, seed=8))
    assert len(first.losses) == 6 and sum(first.losses) == 1500


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_every_table_size_plays_to_the_end(players: int) -> None:
    for stats in (
        simulate_exact(players=players, games=3, seed=players),
        simulate_fast(players=players, games=300, seed=players),
    ):
        assert stats.whitewashes + stats.deciders == stats.games
        assert stats.halves == 2 * stats.games + stats.deciders
        assert stats.rounds_per_half.low >= 1
        assert stats.hands.total >= 2 * stats.rounds_per_game.mean * stats.games


def test_progress_counts_every_game() -> None:
    for run, games in ((simulate_exact, 5), (simulate_fast, 777)):
        done: list[int] = []
        run(players=4, games=games, seed=1, progress=done.append)
        assert sum(done) == games


@pytest.mark.parametrize(
    ("players", "games", "seed", "field"),
    [(1, 10, 1, "players"), (9, 10, 1, "players"), (4, 0, 1, "games"), (4, 1, -1, "seed")],
)
def test_impossible_runs_are_refused(players: int, games: int, seed: int, field: str) -> None:
    for run in (simulate_exact, simulate_fast):
        with pytest.raises(RuleError) as caught:
            run(players=players, games=games, seed=seed)
        assert caught.value.field == field
