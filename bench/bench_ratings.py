"""Benchmark: ratings of 10,000 persons over 100,000 games of 3–4 players (target: under 10 s).

Run: .venv/bin/python bench/bench_ratings.py [--persons N] [--games G] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from tafelrunde.engine.ratings import Game, ratings

FAMILIES = ("alhambra", "king-lui", "gruppenmodus", "schocken")


def build(persons: int, games: int, seed: int) -> list[Game]:
    """Random games: 3 or 4 persons, random places with some ties, one of four families."""
    rng = random.Random(seed)
    ids = [f"person-{i:05d}" for i in range(persons)]
    out = []
    for k in range(games):
        size = rng.choice((3, 4))
        at_table = rng.sample(ids, size)
        places = {p: rng.randint(1, size) for p in at_table}  # ties included
        key = f"2026-{1 + k // 10_000:02d}-{k % 10_000:05d}"
        out.append(Game(key, rng.choice(FAMILIES), places, tiebreak=f"g{k:06d}"))
    return out


def main() -> None:
    """Build the games, rate them all, print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--persons", type=int, default=10_000)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=20261123)
    args = ap.parse_args()
    t0 = time.perf_counter()
    games = build(args.persons, args.games, args.seed)
    built = time.perf_counter() - t0
    t0, c0 = time.perf_counter(), time.process_time()
    result = ratings(games)
    total, cpu = time.perf_counter() - t0, time.process_time() - c0
    seats = sum(len(g.places) for g in games)
    best = result.ranking("alhambra")[0]
    print(f"persons={args.persons} games={args.games} seats={seats} seed={args.seed}")
    print(f"games built (not timed below): {built:.2f} s")
    print(f"ratings of all games (sort, {args.games} openskill rate calls, history): {total:.2f} s")
    print(f"  of it on the processor (this process): {cpu:.2f} s")
    print(f"games per second: {args.games / total:,.0f}")
    print(f"(person, family) ratings: {len(result)}")
    print(f"best alhambra: {best.person} {best.shown()} after {best.games} games")


if __name__ == "__main__":
    main()
