"""The club's ratings from the stored tournaments: a person linked in two tournaments has one
rating of both; unlinked players count on their own; the command line shows them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from projectorhelpers import finished, save

from tafelrunde.engine.rating_games import rated_games
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.club.ratings_cache import club_ratings

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_a_person_in_two_tournaments_has_one_rating_of_all_their_games() -> None:
    first, second = finished("alhambra", 8), finished("alhambra", 8)
    a, b = save(first.tournament), save(second.tournament)
    anna = Person.objects.create(name="Anna Beispiel", member=True)
    pid = first.tournament.players[0].id  # the same id in both: "Spieler 01"
    PlayerLink.objects.create(tournament=a, player=pid, person=anna)
    PlayerLink.objects.create(tournament=b, player=pid, person=anna)
    found = club_ratings()
    rating = found.ratings.get(f"person-{anna.pk}", "alhambra")
    assert rating is not None
    played = [
        g
        for s, rec in ((first, a), (second, b))
        for g in rated_games(s, tournament=f"turnier-{rec.pk}", key="", persons={pid: "x"})
        if "x" in g.places
    ]
    assert rating.games == len(played) > 0
    table = found.table("alhambra")
    names = [name for _, name, _ in table]
    assert "Anna Beispiel" in names
    assert any(name.endswith(f"({a.name})") for name in names)  # unlinked: with its tournament
    assert [rank for rank, _, _ in table] == list(range(1, len(table) + 1))
    values = [r.value for _, _, r in table]
    assert values == sorted(values, reverse=True)
    assert club_ratings().ratings.get(f"person-{anna.pk}", "alhambra") == rating  # recomputed


def tafelrunde(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command line in a process of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAFELRUNDE_DATABASE")}
    code = "import sys; from tafelrunde.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True,
                          text=True, timeout=120)  # fmt: skip


def test_the_command_line_says_when_there_is_nothing_to_rate_and_refuses_bad_options(
    tmp_path: Path,
) -> None:
    empty = tafelrunde("ratings", "--data", str(tmp_path))
    assert empty.returncode == 0, empty.stderr
    assert "Noch keine Spiele mit Ergebnis" in empty.stdout
    unknown = tafelrunde("ratings", "--data", str(tmp_path), "--family", "skat")
    assert unknown.returncode == 1 and "skat" in unknown.stdout
    top = tafelrunde("ratings", "--data", str(tmp_path), "--top", "0")
    assert top.returncode == 2 and "--top" in top.stdout
