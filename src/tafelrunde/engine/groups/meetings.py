"""Seat one game so that few pairs meet again: seeded greedy placement, then repair swaps."""

from __future__ import annotations

from collections.abc import Container, Sequence
from random import Random

# Penalties ordered by priority: a player from a 3-table at a 3-table again outweighs any
# number of keep-apart pairs, which outweigh any number of pairs that met before (cost 1).
MOVE_UP_PENALTY = 1 << 40
APART_PENALTY = 1 << 20
SMALL_TABLE = 3

_PROBES = 6  # random open tables tried before a wider scan
_SCAN = 48  # open tables scanned when no probe was free of cost
_SAMPLE = 48  # swap partners tried per repair step in a large field
_FULL_SCAN = 96  # fields up to this size try every swap partner


class Placement:
    """Place players at tables of fixed sizes and keep each player's cost at hand."""

    def __init__(
        self,
        sizes: Sequence[int],
        met: Sequence[Container[int]],
        *,
        groups: Sequence[frozenset[int]] | None = None,
        move_up: Sequence[bool] | None = None,
    ) -> None:
        self.sizes = tuple(sizes)
        self.players = sum(self.sizes)
        self.met = met
        self.groups = groups
        self.move_up = move_up
        self.tables: list[list[int]] = [[] for _ in self.sizes]
        self.where = [-1] * self.players
        # With more movers than seats at 4-tables some must stay at 3-tables: no swap helps.
        big_seats = sum(s for s in self.sizes if s > SMALL_TABLE)
        self.forced = move_up is not None and sum(move_up) > big_seats

    def needs_repair(self, p: int, cost: int) -> bool:
        """Say whether a swap might lower p's cost (a forced 3-table is no reason)."""
        return bool(cost % MOVE_UP_PENALTY if self.forced else cost)

    def cost_at(self, p: int, t: int, skip: int = -1) -> int:
        """Return what p costs at table t, ignoring players p and skip there."""
        met_p = self.met[p]
        cost = 0
        for q in self.tables[t]:
            if q != p and q != skip and q in met_p:
                cost += 1
        groups = self.groups
        if groups is not None and groups[p]:
            mine = groups[p]
            for q in self.tables[t]:
                if q != p and q != skip and not mine.isdisjoint(groups[q]):
                    cost += APART_PENALTY
        if self.move_up is not None and self.move_up[p] and self.sizes[t] <= SMALL_TABLE:
            cost += MOVE_UP_PENALTY
        return cost

    def greedy(self, order: Sequence[int], rng: Random) -> list[int]:
        """Seat players in order at the first cheap open table; return those seated at a cost."""
        free = list(range(len(self.sizes)))
        big = [t for t in free if self.sizes[t] > SMALL_TABLE]
        pos_free = {t: i for i, t in enumerate(free)}
        pos_big = {t: i for i, t in enumerate(big)}
        move_up = self.move_up
        costly: list[int] = []
        for p in order:
            mover = move_up is not None and move_up[p]
            pool = big if mover and big else free
            # A mover who finds no 4-table left pays the 3-table penalty at any table.
            t, cost = self._pick(p, pool, rng, MOVE_UP_PENALTY if mover and not big else 0)
            self.tables[t].append(p)
            self.where[p] = t
            if self.needs_repair(p, cost):
                costly.append(p)
            if len(self.tables[t]) == self.sizes[t]:
                _drop(free, pos_free, t)
                if t in pos_big:
                    _drop(big, pos_big, t)
        return costly

    def _pick(self, p: int, pool: list[int], rng: Random, floor: int) -> tuple[int, int]:
        """Return an open table for p from the pool (the first at cost floor) and the cost."""
        k = len(pool)
        best_t, best_cost = pool[0], -1
        for _ in range(min(_PROBES, k)):
            t = pool[int(rng.random() * k)]
            cost = self.cost_at(p, t)
            if cost == floor:
                return t, cost
            if best_cost < 0 or cost < best_cost:
                best_t, best_cost = t, cost
        if k > _PROBES:
            start = int(rng.random() * k)
            for i in range(min(_SCAN, k)):
                t = pool[(start + i) % k]
                cost = self.cost_at(p, t)
                if cost == floor:
                    return t, cost
                if cost < best_cost:
                    best_t, best_cost = t, cost
        return best_t, best_cost

    def repair(self, costly: list[int], rng: Random, budget: int) -> None:
        """Swap costly players with others while that lowers the cost, within a budget."""
        n = self.players
        queue = list(reversed(costly))
        evaluations = 0
        stale = 0
        while queue and evaluations < budget and stale < 4 * n + 100:
            p = queue.pop()
            a = self.where[p]
            own = self.cost_at(p, a)
            if not self.needs_repair(p, own):
                continue
            if n <= _FULL_SCAN:
                partners: Sequence[int] = range(n)
            else:
                partners = [int(rng.random() * n) for _ in range(_SAMPLE)]
            best_delta = 1
            best: list[int] = []
            for q in partners:
                b = self.where[q]
                if b == a:
                    continue
                evaluations += 1
                delta = self.cost_at(p, b, q) - own + self.cost_at(q, a, p) - self.cost_at(q, b)
                if delta < best_delta:
                    best_delta, best = delta, [q]
                elif delta == best_delta:
                    best.append(q)
            if not best or best_delta > 0:
                stale += 1
                continue
            q = best[int(rng.random() * len(best))]
            self.swap(p, q)
            stale = 0 if best_delta < 0 else stale + 1
            for x in (p, q, *self.tables[a]):
                if self.needs_repair(x, self.cost_at(x, self.where[x])) and x not in queue:
                    queue.insert(0, x)

    def swap(self, p: int, q: int) -> None:
        """Exchange the seats of p and q."""
        a, b = self.where[p], self.where[q]
        ta, tb = self.tables[a], self.tables[b]
        ta[ta.index(p)] = q
        tb[tb.index(q)] = p
        self.where[p], self.where[q] = b, a


def _drop(pool: list[int], pos: dict[int, int], t: int) -> None:
    """Remove t from the pool in constant time (the last entry takes its place)."""
    i = pos.pop(t)
    last = pool.pop()
    if last != t:
        pool[i] = last
        pos[last] = i


def seat_game(
    sizes: Sequence[int],
    met: Sequence[Container[int]],
    rng: Random,
    *,
    groups: Sequence[frozenset[int]] | None = None,
    move_up: Sequence[bool] | None = None,
    budget: int | None = None,
) -> list[list[int]]:
    """Seat players 0..n-1 at tables of the given sizes at the lowest cost found."""
    seating = Placement(sizes, met, groups=groups, move_up=move_up)
    n = seating.players
    order = list(range(n))
    rng.shuffle(order)
    # The hardest players choose first: those who must move up, then the grouped ones.
    if groups is not None:
        order.sort(key=lambda p: not groups[p])
    if move_up is not None:
        order.sort(key=lambda p: not move_up[p])
    costly = seating.greedy(order, rng)
    if costly:
        seating.repair(costly, rng, budget if budget is not None else 20_000 + 40 * n)
    return seating.tables
