"""Benchmark: standings of 10,000 players after 6 games each (target: under 0.5 s).

Run: .venv/bin/python bench/bench_standings.py [--players N] [--games G]
"""

from __future__ import annotations

import argparse
import random
import time

from tafelrunde.engine.groups.facts import Draw, Result, Tournament
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num
from tafelrunde.engine.players import Player
from tafelrunde.engine.tables import plan_tables
from tafelrunde.presets import preset_text


def ruleset(games: int):
    """Return the Alhambra preliminary with `games` games as the only stage."""
    import tomllib

    data = tomllib.loads(preset_text("alhambra"))
    data["stages"] = [dict(data["stages"][0], games=games)]
    return ruleset_from_dict(data)


def build(players: int, games: int, seed: int) -> Tournament:
    """Make a tournament with every game drawn and entered (random shuffles and scores)."""
    rng = random.Random(seed)
    rules = ruleset(games)
    ids = [f"p{i}" for i in range(players)]
    tour = Tournament("bench", rules, [Player(p, p) for p in ids], seed=seed)
    sizes = plan_tables(players, rules.stages[0].tables).sizes
    n = 0
    for game in range(1, games + 1):
        order = ids[:]
        rng.shuffle(order)
        tables, i = [], 0
        for s in sizes:
            tables.append(tuple(order[i : i + s]))
            i += s
        n += 1
        tour.facts.append(Draw(n=n, stage="vorrunde", game=game, seed=game, tables=tuple(tables)))
        for t, table in enumerate(tables, start=1):
            n += 1
            scores: dict[str, Num] = {p: rng.randint(40, 160) for p in table}
            tour.facts.append(Result(n=n, stage="vorrunde", game=game, table=t, scores=scores))
    return tour


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=10_000)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    tour = build(args.players, args.games, seed=1)
    t0 = time.perf_counter()
    state = TournamentState(tour)
    replay = time.perf_counter() - t0
    st = state.stages[0]
    t0 = time.perf_counter()
    st.standing(None)
    cold = time.perf_counter() - t0
    times = []
    for _ in range(args.repeat):
        st.touch()
        t0 = time.perf_counter()
        standing = st.standing(None)
        times.append(time.perf_counter() - t0)
    assert len(standing.rows) == args.players
    print(f"players={args.players} games={args.games} facts={len(tour.facts)}")
    print(f"replay of all facts (validated): {replay:.3f} s")
    print(f"first standings after loading (score every table, sum, rank): {cold:.3f} s")
    print(
        f"standings after a new result (sum, rank), best of {args.repeat}: {min(times):.3f} s"
        f" (median {sorted(times)[len(times) // 2]:.3f} s); target < 0.5 s"
    )


if __name__ == "__main__":
    main()
