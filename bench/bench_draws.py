"""Benchmark the draws: speed for large fields, repeats, the 3-table rule, Social Golfer targets.

Run: .venv/bin/python bench/bench_draws.py   (prints figures, asserts nothing)
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence

from tafelrunde.engine.groups.draws import (
    SCHEDULE_BUDGET,
    Table,
    draw_games,
    draw_tables,
    repeated_pairs,
)
from tafelrunde.engine.groups.schedule_search import extend_schedule
from tafelrunde.engine.tables import TableRule, plan_tables

PREFER_4 = TableRule()
PREFER_3 = TableRule(prefer=3, allow=(4,), max_other=2)
TARGETS = [(16, 5), (20, 5), (24, 7), (28, 9), (32, 10), (36, 11), (40, 13)]


def names(n: int) -> list[str]:
    """Return n player ids."""
    return [f"S{i:05d}" for i in range(n)]


def short_twice(games: Sequence[Sequence[Table]]) -> tuple[int, int]:
    """Return players at a 3-table twice in a row, and how many of them no draw could avoid."""
    total = unavoidable = 0
    for before, after in itertools.pairwise(games):
        short = {p for t in before if len(t) == 3 for p in t}
        present = {p for t in after for p in t}
        seats = sum(len(t) for t in after if len(t) > 3)
        total += sum(1 for t in after if len(t) == 3 for p in t if p in short)
        unavoidable += max(0, len(short & present) - seats)
    return total, unavoidable


def repeat_free_games(games: Sequence[Sequence[Table]]) -> int:
    """Return how many leading games have no repeated pair."""
    k = 0
    while k < len(games) and repeated_pairs(games[: k + 1]) == 0:
        k += 1
    return k


def large_fields() -> None:
    """(a) and (b): 1,000 and 10,000 players, 8 games."""
    print("(a) 1,000 players, 8 games")
    for label, n, rule in [
        ("prefer 4 (1000: no 3-tables)", 1000, PREFER_4),
        ("prefer 4 (1001: three 3-tables)", 1001, PREFER_4),
        ("prefer 3, at most two 4-tables", 1000, PREFER_3),
    ]:
        players = names(n)
        start = time.perf_counter()
        schedule = draw_games(players, 8, rule, seed=1)
        whole = time.perf_counter() - start
        start = time.perf_counter()
        games: list[list[Table]] = []
        for g in range(8):
            games.append(draw_tables(players, rule, seed=100 + g, previous=games))
        single = time.perf_counter() - start
        twice, forced = short_twice(schedule)
        twice_t, forced_t = short_twice(games)
        print(
            f"  {label:34s} draw_games: repeats {repeated_pairs(schedule)}, "
            f"3-table twice {twice} (unavoidable {forced}), {1000 * whole / 8:.1f} ms/game"
        )
        print(
            f"  {'':34s} draw_tables: repeats {repeated_pairs(games)}, "
            f"3-table twice {twice_t} (unavoidable {forced_t}), {1000 * single / 8:.1f} ms/game"
        )
    print("(b) 10,000 players, 8 games (prefer 4)")
    players = names(10_000)
    start = time.perf_counter()
    schedule = draw_games(players, 8, PREFER_4, seed=1)
    seconds = time.perf_counter() - start
    print(f"  draw_games: {seconds:.2f} s in all, repeats {repeated_pairs(schedule)}")


def golfer_targets() -> None:
    """(c) Social Golfer targets: repeat-free games reached and time."""
    print("(c) Social Golfer targets (tables of 4, draw_games)")
    for n, games in TARGETS:
        start = time.perf_counter()
        schedule = draw_games(names(n), games, PREFER_4, seed=1)
        seconds = time.perf_counter() - start
        reached = repeat_free_games(schedule)
        print(
            f"  {n:3d} x {games:2d}: {reached:2d} games without repeat, "
            f"repeats in all {repeated_pairs(schedule):3d}, {1000 * seconds:7.1f} ms"
        )


def general_search(n: int, games: int, seed: int) -> tuple[int, float]:
    """Run the general search (no design) on n relabelled players; return repeats, seconds."""
    rng = random.Random(seed)
    sizes = plan_tables(n, PREFER_4).sizes
    start = time.perf_counter()
    schedule = extend_schedule([], n, sizes, games, rng, budget=SCHEDULE_BUDGET)
    seconds = time.perf_counter() - start
    label = names(n)
    random.Random(seed + 1).shuffle(label)
    named = [[tuple(label[p] for p in t) for t in game] for game in schedule]
    return repeated_pairs(named), seconds


def beyond_limits() -> None:
    """(d) Beyond the designs or after drop-outs: fewest repeats within a fixed budget."""
    print(f"(d) beyond the limits (search budget {SCHEDULE_BUDGET:,} swap evaluations)")
    for n, games in [(32, 10), (30, 10), (36, 11)]:
        for seed in (1, 2, 3):
            repeats, seconds = general_search(n, games, seed)
            print(
                f"  general search {n} x {games}, seed {seed}: repeats {repeats}, {seconds:.2f} s"
            )
    for n, games in [(16, 6), (40, 14), (30, 10), (36, 11)]:
        start = time.perf_counter()
        schedule = draw_games(names(n), games, PREFER_4, seed=1)
        seconds = time.perf_counter() - start
        twice, _ = short_twice(schedule)
        print(
            f"  draw_games {n} x {games}: repeats {repeated_pairs(schedule)}, "
            f"3-table twice {twice}, {seconds:.2f} s"
        )
    rng = random.Random(5)
    players = names(1000)
    games: list[list[Table]] = []
    start = time.perf_counter()
    for g in range(8):
        if g == 4:
            for p in rng.sample(players, 37):
                players.remove(p)
        games.append(draw_tables(players, PREFER_4, seed=200 + g, previous=games))
    seconds = time.perf_counter() - start
    twice, forced = short_twice(games)
    print(
        f"  1000 x 8, 37 drop-outs after game 4 (draw_tables): repeats {repeated_pairs(games)}, "
        f"3-table twice {twice} (unavoidable {forced}), {seconds:.2f} s"
    )


def main() -> None:
    """Print every figure."""
    large_fields()
    golfer_targets()
    beyond_limits()


if __name__ == "__main__":
    main()
