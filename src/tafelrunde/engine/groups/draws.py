"""Draw tables for a game or a whole schedule: seeded, reproducible, few repeated pairs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.design_schedule import design_schedule
from tafelrunde.engine.groups.meetings import SMALL_TABLE, seat_game
from tafelrunde.engine.groups.schedule_search import extend_schedule, mixed_sizes
from tafelrunde.engine.tables import TableRule, plan_tables
from tafelrunde.i18n import msg

Table = tuple[str, ...]

# Swap evaluations the whole-schedule search may spend (about a second for 32 players).
SCHEDULE_BUDGET = 600_000


def _index(players: Sequence[str]) -> dict[str, int]:
    """Number the players in the given order; refuse a player named twice."""
    index: dict[str, int] = {}
    for p in players:
        if p in index:
            raise RuleError(msg("Player '{player}' is listed twice.", player=p), field="players")
        index[p] = len(index)
    return index


def _opponents(games: Sequence[Sequence[Sequence[str]]], index: dict[str, int]) -> list[set[int]]:
    """Return for each player the set of players met in the given games."""
    met: list[set[int]] = [set() for _ in index]
    for game in games:
        for table in game:
            ids = [index[p] for p in table if p in index]
            for p in ids:
                met[p].update(ids)
    for p, seen in enumerate(met):
        seen.discard(p)
    return met


def _move_up(last: Sequence[Sequence[str]], index: dict[str, int]) -> list[bool]:
    """Flag the players who sat at a 3-table in the given game."""
    flags = [False] * len(index)
    for table in last:
        if len(table) <= SMALL_TABLE:
            for p in table:
                if p in index:
                    flags[index[p]] = True
    return flags


def draw_tables(
    players: Sequence[str],
    rule: TableRule,
    *,
    seed: int,
    previous: Sequence[Sequence[Table]] = (),
    keep_apart: Sequence[Sequence[str]] = (),
    avoid_repeats: bool = True,
    three_to_four: bool = True,
) -> list[Table]:
    """Draw one game's tables: seeded, reproducible, honouring the constraints where possible."""
    sizes = plan_tables(len(players), rule).sizes
    index = _index(players)
    n = len(index)
    met: list[set[int]] = _opponents(previous, index) if avoid_repeats else [set()] * n
    move_up = None
    if three_to_four and previous and mixed_sizes(sizes):
        move_up = _move_up(previous[-1], index)
    groups = None
    if keep_apart:
        member: list[set[int]] = [set() for _ in range(n)]
        for number, group in enumerate(keep_apart):
            for p in group:
                if p in index:
                    member[index[p]].add(number)
        groups = [frozenset(g) for g in member]
    tables = seat_game(sizes, met, Random(seed), groups=groups, move_up=move_up)
    return [tuple(players[p] for p in table) for table in tables]


def draw_games(
    players: Sequence[str], games: int, rule: TableRule, *, seed: int
) -> list[list[Table]]:
    """Draw a whole schedule of games with as few repeated pairs as possible."""
    if games < 0:
        raise RuleError(msg("The number of games cannot be negative."), field="games")
    sizes = plan_tables(len(players), rule).sizes
    index = _index(players)
    n = len(index)
    rng = Random(seed)
    schedule = design_schedule(n, sizes, games, rng) if games else []
    schedule = schedule or []
    schedule = extend_schedule(schedule, n, sizes, games, rng, budget=SCHEDULE_BUDGET)
    return [[tuple(players[p] for p in table) for table in game] for game in schedule]


def repeated_pairs(games: Sequence[Sequence[Table]]) -> int:
    """Count pairs of players that met more than once (each extra meeting counts one)."""
    seen: Counter[tuple[str, str]] = Counter()
    for game in games:
        for table in game:
            ordered = sorted(table)
            for i, p in enumerate(ordered):
                for q in ordered[i + 1 :]:
                    seen[(p, q)] += 1
    return sum(c - 1 for c in seen.values() if c > 1)
