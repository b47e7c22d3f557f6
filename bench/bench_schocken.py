"""Benchmark Schocken: hands ranked per second (ours scalar and NumPy, the peer), games per second.

Run: .venv/bin/python bench/bench_schocken.py [--hands N] [--peer-hands N]
(prints figures, asserts nothing). The peer is the PyPI package `schocken` 0.2.0, installed
with `.venv/bin/pip install -e '.[bench]'` or `.venv/bin/pip install schocken==0.2.0`.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tafelrunde.schocken.hands import ORDERED_THROWS, Hand
from tafelrunde.schocken.variants import SEED_002
from tafelrunde.sim.schocken_exact import simulate_exact
from tafelrunde.sim.schocken_fast import rank_hands, simulate_fast
from tafelrunde.sim.schocken_lookup import code_of, key_by_dice, strength_table

Dice = tuple[int, int, int]


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    """Run fn once; return its result and the seconds it took."""
    began = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - began


def best_of(fn: Callable[[], Any], repeat: int = 3) -> tuple[Any, float]:
    """Run fn a few times; return the result and the fastest time."""
    runs = [timed(fn) for _ in range(repeat)]
    return runs[0][0], min(seconds for _, seconds in runs)


def peer_ranker() -> tuple[Callable[[Dice], float], str] | None:
    """Return the peer's ranking (lower is better) and its version, or None if not installed."""
    try:
        from schocken.wurf import prioritaet, welcher_wurf

        import schocken as peer
    except ImportError:
        return None

    def rank(dice: Dice) -> float:
        return float(prioritaet(welcher_wurf(dice, True)))

    return rank, str(peer.__version__)


def order_agreement(rank: Callable[[Dice], float]) -> tuple[int, int]:
    """Count pairs of throws both engines order alike (seed-002 ranking; the peer's Jule aside)."""
    ours = key_by_dice(SEED_002)  # the peer ranks every Schock above every General
    jule = {(4, 2, 1)}
    throws = [d for d in ORDERED_THROWS if tuple(sorted(d, reverse=True)) not in jule]
    theirs = {d: -rank(d) for d in throws}  # the peer's priority is lower for better hands
    same = total = 0
    for a in throws:
        for b in throws:
            total += 1
            ours_cmp = (ours[a] > ours[b]) - (ours[a] < ours[b])
            same += ours_cmp == (theirs[a] > theirs[b]) - (theirs[a] < theirs[b])
    return same, total


def rank_hands_bench(count: int, peer_count: int, seed: int) -> None:
    """(a) and (b): rank the same random hands with every path; print rates and ratios."""
    rng = random.Random(seed)
    r = rng.randint
    hands: list[Dice] = [(r(1, 6), r(1, 6), r(1, 6)) for _ in range(count)]
    print(f"(a) ranking {count:,} random hands (three dice thrown at once), seed {seed}")

    key = key_by_dice()
    scalar, t_scalar = best_of(lambda: list(map(key.__getitem__, hands)))
    table = strength_table()
    coded, t_coded = best_of(lambda: [table[code_of(h)] for h in hands], repeat=1)
    sample = hands[: count // 10]
    _, t_hand = timed(lambda: [Hand.of(h).strength() for h in sample])
    t_hand *= count / len(sample)
    array, t_array = timed(lambda: np.array(hands, dtype=np.uint8))
    rank_hands(array[:10])  # build the lookup table before timing
    vector, t_numpy = best_of(lambda: rank_hands(array), repeat=5)
    assert scalar == coded == vector.tolist(), "the paths must rank alike"

    rates = {
        "scalar: dict lookup by dice (ours)": count / t_scalar,
        "scalar: list lookup by code (ours)": count / t_coded,
        "scalar: Hand.of(...).strength() (ours, 1/10 extrapolated)": count / t_hand,
        "NumPy: vectorised lookup on an (n, 3) uint8 array (ours)": count / t_numpy,
    }
    for name, rate in rates.items():
        print(f"    {name:<60} {rate:>15,.0f} hands/s")
    print(f"    (building the NumPy array from the list took {t_array:.3f} s, not counted)")

    print("(b) the peer: PyPI package `schocken`")
    found = peer_ranker()
    if found is None:
        print("    not installed: .venv/bin/pip install schocken==0.2.0")
        return
    rank, version = found
    same, total = order_agreement(rank)
    print(f"    schocken {version}: prioritaet(welcher_wurf(dice)) per hand")
    print(f"    order agrees with ours on {same:,} of {total:,} pairs of throws")
    print("    (seed-002 ranking; 4-2-1 left out: the peer's Jule is a house rule of its own)")
    part = hands[: min(peer_count, count)]
    peer_keys, t_peer = timed(lambda: [rank(h) for h in part])
    assert len(peer_keys) == len(part)
    peer_rate = len(part) / t_peer
    how = "all hands" if len(part) == count else f"first {len(part):,} hands, extrapolated"
    print(f"    {'peer (' + how + ')':<60} {peer_rate:>15,.0f} hands/s")
    print(f"    the peer takes {count / peer_rate:.1f} s for {count:,} hands")
    best_scalar = max(count / t_scalar, count / t_coded)
    print(f"    ratio scalar / peer: {best_scalar / peer_rate:>8,.0f}x   (target >= 100x)")
    print(f"    ratio NumPy  / peer: {count / t_numpy / peer_rate:>8,.0f}x   (target >= 1,000x)")


def games_bench(players: Sequence[int]) -> None:
    """(c): whole games per second, exact engine (both bots) and the fast path."""
    print("(c) whole games simulated per second (two halves and maybe a decider)")
    for n in players:
        runs = [
            ("exact engine, threshold bot", simulate_exact(players=n, games=200, seed=1)),
            ("exact engine, odds bot", simulate_exact(players=n, games=10, seed=1, bot="odds")),
            ("fast path (NumPy), threshold bot", simulate_fast(players=n, games=20_000, seed=1)),
        ]
        for name, stats in runs:
            print(
                f"    {n} players, {name:<34} {stats.games_per_second:>10,.0f} games/s"
                f"  ({stats.games:,} games, {stats.rounds_per_game.mean:.1f} rounds each)"
            )


def main() -> None:
    """Parse the options and run the three parts."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--peer-hands", type=int, default=1_000_000, help="peer subset")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, nargs="*", default=[4])
    args = parser.parse_args()
    rank_hands_bench(args.hands, args.peer_hands, args.seed)
    games_bench(args.players)


if __name__ == "__main__":
    main()
