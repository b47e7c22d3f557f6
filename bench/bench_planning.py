"""Benchmark the page Planung: the wall time of one plan, as the page computes it.

Run: .venv/bin/python bench/bench_planning.py [--sizes 64,600] [--runs 50] [--preset schocken-ko]

For each field size it computes a plan with the page's number of runs (all of them: no time
budget) twice: with as many tables as the tournament asks for, and with a hall of a quarter
of them (players wait). It prints the runs, the wall time, the time per run and the predicted
duration; then whether the page's time budget would have cut the plan short.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from tafelrunde.sim.planning import BUDGET_SECONDS, DEFAULT_RUNS, MIN_RUNS, plan
from tafelrunde.sim.tour_model import hours_minutes


def one_plan(
    preset: str, players: int, tables: int, runs: int, seed: int
) -> tuple[dict[str, Any], float]:
    """Compute one plan without a budget; return it and its wall seconds."""
    began = time.perf_counter()
    data = plan(preset=preset, players=players, tables=tables, seed=seed, runs=runs)
    return data, time.perf_counter() - began


def main() -> None:
    """Measure the sizes and print one line per plan."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="64,600")
    ap.add_argument("--runs", type=int, default=DEFAULT_RUNS)
    ap.add_argument("--preset", default="schocken-ko")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(
        f"{'preset':12} {'players':>7} {'tables':>6} {'runs':>5} {'wall s':>7} {'s/run':>6} "
        f"{'median':>7} {'range':>13} {'longest wait':>12} {'in use':>6}"
    )
    for n in (int(s) for s in args.sizes.split(",")):
        enough = n  # never more tables than players: the tournament takes what it needs
        for tables in (enough, max(1, n // 16)):
            data, wall = one_plan(args.preset, n, tables, args.runs, args.seed)
            d, w = data["duration"]["text"], data["longest_wait"]["text"]
            print(
                f"{args.preset:12} {n:7d} {tables:6d} {data['runs']:5d} {wall:7.1f} "
                f"{wall / data['runs']:6.2f} {d['median']:>7} {d['min'] + '–' + d['max']:>13} "
                f"{w['max']:>12} {int(data['tables_max']['max']):6d}"
            )
            if wall > BUDGET_SECONDS:
                kept = max(MIN_RUNS, int(BUDGET_SECONDS / (wall / data["runs"])) + 1)
                print(f"{'':12} the page's {BUDGET_SECONDS:.0f} s budget: about {kept} runs")
    print(
        f"\nOne plan = up to {args.runs} runs (seeds seed, seed+1, ...), format D on the fast "
        f"path; 'tables' is the hall's physical tables (the second line: a quarter of what the "
        f"tournament would use, roughly, so players wait). 'median', 'range' and 'longest wait' "
        f"are simulated times ({hours_minutes(3600)} = one hour); 'in use' the most tables "
        f"at once. The page stops a plan after the run that passes {BUDGET_SECONDS:.0f} s "
        f"(never before {MIN_RUNS} runs) and shows how many it used."
    )


if __name__ == "__main__":
    main()
