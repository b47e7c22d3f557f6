"""Plan an evening: simulate a preset for a number of players at a number of physical tables.

The runs use the seeds seed, seed+1, ...; a time budget may end them early (never before
MIN_RUNS), and the plan says how many it used, so that the same seed and number of runs give
the same plan again. Format D plays on the fast path (the threshold bot, statistically equal
to the exact engine and much quicker). The result is plain data for a page or a file.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from tafelrunde.presets import AnyRules
from tafelrunde.sim.tour_model import RunFigures
from tafelrunde.sim.tournament import Progress, TournamentSim, check_setup, simulate_tournament

DEFAULT_RUNS = 40  # runs of a plan: 600 players of format D in 15–50 s here (bench_planning)
MIN_RUNS = 3  # a budget never ends a plan before these
BUDGET_SECONDS = 45.0  # the page's plans stop after the run that passes this much time
CHART_POINTS = 400  # at most this many steps of tables in use are kept for the chart
ENGINE = "fast"


def plan(
    *,
    preset: str,
    players: int,
    tables: int,
    seed: int,
    runs: int = DEFAULT_RUNS,
    budget: float | None = None,
    progress: Progress | None = None,
    rules: AnyRules | None = None,
) -> dict[str, Any]:
    """Simulate up to `runs` runs (fewer when the budget in seconds is spent); summarise them.
    With `rules` (a club's own preset) those are played, `preset` naming them."""
    check_setup(preset, players, tables, rules=rules)
    began = time.perf_counter()

    def enough(done: int) -> bool:
        return budget is not None and done >= MIN_RUNS and time.perf_counter() - began > budget

    sim = simulate_tournament(
        preset=preset,
        players=players,
        seed=seed,
        runs=runs,
        engine=ENGINE,
        progress=progress,
        tables=tables,
        enough=enough,
        rules=rules,
    )
    return summary(sim)


def typical_run(runs: list[RunFigures]) -> RunFigures:
    """Return the run of median duration (the shorter of the two middle ones)."""
    ordered = sorted(runs, key=lambda r: (r.duration, r.seed))
    return ordered[(len(ordered) - 1) // 2]


def summary(sim: TournamentSim) -> dict[str, Any]:
    """Return what a plan shows: durations and waits of all runs, the typical run's tables."""
    typical = typical_run(sim.runs)
    return sim.head() | {
        "durations": [round(r.duration, 1) for r in sim.runs],
        "waits": [round(r.longest_wait, 1) for r in sim.runs],
        "duration": sim.spread("duration").to_json(clock=True),
        "longest_wait": sim.spread("longest_wait").to_json(clock=True),
        "tables_max": sim.spread("tables_max").to_json(),
        "typical": {
            "seed": typical.seed,
            "duration": round(typical.duration, 1),
            "tables_max": typical.tables_max,
            "in_use": [[round(t, 1), n] for t, n in coarse(typical.in_use, typical.duration)],
        },
        "median_duration": float(statistics.median(r.duration for r in sim.runs)),
        "wall_seconds": round(sim.seconds, 3),
    }


def coarse(
    steps: list[tuple[float, int]], end: float, points: int = CHART_POINTS
) -> list[tuple[float, int]]:
    """Keep at most `points` steps: the most tables in use within each equal slice of time."""
    if len(steps) <= points or end <= 0:
        return list(steps)
    width = end / points
    most = [0] * points
    for k, (t, n) in enumerate(steps):
        until = steps[k + 1][0] if k + 1 < len(steps) else end
        first = min(points - 1, int(t / width))
        last = min(points - 1, max(first, int(until / width) - (until % width == 0)))
        for b in range(first, last + 1):
            most[b] = max(most[b], n)
    out: list[tuple[float, int]] = []
    for b, n in enumerate(most):
        if not out or out[-1][1] != n:
            out.append((b * width, n))
    if steps[-1][0] >= end and out[-1][1] != steps[-1][1]:
        out.append((end, steps[-1][1]))  # the end (no tables) stays a step of its own
    return out
