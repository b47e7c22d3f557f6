"""Draws: permutations in the planned sizes, reproducible, 3-table rule, keep-apart, repeats."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from itertools import combinations, pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.draws import Table, draw_games, draw_tables, repeated_pairs
from tafelrunde.engine.tables import TableRule, feasible, plan_tables

pytestmark = pytest.mark.unit

PREFER_4 = TableRule()
PREFER_3 = TableRule(prefer=3, allow=(4,), max_other=2)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def names(n: int) -> list[str]:
    """Return n player ids."""
    return [f"S{i:04d}" for i in range(n)]


@st.composite
def fields(draw: st.DrawFn) -> tuple[list[str], TableRule]:
    """Draw a seatable field of players and a table rule."""
    rule = draw(st.sampled_from([PREFER_4, PREFER_3]))
    n = draw(st.integers(3, 70).filter(lambda k: feasible(k, rule)))
    return names(n), rule


def assert_valid(players: Sequence[str], rule: TableRule, tables: Sequence[Table]) -> None:
    """Assert the tables seat every player once, in the planned sizes."""
    assert sorted(p for t in tables for p in t) == sorted(players)
    assert tuple(len(t) for t in tables) == plan_tables(len(players), rule).sizes


def short_twice(before: Sequence[Table], after: Sequence[Table]) -> int:
    """Count players at a 3-table in both games."""
    short = {p for t in before if len(t) == 3 for p in t}
    return sum(1 for t in after if len(t) == 3 for p in t if p in short)


@FAST
@given(fields(), st.integers(0, 2**32), st.integers(0, 3))
def test_draw_is_a_permutation_in_the_planned_sizes(
    field: tuple[list[str], TableRule], seed: int, earlier: int
) -> None:
    players, rule = field
    previous: list[list[Table]] = []
    for g in range(earlier):
        previous.append(draw_tables(players, rule, seed=seed + g, previous=previous))
        assert_valid(players, rule, previous[-1])
    assert_valid(players, rule, draw_tables(players, rule, seed=seed, previous=previous))


@FAST
@given(fields(), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_same_seed_gives_same_draw(
    field: tuple[list[str], TableRule], seed: int, rnd: object
) -> None:
    players, rule = field
    previous = [draw_tables(players, rule, seed=seed ^ 1)]
    groups = [players[i : i + 3] for i in range(0, len(players), 7)]
    first = draw_tables(players, rule, seed=seed, previous=previous, keep_apart=groups)
    second = draw_tables(players, rule, seed=seed, previous=previous, keep_apart=groups)
    assert first == second


@FAST
@given(fields(), st.integers(0, 2**32), st.integers(0, 8))
def test_three_table_players_move_to_four_tables(
    field: tuple[list[str], TableRule], seed: int, dropped: int
) -> None:
    players, rule = field
    before = draw_tables(players, rule, seed=seed)
    # Drop-outs between the games change the counts; the rule still holds where it can.
    now = [p for p in players if int(p[1:]) % 9 != dropped % 9 or len(players) < 12]
    if not feasible(len(now), rule):
        return
    after = draw_tables(now, rule, seed=seed + 1, previous=[before])
    assert_valid(now, rule, after)
    short = {p for t in before if len(t) == 3 for p in t} & set(now)
    seats = sum(len(t) for t in after if len(t) == 4)
    at_four = sum(1 for t in after if len(t) == 4 for p in t if p in short)
    assert at_four == min(len(short), seats)


@FAST
@given(fields(), st.integers(0, 2**32), st.data())
def test_keep_apart_holds_when_feasible(
    field: tuple[list[str], TableRule], seed: int, data: st.DataObject
) -> None:
    players, rule = field
    tables = len(plan_tables(len(players), rule))
    # Split the shuffled players into groups no larger than the number of tables.
    order = data.draw(st.permutations(players))
    groups: list[list[str]] = []
    i = 0
    while i < len(order):
        size = data.draw(st.integers(1, tables))
        groups.append(list(order[i : i + size]))
        i += size
    drawn = draw_tables(players, rule, seed=seed, keep_apart=groups)
    assert_valid(players, rule, drawn)
    group_of = {p: g for g, members in enumerate(groups) for p in members}
    clashes = sum(1 for t in drawn for a, b in combinations(t, 2) if group_of[a] == group_of[b])
    assert clashes == 0


def test_keep_apart_minimises_clashes_when_infeasible() -> None:
    players = names(12)  # three tables of 4
    drawn = draw_tables(players, PREFER_4, seed=5, keep_apart=[players[:6]])
    per_table = sorted(sum(1 for p in t if p in players[:6]) for t in drawn)
    assert per_table == [2, 2, 2]  # the fewest same-group pairs: one per table


def test_three_table_rule_outranks_keep_apart() -> None:
    players = names(13)  # 4 + 3 + 3 + 3
    before = draw_tables(players, PREFER_4, seed=2)
    short = [p for t in before if len(t) == 3 for p in t]
    after = draw_tables(players, PREFER_4, seed=3, previous=[before], keep_apart=[short[:4]])
    four = next(t for t in after if len(t) == 4)
    assert set(four) <= set(short)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_second_game_avoids_repeats_when_possible(seed: int) -> None:
    players = names(40)
    first = draw_tables(players, PREFER_4, seed=seed)
    second = draw_tables(players, PREFER_4, seed=seed + 100, previous=[first])
    assert repeated_pairs([first, second]) == 0


def test_avoid_repeats_off_still_draws_validly() -> None:
    players = names(9)
    first = draw_tables(players, PREFER_3, seed=1)
    second = draw_tables(players, PREFER_3, seed=1, previous=[first], avoid_repeats=False)
    assert_valid(players, PREFER_3, second)


def test_previous_may_name_players_who_left() -> None:
    players = names(17)
    before = draw_tables([*players, "GONE"], PREFER_4, seed=4)
    after = draw_tables(players, PREFER_4, seed=5, previous=[before])
    assert_valid(players, PREFER_4, after)


def test_draw_depends_on_the_seed() -> None:
    players = names(24)
    draws = {tuple(draw_tables(players, PREFER_4, seed=s)) for s in range(5)}
    assert len(draws) == 5


def test_same_draw_in_another_process() -> None:
    code = (
        "import json;from tafelrunde.engine.groups.draws import draw_tables, draw_games;"
        "from tafelrunde.engine.tables import TableRule;"
        "p=[f'S{i:04d}' for i in range(30)];"
        "g=draw_games(p,3,TableRule(),seed=9);"
        "t=draw_tables(p,TableRule(),seed=9,previous=g,keep_apart=[p[:5]]);"
        "print(json.dumps([g,t]))"
    )
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        runs.append(json.loads(out.stdout))
    assert runs[0] == runs[1]
    players = names(30)
    games = draw_games(players, 3, PREFER_4, seed=9)
    table = draw_tables(players, PREFER_4, seed=9, previous=games, keep_apart=[players[:5]])
    assert json.loads(json.dumps([games, table])) == runs[0]


def test_draw_games_large_field_has_no_repeats_and_keeps_the_rule() -> None:
    players = names(1001)  # 248 tables of 4 and 3 of 3
    schedule = draw_games(players, 8, PREFER_4, seed=7)
    assert len(schedule) == 8
    for game in schedule:
        assert_valid(players, PREFER_4, game)
    assert repeated_pairs(schedule) == 0
    assert all(short_twice(a, b) == 0 for a, b in pairwise(schedule))


@pytest.mark.parametrize(("n", "games"), [(30, 10), (31, 10), (23, 7), (33, 11)])
def test_draw_games_with_three_tables_from_designs(n: int, games: int) -> None:
    players = names(n)
    schedule = draw_games(players, games, PREFER_4, seed=3)
    for game in schedule:
        assert_valid(players, PREFER_4, game)
    assert all(short_twice(a, b) == 0 for a, b in pairwise(schedule))
    if n != 33:
        assert repeated_pairs(schedule) == 0


def test_draw_games_general_search_keeps_the_rule_and_is_reproducible() -> None:
    players = names(26)
    schedule = draw_games(players, 6, PREFER_4, seed=1)
    assert schedule == draw_games(players, 6, PREFER_4, seed=1)
    for game in schedule:
        assert_valid(players, PREFER_4, game)
    assert all(short_twice(a, b) == 0 for a, b in pairwise(schedule))
    assert repeated_pairs(schedule) <= 2


def test_draw_games_prefer_three() -> None:
    players = names(29)  # seven 3-tables and two 4-tables
    schedule = draw_games(players, 4, PREFER_3, seed=2)
    for game in schedule:
        assert_valid(players, PREFER_3, game)
    assert repeated_pairs(schedule) == 0


def test_draw_games_beyond_the_design_reaches_the_floor() -> None:
    schedule = draw_games(names(16), 6, PREFER_4, seed=1)
    assert repeated_pairs(schedule) == 24  # game 6 repeats 4 x 6 pairs, no fewer possible


def test_draw_games_zero_games() -> None:
    assert draw_games(names(8), 0, PREFER_4, seed=1) == []


def test_repeated_pairs_counts_each_extra_meeting() -> None:
    a: list[Table] = [("A", "B", "C"), ("D", "E", "F")]
    b: list[Table] = [("A", "B", "D"), ("C", "E", "F")]
    c: list[Table] = [("A", "B", "E"), ("C", "D", "F")]
    assert repeated_pairs([a]) == 0
    assert repeated_pairs([a, b]) == 2  # A-B and E-F
    assert repeated_pairs([a, b, c]) == 5  # A-B twice more, E-F, C-F, D-F


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: draw_tables(["A", "B", "A", "C"], PREFER_4, seed=1), "players"),
        (lambda: draw_tables(names(5), PREFER_4, seed=1), "players"),
        (lambda: draw_games(names(8), -1, PREFER_4, seed=1), "games"),
    ],
)
def test_user_errors_are_rule_errors(call: object, field: str) -> None:
    with pytest.raises(RuleError) as err:
        call()  # type: ignore[operator]
    assert err.value.field == field
    assert err.value.text("de") and err.value.text("en")
