"""Whole format-D tournaments played by Schocken bots on an event-driven clock."""

from __future__ import annotations

import statistics

import pytest

from tafelrunde.engine.clock import seconds
from tafelrunde.engine.knockout import GameLost, OpenTable
from tafelrunde.presets import load_knockout
from tafelrunde.sim.tour_games import ExactGames
from tafelrunde.sim.tour_knockout import KnockoutRun, player_ids, simulate_knockout
from tafelrunde.sim.tour_model import TimeModel

pytestmark = pytest.mark.unit
RULES = load_knockout()


@pytest.mark.parametrize("players", [4, 5, 9, 13, 64])
def test_plays_to_the_end_with_a_full_ranking(players: int) -> None:
    fig = simulate_knockout(RULES, players=players, seed=11)
    assert sorted(fig.ranking) == player_ids(players)
    assert fig.duration > 0 and fig.games >= players
    assert 1 <= fig.tables_max <= fig.tables_total
    assert fig.tables_max <= max(1, players // 3)
    assert fig.longest_wait >= 0 and fig.rounds > fig.games


@pytest.mark.parametrize("players", [5, 13, 64])
def test_the_fast_path_plays_to_the_end_too(players: int) -> None:
    fig = simulate_knockout(RULES, players=players, seed=5, engine="fast")
    assert sorted(fig.ranking) == player_ids(players)
    assert fig.duration > 0


def test_reproducible_from_the_seed() -> None:
    first = simulate_knockout(RULES, players=13, seed=42)
    again = simulate_knockout(RULES, players=13, seed=42)
    other = simulate_knockout(RULES, players=13, seed=43)
    assert first == again
    assert (first.ranking, first.duration) != (other.ranking, other.duration)


def test_duration_grows_with_the_players() -> None:
    def median(players: int) -> float:
        runs = [
            simulate_knockout(RULES, players=players, seed=s, engine="fast").duration
            for s in range(3)
        ]
        return statistics.median(runs)

    durations = [median(n) for n in (4, 16, 64, 256)]
    assert durations == sorted(durations) and durations[0] < durations[-1]


def test_the_engine_gets_every_fact_with_its_simulated_time() -> None:
    model = TimeModel(round_seconds=30, between_games_seconds=20, table_seconds=90)
    run = KnockoutRun(RULES, seed=3, model=model, games=ExactGames(3))
    fig = run.run(9)
    facts = run.state.facts
    times = [seconds(f.at) for f in facts]
    assert times == sorted(times)
    assert sum(isinstance(f, GameLost) for f in facts) == fig.games
    assert sum(isinstance(f, OpenTable) for f in facts) == fig.tables_total
    assert times[-1] - RULES.start == pytest.approx(fig.duration)
    assert run.state.finished and fig.ranking[0] == run.state.winner


def test_sharp_play_follows_the_table_clock() -> None:
    slow = simulate_knockout(RULES, players=13, seed=1, model=TimeModel(round_seconds=60))
    assert 0 < slow.sharp_games < slow.games
    never = TimeModel(round_seconds=1, between_games_seconds=0, table_seconds=0)
    quick = simulate_knockout(RULES, players=4, seed=1, model=never)
    assert quick.sharp_games == 0


def test_a_slower_round_makes_a_longer_tournament() -> None:
    quick = simulate_knockout(RULES, players=9, seed=2, model=TimeModel(round_seconds=20))
    slow = simulate_knockout(RULES, players=9, seed=2, model=TimeModel(round_seconds=80))
    assert slow.duration > quick.duration
