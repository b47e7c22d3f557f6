"""Plans of an evening: the runs, the budget, the summary and the coarse course of tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafelrunde.engine.errors import RuleError
from tafelrunde.sim.planning import MIN_RUNS, coarse, plan, typical_run
from tafelrunde.sim.tour_model import RunFigures

pytestmark = pytest.mark.unit


def at(steps: list[tuple[float, int]], t: float) -> int:
    """The tables in use at second t (the last step at or before t)."""
    return next((n for s, n in reversed(steps) if s <= t), 0)


def test_a_plan_summarises_its_runs() -> None:
    data = plan(preset="schocken-ko", players=12, tables=2, seed=5, runs=6)
    assert data["runs"] == 6 and len(data["durations"]) == len(data["waits"]) == 6
    assert (data["seed"], data["tables"], data["players"]) == (5, 2, 12)
    d = data["duration"]
    assert d["min"] == min(data["durations"]) and d["max"] == max(data["durations"])
    assert data["longest_wait"]["max"] == max(data["waits"])
    typical = data["typical"]
    assert typical["duration"] in data["durations"]
    assert sorted(data["durations"]).index(typical["duration"]) == 2  # the lower middle
    assert max(n for _, n in typical["in_use"]) <= 2
    assert data["tables_max"]["max"] <= 2


def test_the_same_seed_gives_the_same_plan() -> None:
    first = plan(preset="king-lui", players=20, tables=3, seed=8, runs=4)
    again = plan(preset="king-lui", players=20, tables=3, seed=8, runs=4)
    other = plan(preset="king-lui", players=20, tables=3, seed=9, runs=4)
    del first["wall_seconds"], again["wall_seconds"], other["wall_seconds"]
    assert first == again and first != other


def test_a_spent_budget_ends_after_the_least_runs() -> None:
    data = plan(preset="alhambra", players=16, tables=4, seed=1, runs=30, budget=0)
    assert data["runs"] == MIN_RUNS
    assert plan(preset="alhambra", players=16, tables=4, seed=1, runs=5, budget=600)["runs"] == 5


def test_the_progress_counts_places() -> None:
    seen: list[int] = []
    plan(preset="schocken-ko", players=10, tables=5, seed=2, runs=3, progress=seen.append)
    assert sum(seen) == 30


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"preset": "skat"}, "preset"),
        ({"players": 2}, "players"),
        ({"tables": 0}, "tables"),
        ({"preset": "alhambra", "players": 5}, "players"),
    ],
)
def test_what_cannot_be_planned_is_refused(kwargs: dict[str, object], field: str) -> None:
    args: dict[str, object] = {"preset": "schocken-ko", "players": 12, "tables": 3, "seed": 1}
    with pytest.raises(RuleError) as err:
        plan(**(args | kwargs))  # type: ignore[arg-type]
    assert err.value.field == field


def test_the_typical_run_is_the_lower_median() -> None:
    runs = [RunFigures(seed=s, duration=d) for s, d in enumerate([50.0, 10.0, 30.0, 20.0])]
    assert typical_run(runs).duration == 20.0


courses = st.lists(
    st.tuples(st.floats(0.5, 500.0), st.integers(0, 30)), min_size=1, max_size=300
).map(
    lambda parts: (
        [(0.0, parts[0][1])]
        + [(sum(p[0] for p in parts[: k + 1]), n) for k, (_, n) in enumerate(parts[1:], 1)]
    )
)


@given(courses, st.integers(1, 60))
def test_a_coarse_course_covers_the_fine_one(steps: list[tuple[float, int]], points: int) -> None:
    end = steps[-1][0] + 1.0
    out = coarse(steps, end, points)
    assert len(out) <= max(len(steps), points + 1)
    assert max(n for _, n in out) == max(n for _, n in steps)
    for t, _ in steps:  # never below what the fine course shows
        assert at(out, t) >= at(steps, t)
    assert [t for t, _ in out] == sorted(t for t, _ in out)
