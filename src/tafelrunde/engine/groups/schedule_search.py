"""Simulated annealing over a whole schedule of games: fewer repeated pairs, 3-table rule kept."""

from __future__ import annotations

import math
from collections.abc import Sequence
from random import Random

from tafelrunde.engine.groups.meetings import SMALL_TABLE, seat_game

Game = list[list[int]]

_START_HEAT = 0.6  # annealing temperature at the start and at the end, in repeats
_END_HEAT = 0.2
_FULL_SCAN = 96  # fields up to this size try every swap partner
_SAMPLE = 64  # swap partners tried per step in a larger field


class ScheduleSearch:
    """Keep a schedule with per-player meeting counts and the list of repeated pairs."""

    def __init__(self, games: list[Game], players: int, *, move_up: bool) -> None:
        self.n = players
        self.tables = [[list(t) for t in game] for game in games]
        self.where = [[-1] * players for _ in games]
        self.small: list[list[bool]] = []
        for g, game in enumerate(self.tables):
            mixed = move_up and any(len(t) > SMALL_TABLE for t in game)
            self.small.append([mixed and len(t) <= SMALL_TABLE for t in game])
            for i, table in enumerate(game):
                for p in table:
                    self.where[g][p] = i
        self.count: list[dict[int, int]] = [{} for _ in range(players)]
        self.repeats: list[tuple[int, int]] = []
        self.slot: dict[tuple[int, int], int] = {}
        self.cost = 0
        for game in self.tables:
            for table in game:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        self._meet(p, q)

    def _meet(self, p: int, q: int) -> None:
        """Count one more meeting of p and q."""
        c = self.count[p].get(q, 0) + 1
        self.count[p][q] = c
        self.count[q][p] = c
        if c >= 2:
            self.cost += 1
            if c == 2:
                pair = (p, q) if p < q else (q, p)
                self.slot[pair] = len(self.repeats)
                self.repeats.append(pair)

    def _part(self, p: int, q: int) -> None:
        """Count one meeting of p and q less."""
        c = self.count[p][q] - 1
        if c:
            self.count[p][q] = c
            self.count[q][p] = c
        else:
            del self.count[p][q]
            del self.count[q][p]
        if c >= 1:
            self.cost -= 1
            if c == 1:
                pair = (p, q) if p < q else (q, p)
                i = self.slot.pop(pair)
                last = self.repeats.pop()
                if last != pair:
                    self.repeats[i] = last
                    self.slot[last] = i

    def delta(self, g: int, p: int, q: int) -> int:
        """Return how the number of repeats changes when p and q swap seats in game g."""
        where = self.where[g]
        a, b = where[p], where[q]
        cp, cq = self.count[p], self.count[q]
        d = 0
        for x in self.tables[g][a]:
            if x != p:
                if cp[x] >= 2:
                    d -= 1
                if x in cq:
                    d += 1
        for y in self.tables[g][b]:
            if y != q:
                if cq[y] >= 2:
                    d -= 1
                if y in cp:
                    d += 1
        return d

    def _small_at(self, g: int, p: int) -> int:
        """Return 1 if p sits at a 3-table in game g (0 outside the schedule)."""
        if 0 <= g < len(self.tables):
            return 1 if self.small[g][self.where[g][p]] else 0
        return 0

    def move_up_delta(self, g: int, p: int, q: int) -> int:
        """Return how the count of 3-tables twice in a row changes when p and q swap in game g."""
        a, b = self.where[g][p], self.where[g][q]
        if self.small[g][a] == self.small[g][b]:
            return 0
        around_p = self._small_at(g - 1, p) + self._small_at(g + 1, p)
        around_q = self._small_at(g - 1, q) + self._small_at(g + 1, q)
        return around_q - around_p if self.small[g][a] else around_p - around_q

    def swap(self, g: int, p: int, q: int) -> None:
        """Exchange the seats of p and q in game g."""
        where = self.where[g]
        a, b = where[p], where[q]
        ta, tb = self.tables[g][a], self.tables[g][b]
        for x in ta:
            if x != p:
                self._part(p, x)
                self._meet(q, x)
        for y in tb:
            if y != q:
                self._part(q, y)
                self._meet(p, y)
        ta[ta.index(p)] = q
        tb[tb.index(q)] = p
        where[p], where[q] = b, a

    def snapshot(self) -> list[Game]:
        """Return a copy of the current schedule."""
        return [[list(t) for t in game] for game in self.tables]


def lower_bound(games: list[Game], players: int) -> int:
    """Return a floor for the repeats: meetings beyond the number of distinct pairs."""
    meetings = sum(len(t) * (len(t) - 1) // 2 for game in games for t in game)
    return max(0, meetings - players * (players - 1) // 2)


def improve_schedule(
    games: list[Game], players: int, rng: Random, *, budget: int, move_up: bool = True
) -> list[Game]:
    """Return the schedule with the fewest repeats found within budget swap evaluations."""
    search = ScheduleSearch(games, players, move_up=move_up)
    floor = lower_bound(games, players)
    best_cost, best = search.cost, search.snapshot()
    n = players
    evaluations = improved_at = 0
    while evaluations < budget and search.cost > floor and search.repeats:
        if evaluations - improved_at > budget // 2:
            break  # stuck for half the budget: the rest would most likely be wasted
        # Move one player of a repeated pair, in a game where the pair meets, to the seat
        # that costs least; accept a worse seat now and then (simulated annealing).
        a, b = search.repeats[int(rng.random() * len(search.repeats))]
        shared = [g for g, where in enumerate(search.where) if where[a] == where[b]]
        g = shared[int(rng.random() * len(shared))]
        p = a if rng.random() < 0.5 else b
        where = search.where[g]
        home = where[p]
        partners = range(n) if n <= _FULL_SCAN else [int(rng.random() * n) for _ in range(_SAMPLE)]
        best_delta, choice, ties = 0, -1, 0
        for q in partners:
            if where[q] == home or search.move_up_delta(g, p, q) > 0:
                continue
            evaluations += 1
            d = search.delta(g, p, q)
            if choice < 0 or d < best_delta:
                best_delta, choice, ties = d, q, 1
            elif d == best_delta:
                ties += 1
                if rng.random() * ties < 1:
                    choice = q
        if choice < 0:
            evaluations += 1
            continue
        heat = _START_HEAT * (_END_HEAT / _START_HEAT) ** (evaluations / budget)
        if best_delta <= 0 or rng.random() < math.exp(-best_delta / heat):
            search.swap(g, p, choice)
            if search.cost < best_cost:
                best_cost, best = search.cost, search.snapshot()
                improved_at = evaluations
    return best


def mixed_sizes(sizes: Sequence[int]) -> bool:
    """Say whether a plan has both 3-tables and larger ones (so the 3-table rule applies)."""
    return any(s <= SMALL_TABLE for s in sizes) and any(s > SMALL_TABLE for s in sizes)


def extend_schedule(
    schedule: list[Game],
    players: int,
    sizes: Sequence[int],
    games: int,
    rng: Random,
    *,
    budget: int,
) -> list[Game]:
    """Draw games up to `games` greedily after the given ones, then anneal if repeats remain."""
    schedule = list(schedule)
    met: list[set[int]] = [set() for _ in range(players)]
    repeats = 0

    def remember(game: Game) -> None:
        nonlocal repeats
        for table in game:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    if q in met[p]:
                        repeats += 1
                    met[p].add(q)
                    met[q].add(p)

    for game in schedule:
        remember(game)
    mixed = mixed_sizes(sizes)
    while len(schedule) < games:
        move_up = None
        if mixed and schedule:
            move_up = [False] * players
            for table in schedule[-1]:
                if len(table) <= SMALL_TABLE:
                    for p in table:
                        move_up[p] = True
        game = seat_game(sizes, met, rng, move_up=move_up)
        remember(game)
        schedule.append(game)
    if repeats > lower_bound(schedule, players):
        schedule = improve_schedule(schedule, players, rng, budget=budget)
    return schedule
