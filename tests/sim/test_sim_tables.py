"""A limited number of physical tables: never more in use, players wait, the course in time."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tafelrunde.engine.errors import RuleError
from tafelrunde.presets import load_knockout, load_ruleset
from tafelrunde.sim.tour_groups import GroupsRun, sim_tournament
from tafelrunde.sim.tour_knockout import player_ids, simulate_knockout
from tafelrunde.sim.tour_model import RunFigures, TimeModel
from tafelrunde.sim.tournament import simulate_tournament

pytestmark = pytest.mark.unit
KO = load_knockout()
GROUPS = ("gruppenmodus", "alhambra", "king-lui")
MODEL = TimeModel()


def knockout(players: int, seed: int, tables: int | None) -> RunFigures:
    """One format-D run on the fast path."""
    return simulate_knockout(KO, players=players, seed=seed, engine="fast", tables=tables)


def groups(preset: str, players: int, seed: int, tables: int | None) -> RunFigures:
    """One A–C run."""
    tour = sim_tournament(load_ruleset(preset), players, seed)
    return GroupsRun(tour, seed=seed, model=MODEL, tables=tables).run()


def in_use_at(steps: list[tuple[float, int]], t: float) -> int:
    """The tables in use at second t (the last step at or before t)."""
    return next((n for at, n in reversed(steps) if at <= t), 0)


def assert_course(fig: RunFigures, limit: int | None) -> None:
    """The steps start at 0 s, rise and fall in time order, end empty at the end."""
    times = [t for t, _ in fig.in_use]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert times[0] == 0 and fig.in_use[-1] == (fig.duration, 0)
    assert max(n for _, n in fig.in_use) == fig.tables_max
    assert all(n >= 0 for _, n in fig.in_use)
    if limit is not None:
        assert fig.tables_max <= limit


@settings(max_examples=40)
@given(players=st.integers(4, 40), tables=st.integers(1, 8), seed=st.integers(0, 10**6))
@example(players=16, tables=5, seed=4297)  # a table closed as another opened: one table
def test_a_knockout_never_uses_more_tables_than_the_hall_has(
    players: int, tables: int, seed: int
) -> None:
    fig = knockout(players, seed, tables)
    assert sorted(fig.ranking) == player_ids(players)
    assert_course(fig, tables)


@settings(max_examples=40)
@given(
    preset=st.sampled_from(GROUPS),
    players=st.integers(8, 40),
    tables=st.integers(1, 6),
    seed=st.integers(0, 10**6),
)
def test_a_group_tournament_never_uses_more_tables_than_the_hall_has(
    preset: str, players: int, tables: int, seed: int
) -> None:
    try:
        fig = groups(preset, players, seed, tables)
    except RuleError:
        return  # a field the preset cannot seat
    assert sorted(fig.ranking) == player_ids(players)
    assert_course(fig, tables)
    free = groups(preset, players, seed, None)
    # the same games, only later: never shorter, waits never shorter
    assert fig.games == free.games and fig.ranking == free.ranking
    assert fig.duration >= free.duration and fig.longest_wait >= free.longest_wait


@settings(max_examples=30)
@given(players=st.integers(4, 40), seed=st.integers(0, 10**6), more=st.integers(0, 50))
def test_with_enough_tables_a_knockout_is_the_unlimited_one(
    players: int, seed: int, more: int
) -> None:
    free = knockout(players, seed, None)
    assert knockout(players, seed, free.tables_max + more) == free


@settings(max_examples=30)
@given(
    preset=st.sampled_from(GROUPS),
    players=st.integers(8, 40),
    seed=st.integers(0, 10**6),
    more=st.integers(0, 50),
)
def test_with_enough_tables_a_group_tournament_is_the_unlimited_one(
    preset: str, players: int, seed: int, more: int
) -> None:
    try:
        free = groups(preset, players, seed, None)
    except RuleError:
        return
    assert groups(preset, players, seed, free.tables_max + more) == free


def test_too_few_tables_make_players_wait() -> None:
    free, one = knockout(24, 3, None), knockout(24, 3, 1)
    assert free.tables_max > 1 and one.tables_max == 1
    assert one.duration > free.duration and one.longest_wait > free.longest_wait
    assert {n for _, n in one.in_use} == {0, 1}


def test_the_course_of_an_unlimited_knockout() -> None:
    fig = knockout(64, 7, None)
    assert_course(fig, None)
    assert in_use_at(fig.in_use, 0) == 16  # 64 players: sixteen tables of four at the start
    assert in_use_at(fig.in_use, fig.duration) == 0


def test_the_course_of_a_group_stage_in_waves() -> None:
    # 16 groups of four, four physical tables: the tables stay busy, wave after wave
    fig = groups("gruppenmodus", 64, 2, 4)
    assert_course(fig, 4)
    assert fig.in_use[0] == (0.0, 4)
    assert fig.tables_total == groups("gruppenmodus", 64, 2, None).tables_total


def test_no_table_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        simulate_tournament(preset="schocken-ko", players=8, seed=1, tables=0)
    assert err.value.field == "tables"
    assert "Tisch" in err.value.message("de")


def test_the_summary_names_the_tables() -> None:
    sim = simulate_tournament(preset="king-lui", players=20, seed=1, runs=2, tables=3)
    assert sim.to_json()["tables"] == 3
    assert all(r.tables_max <= 3 for r in sim.runs)
