"""The season table of 60 evenings × 80 persons (engine, best 6): median and p95 in ms."""

from __future__ import annotations

import datetime
import random
import statistics
import time

from tafelrunde.engine.season import Evening, EveningResult, Person, season_table
from tafelrunde.presets.seasons import load_season_rules

SEED = 2026  # the recorded seed of the made-up results


def evenings(rng: random.Random) -> tuple[list[Evening], dict[str, Person]]:
    """60 evenings, each with 30–60 of 80 persons (every tenth a guest) in random places."""
    persons = {f"p{k}": Person(f"Person {k:02d}", member=k % 10 != 0) for k in range(80)}
    out = []
    for i in range(60):
        came = rng.sample(sorted(persons), rng.randint(30, 60))
        results = tuple(EveningResult(p, place, len(came)) for place, p in enumerate(came, 1))
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=6 * i)
        out.append(Evening(f"abend-{i}", day, f"Abend {i + 1}", results))
    return out, persons


def main() -> None:
    """Time the table 50 times and print the figures."""
    rules = load_season_rules("beste-6-von-10")
    days, persons = evenings(random.Random(SEED))
    times = []
    for _ in range(50):
        start = time.perf_counter()
        season_table(rules, days, persons)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"season_table 60 evenings x 80 persons: median {statistics.median(times):.1f} ms, "
          f"p95 {p95:.1f} ms (target < 50 ms)")  # fmt: skip


if __name__ == "__main__":
    main()
