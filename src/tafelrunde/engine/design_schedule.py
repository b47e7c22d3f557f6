"""Schedules taken from stored designs: relabelled by seed, with up to three seats left empty."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from random import Random

from tafelrunde.engine.designs import Design, designs_for

Game = list[list[int]]

_ORDER_NODES = 20_000  # search steps allowed to order rounds for the 3-table rule


def _absent(design: Design, empty: int, rng: Random) -> tuple[int, ...] | None:
    """Pick `empty` players of the design who never share a table, or None."""
    players = 4 * len(design[0])
    met: set[tuple[int, int]] = set()
    for round_ in design:
        for table in round_:
            met.update(combinations(sorted(table), 2))
    order = list(range(players))
    rng.shuffle(order)
    for chosen in combinations(order, empty):
        if all(pair not in met for pair in combinations(sorted(chosen), 2)):
            return chosen
    return None


def _order_rounds(short: list[frozenset[int]], rng: Random) -> list[int]:
    """Order rounds so that nobody sits at a 3-table twice in a row, where the search finds it."""
    count = len(short)
    start = list(range(count))
    rng.shuffle(start)
    nodes = 0
    path: list[int] = []
    used = [False] * count

    def extend() -> bool:
        nonlocal nodes
        nodes += 1
        if len(path) == count:
            return True
        if nodes > _ORDER_NODES:
            return False
        for r in start:
            if not used[r] and (not path or short[path[-1]].isdisjoint(short[r])):
                used[r] = True
                path.append(r)
                if extend():
                    return True
                path.pop()
                used[r] = False
        return False

    return path if extend() else start


def design_schedule(
    players: int, sizes: Sequence[int], games: int, rng: Random
) -> list[Game] | None:
    """Return up to `games` repeat-free games from a design, or None when none fits the plan."""
    empty = sum(1 for s in sizes if s == 3)
    if empty > 3 or any(s not in (3, 4) for s in sizes) or (players + empty) % 4:
        return None
    for design in designs_for(players + empty):
        absent = _absent(design, empty, rng) if empty else ()
        if absent is None:
            continue
        gone = set(absent)
        label = [p for p in range(players + empty) if p not in gone]
        rng.shuffle(label)
        name = dict(zip(sorted(set(range(players + empty)) - gone), label, strict=True))
        rounds: list[Game] = []
        for round_ in design:
            game = [[name[p] for p in table if p not in gone] for table in round_]
            rng.shuffle(game)
            game.sort(key=len, reverse=True)  # the plan's order: 4-tables first
            for table in game:
                rng.shuffle(table)
            rounds.append(game)
        short = [frozenset(p for t in game if len(t) == 3 for p in t) for game in rounds]
        return [rounds[r] for r in _order_rounds(short, rng)][:games]
    return None
