"""Pages made once per change: an 800-player group-mode tournament in play (a game drawn,
results coming in), its overview and final ranking read by visitors who are not logged in,
in this process (Django's test client, SQLite).

For each page and each of `--changes` stored results: the first GET after the result (cold)
and `--reads` - 1 GETs after it (warm), in ms, and how many times the page's template was
rendered per 100 GETs. Then a crowd: `--crowd` threads GET the page at once right after a
result; the wall time until all have it and how many renders it cost. Prints figures;
asserts nothing. Run it on an older checkout (PYTHONPATH=that/src) to compare.

Run: python bench/bench_render_once.py [--players 800] [--changes 5] [--reads 100]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from loadclient import django_on

PAGES = {
    "overview": ("", "public/overview.html"),
    "final ranking": ("endstand/", "public/ranking.html"),
}


def build(players: int) -> int:
    """Store the tournament: the first game drawn, a quarter of its results still missing."""
    from tafelrunde.engine.groups.actions import next_draw, record
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.sim.autoplay import random_result
    from tafelrunde.web.core.domain.store import save_new

    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, players + 1)]
    tour = Tournament("Hallentest", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=1))
    assert state.current is not None
    missing = state.current.missing_results()
    rng = random.Random(2)
    for game, table in missing[: len(missing) * 3 // 4]:
        record(state, random_result(state, game, table, rng))
    return save_new(tour).pk


def one_result(pk: int, rng: random.Random) -> None:
    """Store one missing result, as the organiser's form does."""
    from tafelrunde.engine.groups.actions import record
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.i18n import msg
    from tafelrunde.sim.autoplay import random_result
    from tafelrunde.web.core.domain.store import Logged, append

    def change(tour: Any) -> Any:
        state = TournamentState(tour)
        assert state.current is not None
        game, table = state.current.missing_results()[0]
        return record(state, random_result(state, game, table, rng), at="2026-11-27T20:00:00")

    append(pk, change, log=lambda f: Logged(msg("Result entered"), f.n))


class Renders:
    """Count the renders of one template (in every thread)."""

    def __init__(self, name: str) -> None:
        """Start counting."""
        from django.test.signals import template_rendered

        self.name, self.count = name, 0
        self._lock = threading.Lock()
        template_rendered.connect(self.note, weak=False)

    def note(self, sender: Any, template: Any, **_: Any) -> None:
        """One render seen."""
        if template.name == self.name:
            with self._lock:
                self.count += 1

    def stop(self) -> None:
        """Stop counting."""
        from django.test.signals import template_rendered

        template_rendered.disconnect(self.note)


def ms(values: list[float]) -> str:
    """Median and maximum, in ms."""
    return f"median {statistics.median(values) * 1000:7.1f} ms, max {max(values) * 1000:7.1f} ms"


def crowd(url: str, size: int) -> float:
    """`size` visitors GET the page at once; the wall time until all have it."""
    from django.db import close_old_connections
    from django.test import Client

    start = threading.Barrier(size + 1)
    done: list[int] = []

    def phone() -> None:
        try:
            client = Client()
            start.wait()
            done.append(client.get(url).status_code)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=phone) for _ in range(size)]
    for t in threads:
        t.start()
    start.wait()
    began = time.perf_counter()
    for t in threads:
        t.join()
    assert done.count(200) == size, done
    return time.perf_counter() - began


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=800)
    ap.add_argument("--changes", type=int, default=5)
    ap.add_argument("--reads", type=int, default=100)
    ap.add_argument("--crowd", type=int, default=20)
    args = ap.parse_args()
    django_on(Path(tempfile.mkdtemp(prefix="render-once-")))
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the test client's host, and the template signal
    started = time.perf_counter()
    pk = build(args.players)
    print(
        f"{args.players} players, tournament {pk} stored in {time.perf_counter() - started:.1f} s"
    )
    print(f"code: {os.environ.get('PYTHONPATH', '(installed)')}; load: {os.getloadavg()[0]:.2f}")
    rng = random.Random(3)
    for label, (address, template) in PAGES.items():
        url = f"/turniere/{pk}/{address}"
        Client().get(url)  # the process has read the tournament once
        cold: list[float] = []
        warm: list[float] = []
        counter = Renders(template)
        for _ in range(args.changes):
            one_result(pk, rng)
            for k in range(args.reads):
                began = time.perf_counter()
                response = Client().get(url)
                (cold if k == 0 else warm).append(time.perf_counter() - began)
                assert response.status_code == 200, response.status_code
        counter.stop()
        per_100 = counter.count * 100 / (args.changes * args.reads)
        print(f"{label} ({len(response.content) // 1024} KiB):")
        print(f"  cold, first GET after a result: {ms(cold)}")
        print(f"  warm, the other GETs:           {ms(warm)}")
        print(f"  renders per 100 GETs:           {per_100:.0f}")
        counter = Renders(template)
        one_result(pk, rng)
        took = crowd(url, args.crowd)
        counter.stop()
        print(
            f"  {args.crowd} at once after a result: {took * 1000:.0f} ms, {counter.count} renders"
        )


if __name__ == "__main__":
    main()
