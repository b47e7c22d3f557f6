"""Projector figures: the server time of the projector's slides (what an open projector fetches
after every change) for formats A and D of growing size, the first request after a change
and further ones, and the number of slides. Prints figures; asserts nothing timed.
"""

from __future__ import annotations

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


def group_tournament(count: int) -> int:
    """Format A of `count` players with the first game drawn and half the results in; its pk."""
    import random

    from tafelrunde.engine.groups.actions import next_draw, record
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.sim.autoplay import random_result
    from tafelrunde.web.core.domain.store import save_new

    people = [Player(f"p{i:04d}", f"Spielerin {i:04d}") for i in range(1, count + 1)]
    tour = Tournament("Bench", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=1))
    st = state.current
    assert st is not None
    rng = random.Random(1)
    for table in range(1, len(st.tables(1) or ()) // 2 + 1):
        record(state, random_result(state, 1, table, rng))
    return int(save_new(tour).pk)


def knockout_tournament(count: int) -> int:
    """Format D of `count` paid players with the first tables open; its pk."""
    from datetime import timedelta

    from django.utils import timezone

    from tafelrunde.engine.knockout import KnockoutTournament, PayFee
    from tafelrunde.engine.knockout.actions import tables_to_open
    from tafelrunde.engine.knockout.entry import record_all
    from tafelrunde.presets import load_rules
    from tafelrunde.web.core.domain.setup import new_tournament
    from tafelrunde.web.core.domain.store import save_new

    at = timezone.localtime().replace(microsecond=0).isoformat()
    day = timezone.localdate() + timedelta(days=7)
    people = "\n".join(f"Spieler {i:04d}" for i in range(1, count + 1))
    tour = new_tournament("Bench-Schocken", load_rules("schocken-ko"), people, day=day, at=at,
                          by="bench")  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    ids = list(tour.state().players)
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in ids], at=at, by="bench")
    record_all(tour, list(tables_to_open(tour.state())), at=at, by="bench")
    return int(save_new(tour).pk)


def figures(label: str, pk: int) -> None:
    """The slides' server time: first after a change, then again; slides and size."""
    from django.test import Client

    from tafelrunde.web.core.models import TournamentRecord, new_revision

    client = Client(HTTP_HOST="localhost")
    address = f"/turniere/{pk}/beamer/folien/"
    cold, warm = [], []
    for _ in range(5):
        TournamentRecord.objects.filter(pk=pk).update(revision=new_revision())
        start = time.perf_counter()
        assert client.get(address).status_code == 200
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        response = client.get(address)
        warm.append(time.perf_counter() - start)
    slides = response.content.count(b"data-slide-key=")
    size = len(response.content) // 1024
    print(f"  {label:28} {slides:3} slides, {size:4} KiB; first median "
          f"{statistics.median(cold) * 1000:.0f} ms, again median "
          f"{statistics.median(warm) * 1000:.0f} ms")  # fmt: skip


def main() -> None:
    """Print every figure."""
    setup()
    print("projector slides (the fragment an open projector fetches after a change):")
    for count in (40, 200, 1000):
        figures(f"format A, {count} players:", group_tournament(count))
    for count in (40, 200):
        figures(f"format D, {count} players:", knockout_tournament(count))


if __name__ == "__main__":
    main()
