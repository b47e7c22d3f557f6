"""Online sign-ups and cancellations at the same moment against the real server (SQLite: one
process; PostgreSQL: two), each phone its own loopback address:

1. 20 places, 40 sign-ups (20 waiting), then 10 players tap "Abmelden" at once;
2. 6 places, 10 sign-ups (4 waiting), then 4 players tap "Abmelden" twice each while 6 new
   sign-ups come in;
3. 50 places, 60 sign-ups (10 waiting), then 200 new sign-ups and 35 cancellations at once.

Prints per race: server errors, players against places, cancelled registrants still among
the players (ghosts), and places given out of the order the sign-ups came (a later sign-up
playing while an earlier one still waits). Asserts nothing.

`python bench/bench_races.py [--pg]` (--pg: also on a private PostgreSQL server).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from loadclient import NO_ANSWER, on_each_database
from races import Rig, at_once, cancelling, rig, signing_up

RACES = (  # places, sign-ups before, cancellations (taps each), new sign-ups
    (20, 40, [(k, 1) for k in range(0, 20, 2)], 0),
    (6, 10, [(0, 2), (2, 2), (5, 2), (7, 2)], 6),
    (50, 60, [(k, 1) for k in (*range(1, 60, 2), *range(0, 10, 2))], 200),
)


def outcome(state: dict[str, Any], places: int) -> dict[str, int]:
    """Players against places, ghosts, and places given out of order."""
    rows = state["rows"]
    here = [r for r in rows if r["status"] in ("playing", "waiting")]
    playing = [r for r in here if r["status"] == "playing"]
    first_waiting = min((r["pk"] for r in here if r["status"] == "waiting"), default=None)
    late = [r for r in playing if first_waiting is not None and r["pk"] > first_waiting]
    gone = {r["player"] for r in rows if r["status"] not in ("playing", "waiting") and r["player"]}
    ghosts = len(gone & set(state["players"]))
    free = places - len(playing)
    unfilled = min(free, len([r for r in here if r["status"] == "waiting"]))
    return {"players": len(playing), "places": places, "ghosts": ghosts,
            "late ahead": len(late), "free while some wait": max(0, unfilled)}  # fmt: skip


def race(hall: Rig, places: int, before: int, taps: list[tuple[int, int]], new: int) -> None:
    """One race, printed."""
    made = hall.call("sign_up_tournament", entered=0, capacity=places, room=None, signed=before)
    jobs = []
    for k, times in taps:
        phone = hall.phone()
        jobs += [
            cancelling(phone if t == 0 else phone.twin(), made["tokens"][k]) for t in range(times)
        ]
    jobs += [signing_up(hall.phone(), made["pk"], f"Neu {k:03d}") for k in range(new)]
    answers = at_once(jobs)
    errors = sum(a.status >= 500 or a.status == NO_ANSWER for a in answers)
    result = outcome(hall.call("sign_ups", pk=made["pk"]), places)
    said = ", ".join(f"{k} {v}" for k, v in result.items())
    print(
        f"  {places} places, {before} signed up, {len(taps)} cancel "
        f"({sum(t for _, t in taps)} taps), {new} new: {errors} × 500; {said}",
        flush=True,
    )


def main() -> None:
    """Run the races on the database the first argument names."""
    which = sys.argv[1] if len(sys.argv) > 1 else "sqlite"
    if which not in ("sqlite", "postgresql"):
        sys.exit(on_each_database(__file__, "--pg" in sys.argv))
    print(f"\n{which}:", flush=True)
    import os

    if which == "postgresql":
        os.environ["TAFELRUNDE_DATABASE_URL"] = os.environ["TAFELRUNDE_BENCH_PG_URL"]
    with tempfile.TemporaryDirectory() as folder, rig(Path(folder)) as hall:
        for places, before, taps, new in RACES:
            race(hall, places, before, taps, new)


if __name__ == "__main__":
    main()
