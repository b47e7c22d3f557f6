"""Whole A–C tournaments with random results on a clock, and the multi-run summary."""

from __future__ import annotations

import pytest

from tafelrunde.engine.errors import RuleError
from tafelrunde.sim.tour_knockout import player_ids
from tafelrunde.sim.tour_model import TimeModel, hours_minutes
from tafelrunde.sim.tournament import simulate_tournament, tournament_presets

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("gruppenmodus", 4),
        ("gruppenmodus", 13),
        ("gruppenmodus", 28),
        ("alhambra", 4),
        ("alhambra", 13),
        ("alhambra", 40),
        ("king-lui", 4),
        ("king-lui", 13),
        ("king-lui", 40),
    ],
)
def test_plays_to_the_end_with_a_full_ranking(preset: str, players: int) -> None:
    sim = simulate_tournament(preset=preset, players=players, seed=9, runs=2)
    assert len(sim.runs) == 2 and [r.seed for r in sim.runs] == [9, 10]
    for run in sim.runs:
        assert sorted(run.ranking) == player_ids(players)
        assert run.duration > 0 and run.games > 0
        assert 1 <= run.tables_max <= run.tables_total
        assert run.longest_wait >= 0


def test_reproducible_from_the_seed() -> None:
    first = simulate_tournament(preset="king-lui", players=28, seed=4, runs=3)
    again = simulate_tournament(preset="king-lui", players=28, seed=4, runs=3)
    assert first.runs == again.runs
    assert first.to_json()["spread"] == again.to_json()["spread"]


def test_game_minutes_drive_the_duration() -> None:
    model = TimeModel(game_minutes=60, jitter=0, between_games_seconds=0, table_seconds=0)
    sim = simulate_tournament(preset="alhambra", players=4, seed=1, model=model)
    # fewer than 40: two preliminary games, then the final
    assert sim.runs[0].duration == 3 * 3600
    assert hours_minutes(sim.runs[0].duration) == "03:00"


def test_default_minutes_per_format() -> None:
    model = TimeModel()
    assert (model.minutes_of("A"), model.minutes_of("B"), model.minutes_of("C")) == (10, 60, 20)


def test_spread_of_several_runs() -> None:
    sim = simulate_tournament(preset="schocken-ko", players=9, seed=1, runs=3, engine="fast")
    data = sim.to_json()
    assert data["runs"] == 3 and len(data["results"]) == 3
    d = data["spread"]["duration"]
    assert d["min"] <= d["median"] <= d["max"]
    assert set(d["text"]) == {"min", "median", "max"}
    assert set(data["spread"]) == {
        "duration",
        "tables_max",
        "tables_total",
        "longest_wait",
        "games",
    }


def test_every_preset_is_offered() -> None:
    assert tournament_presets() == ["alhambra", "gruppenmodus", "king-lui", "schocken-ko"]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"preset": "skat", "players": 8}, "preset"),
        ({"preset": "alhambra", "players": 5}, "players"),
        ({"preset": "gruppenmodus", "players": 2}, "players"),
        ({"preset": "schocken-ko", "players": 2}, "players"),
        ({"preset": "schocken-ko", "players": 0}, "players"),
        ({"preset": "schocken-ko", "players": 8, "runs": 0}, "runs"),
        ({"preset": "schocken-ko", "players": 8, "engine": "quick"}, "engine"),
        ({"preset": "schocken-ko", "players": 8, "model": TimeModel(round_seconds=0)}, None),
    ],
)
def test_bad_input_is_one_clear_error(kwargs: dict[str, object], field: str | None) -> None:
    with pytest.raises(RuleError) as err:
        simulate_tournament(seed=1, **kwargs)  # type: ignore[arg-type]
    if field is not None:
        assert err.value.field == field
    assert err.value.message("de") and err.value.message("en")
