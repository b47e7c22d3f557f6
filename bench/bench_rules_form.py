"""The rules page with its form (server time per request), and saving an unchanged and a
changed form, for the largest preset (King Lui: four stages, 175 parameters). Prints figures."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

RUNS = 20


def ms(values: list[float]) -> str:
    """Median and maximum in milliseconds."""
    return f"median {statistics.median(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"


def main() -> None:
    """Store one tournament per preset and time its rules page and form."""
    os.environ["TAFELRUNDE_DATA"] = tempfile.mkdtemp(prefix="tafelrunde-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
    import django
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    django.setup()
    call_command("migrate", verbosity=0)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
    from rulehelpers import rules_form

    from tafelrunde.engine import ruleform
    from tafelrunde.presets import load_rules, preset_names
    from tafelrunde.web.core.domain.setup import new_tournament
    from tafelrunde.web.core.domain.store import save_new

    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.create_user("bench"))
    players = "\n".join(f"Spieler {i}" for i in range(1, 10))
    for preset in preset_names():
        rules = load_rules(preset)
        tour = new_tournament(preset, rules, players, day=None, at="2026-11-27T16:00:00", by="b")
        pk = save_new(tour).pk
        page, saved = [], []
        for _ in range(RUNS):
            start = time.perf_counter()
            assert client.get(f"/turniere/{pk}/regeln/").status_code == 200
            page.append(time.perf_counter() - start)
        sent, _ = rules_form(client, pk)
        for k in range(RUNS):
            games = sent | ({"s1.games": [str(2 + k % 2)]} if "s1.games" in sent else {})
            start = time.perf_counter()
            assert client.post(f"/turniere/{pk}/regeln/", games).status_code == 302
            saved.append(time.perf_counter() - start)
        count = len(ruleform.params(rules))
        print(f"{preset:13} {count:3} parameters: page {ms(page)}; saving {ms(saved)}")


if __name__ == "__main__":
    main()
