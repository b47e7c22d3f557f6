"""„Wo sitze ich?" figures: finding a typed name among 5,000 (a part, a typo with close names),
everybody's seat for a drawn game, and the page's server time for 1,000 and 5,000 players
(the first request after a change, and further ones). Prints figures; asserts nothing timed.
"""

from __future__ import annotations

import itertools
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace

FIRST = ("Anna", "Bernd", "Clara", "Dieter", "Émile", "Frieda", "Günter", "Hanna", "Ingo",
         "Jörg", "Klaus", "Lena", "Max", "Nora", "Otto", "Paula", "Quirin", "Rosa", "Sepp",
         "Tina")  # fmt: skip
LAST = ("Müller", "Schmidt", "Schneider", "Fischer", "Weiß", "Meyer", "Wagner", "Becker",
        "Schulz", "Hoffmann", "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder",
        "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann", "Lange",
        "Schmitt", "Werner", "Schmitz", "Krause", "Meier", "Lehmann", "Schmid", "Schulze",
        "Maier", "Köhler", "Herrmann", "König", "Walter", "Mayer", "Huber", "Kaiser", "Fuchs",
        "Peters", "Lang", "Scholz", "Möller", "Jung", "Hahn", "Schubert", "Vogel",
        "Friedrich", "Keller", "Günther", "Frank", "Berger", "Winkler", "Roth", "Beck", "Lorenz",
        "Baumann", "Franke", "Albrecht", "Schuster", "Simon", "Ludwig", "Böhm", "Winter",
        "Kraus", "Martin", "Schumacher", "Krämer", "Vogt", "Stein", "Jäger", "Otto", "Sommer",
        "Groß", "Seidel", "Heinrich", "Brandt", "Haas", "Schreiber", "Graf", "Schulte",
        "Dietrich", "Ziegler", "Kuhn", "Kühn", "Pohl", "Engel", "Horn", "Busch", "Bergmann",
        "Thomas", "Voigt", "Sauer", "Arnold", "Wolff", "Pfeiffer")  # fmt: skip


def names(count: int) -> list[str]:
    """`count` different names like a club's: first and last names, numbered when repeated."""
    pairs = [f"{f} {n}" for n, f in itertools.product(LAST, FIRST)]
    random.Random(1).shuffle(pairs)
    out = pairs[:count]
    k = 2
    while len(out) < count:
        out += [f"{p} {k}" for p in pairs[: count - len(out)]]
        k += 1
    return out


def timed(run: Callable[[], object], times: int = 20) -> str:
    """Median and maximum time of a call, in milliseconds."""
    took = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        took.append(time.perf_counter() - start)
    return f"median {statistics.median(took) * 1000:.1f} ms, max {max(took) * 1000:.1f} ms"


def matching() -> None:
    """Find names among 5,000: the index made once, then each typed name."""
    from tafelrunde.engine.name_match import NameIndex

    people = tuple(names(5000))
    print("name matching among 5,000 names:")
    print(f"  make the index:            {timed(lambda: NameIndex(people), 5)}")
    index = NameIndex(people)
    for label, typed in (("whole name 'GUNTER KRUGER'", "GUNTER KRUGER"),
                         ("part 'mull'", "mull"), ("one letter 'a'", "a"),
                         ("typo 'Schmidtt Klaus'", "Schmidtt Klaus")):  # fmt: skip
        hits = index.find(typed)
        print(
            f"  find {label + ':':26} {len(hits):5} found, {timed(lambda t=typed: index.find(t))}"
        )
    typo = "Zimermannn"
    close = [people[i] for i in index.close(typo)]
    print(f"  close to {typo!r} (no match):  {timed(lambda: index.close(typo), 5)}; {close[:3]}")


def seating_figures() -> None:
    """Everybody's seat in a drawn game of 5,000 players (format A) and 1,000 (format D)."""
    from tafelrunde.engine.family_engine import seating
    from tafelrunde.engine.groups.actions import next_draw, record
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.engine.knockout import KnockoutRules, KnockoutState, PayFee, Register
    from tafelrunde.engine.knockout.actions import tables_to_open
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset

    people = [Player(f"p{i:04d}", n) for i, n in enumerate(names(5000), start=1)]
    state = TournamentState(Tournament("Bench", load_ruleset("gruppenmodus"), people, seed=1))
    record(state, next_draw(state, seed=1))
    print(f"everybody's seat, 5,000 players (format A): {timed(lambda: seating(state), 5)}")
    ko = KnockoutState(KnockoutRules())
    n = 0
    for i, name in enumerate(names(1000), start=1):
        ko.record(Register(n=(n := n + 1), at=16 * 3600 + 1800, player=f"p{i:04d}", name=name))
    for pid in list(ko.players):
        ko.record(PayFee(n=(n := n + 1), at=17 * 3600, player=pid))
    for table in tables_to_open(ko)[:100]:
        ko.record(replace(table, n=(n := n + 1), at=17 * 3600))
    print(f"everybody's seat, 1,000 players (format D): {timed(lambda: seating(ko), 5)}")


def page_figures() -> None:
    """The page's server time: first request after a change, then further requests."""
    os.environ["TAFELRUNDE_DATA"] = tempfile.mkdtemp(prefix="tafelrunde-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.test import Client

    from tafelrunde.engine.groups.actions import next_draw, record
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.web.core.domain.store import save_new
    from tafelrunde.web.core.models import TournamentRecord, new_revision

    client = Client(HTTP_HOST="localhost")
    for count in (1000, 5000):
        people = [Player(f"p{i:04d}", n) for i, n in enumerate(names(count), start=1)]
        tour = Tournament("Bench", load_ruleset("gruppenmodus"), people, seed=1)
        record(TournamentState(tour), next_draw(TournamentState(tour), seed=1))
        pk = save_new(tour).pk
        address = f"/turniere/{pk}/wo-sitze-ich/"
        print(f"„Wo sitze ich?“ page, {count} players (target < 100 ms once made):")
        for label, typed in (("list only", ""), ("a name", "gunter kruger"),
                             ("no match", "Zimermannn")):  # fmt: skip
            cold, warm = [], []
            for _ in range(5):
                TournamentRecord.objects.filter(pk=pk).update(revision=new_revision())
                start = time.perf_counter()
                assert client.get(address, {"name": typed}).status_code == 200
                cold.append(time.perf_counter() - start)
                start = time.perf_counter()
                assert client.get(address, {"name": typed}).status_code == 200
                warm.append(time.perf_counter() - start)
            size = len(client.get(address, {"name": typed}).content) // 1024
            print(f"  {label + ':':10} first median {statistics.median(cold) * 1000:.0f} ms; "
                  f"again median {statistics.median(warm) * 1000:.1f} ms; {size} KiB")  # fmt: skip


def main() -> None:
    """Print every figure."""
    matching()
    seating_figures()
    page_figures()


if __name__ == "__main__":
    main()
