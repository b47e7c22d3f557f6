"""The person page of one person with about 500 rated games (finished tournaments of formats
A and C in a fresh SQLite database): the server time of the first request (every tournament
read and rated) and of repeated requests (kept while nothing changes), and after a change.
Prints figures; asserts nothing timed.

Run: .venv/bin/python bench/bench_person_page.py [--games G] [--players P] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time


def setup() -> None:
    """Django on a fresh SQLite database in a temporary folder."""
    os.environ["TAFELRUNDE_DATA"] = tempfile.mkdtemp(prefix="tafelrunde-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def timed(client: object, path: str) -> float:
    """Seconds for one GET (must answer 200)."""
    start = time.perf_counter()
    response = client.get(path)  # type: ignore[attr-defined]
    took = time.perf_counter() - start
    assert response.status_code == 200, response.status_code
    return took


def main() -> None:
    """Store finished tournaments until the person has played enough games; time the page."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=12)
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    setup()
    from django.test import Client

    from tafelrunde.presets import load_rules
    from tafelrunde.sim.autoplay import play_to_end
    from tafelrunde.web.club.models import Person, PlayerLink
    from tafelrunde.web.club.ratings_cache import played
    from tafelrunde.web.core.domain.setup import new_tournament
    from tafelrunde.web.core.domain.store import save_new

    anna = Person.objects.create(name="Anna Beispiel")
    names = "\n".join(f"Spieler {k:02d}" for k in range(1, args.players + 1))
    start, games, count = time.perf_counter(), 0, 0
    while games < args.games:
        preset = ("gruppenmodus", "king-lui")[count % 2]
        day = f"2026-{1 + count // 28:02d}-{1 + count % 28:02d}"
        tour = new_tournament(f"Abend {count + 1}", load_rules(preset), names,
                              day=None, at=f"{day}T19:00:00", by="bench")  # fmt: skip
        play_to_end(tour, seed=count + 1)  # type: ignore[arg-type]
        rec = save_new(tour)
        PlayerLink.objects.create(tournament=rec, player=rec.players[0]["id"], person=anna)
        games += played(rec).games_of(rec.players[0]["id"])
        count += 1
    print(f"{count} finished tournaments of {args.players} players stored, {games} games "
          f"of the person ({time.perf_counter() - start:.1f} s)")  # fmt: skip
    from tafelrunde.web.club import ratings_cache

    ratings_cache._PLAYED.clear()  # as after a restart: nothing read yet
    client = Client(HTTP_HOST="localhost")
    path = f"/personen/{anna.pk}/"
    first = timed(client, path)
    again = sorted(timed(client, path) for _ in range(args.repeat))
    p95 = again[min(len(again) - 1, int(len(again) * 0.95))]
    print(f"person page, first request (every tournament read and rated): {first * 1000:.0f} ms")
    median = statistics.median(again)
    print(f"person page, repeated ({args.repeat}x): median {median * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms (target < 100 ms)")  # fmt: skip
    Person.objects.create(name="Neu")  # a change: the ratings are made afresh
    changed = timed(client, path)
    print(f"person page after a change (tournaments kept, ratings made afresh): "
          f"{changed * 1000:.0f} ms")  # fmt: skip
    for page in ("/spielstaerke/", "/statistik/"):
        times = sorted(timed(client, page) for _ in range(10))
        print(f"{page}: median {statistics.median(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
