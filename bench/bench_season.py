"""The season table of 60 evenings × 80 persons ("beste 6 von 10"): the engine alone, then the
public season page on a fresh SQLite database with 60 finished tournaments (first request,
repeated requests, after a change). Prints median and p95 in ms; asserts nothing timed.

Run: .venv/bin/python bench/bench_season.py [--engine-only]
"""

from __future__ import annotations

import datetime
import random
import statistics
import sys
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


def percentiles(times: list[float]) -> str:
    """Median and p95 of times in ms."""
    times = sorted(times)
    p95 = times[max(0, int(len(times) * 0.95) - 1)]
    return f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms"


def page_figures(rng: random.Random, profile: bool = False) -> None:
    """The season page over 60 stored King Lui evenings of 40 of 80 persons each."""
    from bench_person_page import setup, timed

    setup()
    from django.test import Client

    from tafelrunde.presets import load_rules
    from tafelrunde.sim.autoplay import play_to_end
    from tafelrunde.web.club import ratings_cache
    from tafelrunde.web.club.models import Person, PlayerLink, Season
    from tafelrunde.web.core.domain.setup import new_tournament
    from tafelrunde.web.core.domain.store import save_new

    people = [Person.objects.create(name=f"Person {k:02d}", member=k % 10 != 0) for k in range(80)]
    start = time.perf_counter()
    for i in range(60):
        came = rng.sample(people, 40)
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=6 * i)
        tour = new_tournament(f"Abend {i + 1}", load_rules("king-lui"),
                              "\n".join(p.name for p in came), day=None,
                              at=f"{day.isoformat()}T19:00:00", by="bench")  # fmt: skip
        play_to_end(tour, seed=SEED + i)  # type: ignore[arg-type]
        rec = save_new(tour)
        rec.day = day
        rec.save(update_fields=["day"])
        PlayerLink.objects.bulk_create(
            PlayerLink(tournament=rec, player=p["id"], person=person)
            for p, person in zip(rec.players, came, strict=True)
        )
    print(f"60 finished tournaments of 40 stored ({time.perf_counter() - start:.0f} s)")
    rules = load_season_rules("beste-6-von-10").source
    season = Season.objects.create(name="Jahreswertung", rules=rules,
                                   date_from=datetime.date(2026, 1, 1),
                                   date_to=datetime.date(2026, 12, 31))  # fmt: skip
    ratings_cache._PLAYED.clear()  # as after a restart: nothing read yet
    client, path = Client(HTTP_HOST="localhost"), f"/saisons/{season.pk}/"
    first = timed(client, path) * 1000
    print(f"season page, first request (every tournament read): {first:.0f} ms")
    again = [timed(client, path) * 1000 for _ in range(30)]
    print(f"season page, repeated (30x, table kept): {percentiles(again)}")
    embeds(client, f"/einbetten/saisons/{season.pk}/")
    changed = []
    for k in range(10):  # a change: the table is made afresh from the kept tournaments
        Person.objects.filter(pk=people[k].pk).update(name=f"Person {k:02d}*")
        Person.objects.get(pk=people[k].pk).save()
        changed.append(timed(client, path) * 1000)
    print(
        f"season page after a change (10x, table made afresh): {percentiles(changed)} "
        "(target for the table < 50 ms)"
    )
    if profile:
        import cProfile

        cProfile.runctx("timed(client, path)", globals(), locals(), sort="cumtime")
    person = [timed(client, f"/personen/{people[1].pk}/") * 1000 for _ in range(10)]
    print(f"person page with the season standing (10x): {percentiles(person)}")


def embeds(client: object, season_path: str) -> None:
    """What a homepage's embed costs each time it asks whether it changed: the whole page,
    and the "204 No Content" when nothing did (the season, and the next dates)."""
    import re

    from tafelrunde.web.core.models import Event

    for k in range(30):
        day = datetime.date(2026, 12, 1) + datetime.timedelta(days=7 * k)
        Event.objects.create(name=f"Spieleabend {k + 1}", date=day, kind="Spieleabend")
    for path in (season_path, "/einbetten/termine/"):
        page = client.get(path).content.decode()  # type: ignore[attr-defined]
        key = re.search(r'data-live-key="([0-9a-f]+)"', page)
        assert key, path
        full, unchanged = [], []
        for _ in range(30):
            start = time.perf_counter()
            assert client.get(path).status_code == 200  # type: ignore[attr-defined]
            full.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            asked = client.get(path, headers={"X-Tafelrunde-Seen": key[1]})  # type: ignore[attr-defined]
            unchanged.append((time.perf_counter() - start) * 1000)
            assert asked.status_code == 204, asked.status_code
        print(f"embed {path}: page {percentiles(full)}; unchanged (204) {percentiles(unchanged)}")


def main() -> None:
    """Time the table 50 times, then the page, and print the figures."""
    rules = load_season_rules("beste-6-von-10")
    days, persons = evenings(random.Random(SEED))
    times = []
    for _ in range(50):
        start = time.perf_counter()
        season_table(rules, days, persons)
        times.append((time.perf_counter() - start) * 1000)
    print(f"season_table 60 evenings x 80 persons (engine): {percentiles(times)} (target < 50 ms)")
    if "--engine-only" not in sys.argv:
        page_figures(random.Random(SEED), profile="--profile" in sys.argv)


if __name__ == "__main__":
    main()
