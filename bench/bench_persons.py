"""People figures: a registry of 10,000 persons; the server time of a tournament's persons
page (200 players, each with its suggestions), of a member list's preview (2,000 rows) and
of linking the players of 50 stored tournaments (data migration 0002). Prints figures;
asserts nothing timed.

Run: .venv/bin/python bench/bench_persons.py [--persons N] [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time

FIRST = ("Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Günter", "Hanna", "Jürgen")
LAST = ("Müller", "Schmidt", "Groß", "Weiß", "Becker", "Hoffmann", "Schäfer", "Koch", "Wolf")


def setup() -> None:
    """Django on a fresh SQLite database in a temporary folder."""
    os.environ["TAFELRUNDE_DATA"] = tempfile.mkdtemp(prefix="tafelrunde-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


SYLLABLES = ("ber", "ger", "hof", "mann", "lin", "sch", "mül", "wal", "ter", "kel", "dorf", "au")


def names(count: int, rng: random.Random) -> list[str]:
    """Distinct invented names: a first name and a surname of two to four syllables."""
    found: dict[str, None] = {}
    while len(found) < count:
        last = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
        found[f"{rng.choice(FIRST)} {rng.choice((*LAST, last, last))}"] = None
    return list(found)


def main() -> None:
    """Fill the registry, time the pages and the migration, print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--persons", type=int, default=10_000)
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20261123)
    args = ap.parse_args()
    setup()
    from django.apps import apps

    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.web.club.existing import link_existing
    from tafelrunde.web.club.imports import preview
    from tafelrunde.web.club.member_file import read_members
    from tafelrunde.web.club.models import Person, PlayerLink
    from tafelrunde.web.club.tournament_people import player_rows
    from tafelrunde.web.core.domain.store import save_new

    rng = random.Random(args.seed)
    pool = names(args.persons, rng)
    Person.objects.bulk_create(Person(name=n) for n in pool)
    chosen = rng.sample(pool, args.players)
    players = [Player(f"s{i}", n.upper()) for i, n in enumerate(chosen, start=1)]
    rec = save_new(Tournament("Bench", load_ruleset("gruppenmodus"), players, seed=1))
    start = time.perf_counter()
    rows = player_rows(rec)
    page = time.perf_counter() - start
    certain = sum(1 for r in rows if r.certain)
    print(
        f"persons page: {args.persons} persons, {args.players} players: {page:.2f} s "
        f"({certain} unique matches)"
    )

    csv = "Name;Status\n" + "".join(f"{n};Mitglied\n" for n in rng.sample(pool, 2000))
    start = time.perf_counter()
    _, token = preview(read_members(csv.encode()))
    took = time.perf_counter() - start
    print(
        f"import preview: 2000 rows against {args.persons} persons: {took:.2f} s, "
        f"signed rows {len(token) // 1024} KB"
    )

    Person.objects.all().delete()
    for k in range(50):
        some = [Player(f"s{i}", n) for i, n in enumerate(rng.sample(pool[:500], 40), start=1)]
        save_new(Tournament(f"Abend {k}", load_ruleset("gruppenmodus"), some, seed=k))
    start = time.perf_counter()
    link_existing(apps)
    took = time.perf_counter() - start
    print(
        f"data migration: 51 tournaments, {PlayerLink.objects.count()} links, "
        f"{Person.objects.count()} persons: {took:.2f} s"
    )


if __name__ == "__main__":
    main()
