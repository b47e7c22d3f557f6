"""Schedules taken from stored designs: relabelled by seed, with up to three seats left empty."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from random import Random

from tafelrunde.engine.groups.designs import Design, designs_for

Game = list[list[int]]

_ORDER_NODES = 20_000  # search steps allowed to order rounds for the 3-table rule
_MAX_PLAYERS = 256  # larger fields draw without repeats greedily; designs would only cost time


def _absent(design: Design, empty: int, rng: Random) -> tuple[int, ...] | None:
    """Pick `empty` players of the design who never share a table, or None."""
    players = 4 * len(design[0])
    if empty > 1 and 3 * len(design) == players - 1:
        return None  # everybody meets everybody: no two players can stay apart
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


def _order_rounds(short: list[frozenset[int]], length: int, rng: Random) -> list[int] | None:
    """Pick rounds in an order that seats nobody at a 3-table twice in a row, or None."""
    count = len(short)
    start = list(range(count))
    rng.shuffle(start)
    nodes = 0
    path: list[int] = []
    used = [False] * count

    def extend() -> bool:
        nonlocal nodes
        nodes += 1
        if len(path) == length:
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

    return path if extend() else None


def design_schedule(
    players: int, sizes: Sequence[int], games: int, rng: Random
) -> list[Game] | None:
    """Return up to `games` repeat-free games from a design, or None when none fits the plan."""
    empty = sum(1 for s in sizes if s == 3)
    if empty > 3 or any(s not in (3, 4) for s in sizes) or (players + empty) % 4:
        return None
    if players + empty > _MAX_PLAYERS:
        return None
    for design in designs_for(players + empty):
        absent = _absent(design, empty, rng) if empty else ()
        if absent is None:
            continue
        gone = set(absent)
        label = list(range(players))
        rng.shuffle(label)
        kept = [p for p in range(players + empty) if p not in gone]
        name = dict(zip(kept, label, strict=True))
        rounds: list[Game] = []
        for round_ in design:
            game = [[name[p] for p in table if p not in gone] for table in round_]
            rng.shuffle(game)
            game.sort(key=len, reverse=True)  # the plan's order: 4-tables first
            for table in game:
                rng.shuffle(table)
            rounds.append(game)
        short = [frozenset(p for t in game if len(t) == 3 for p in t) for game in rounds]
        order = _order_rounds(short, min(games, len(rounds)), rng)
        if order is not None:
            return [rounds[r] for r in order]
    return None
