"""Format D's next steps name the players still to pay in one line, not one line each; the
players page still lists and ticks every one of them."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from webhelpers import text

from factories import USER, logged_in, now, people, stored
from tafelrunde.engine.knockout import KnockoutTournament, PayFee
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain.setup import new_tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def registered(players: int, paid: int = 0) -> int:
    """A format-D tournament with players registered, the first `paid` of them paid."""
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Schocken", load_rules("schocken-ko"), people(players), day=day,
                          at=now(), by=USER)  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    fees = [PayFee(n=0, at=0, player=f"p{k:03d}") for k in range(1, paid + 1)]
    record_all(tour, fees, at=now(), by=USER)
    return stored(tour).pk


def steps(page: str) -> list[str]:
    """The lines of the page's next steps."""
    found = re.search(r'<ul class="steps">(.*?)</ul>', page, re.S)
    assert found, page
    return [
        " ".join(re.sub(r"<[^>]+>", "", li).split())
        for li in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    ]


def test_forty_unpaid_players_are_one_step_and_each_is_still_ticked_on_the_players_page() -> None:
    pk = registered(40)
    client = logged_in()
    lines = steps(text(client.get(f"/turniere/{pk}/")))
    assert "Startgebühr kassieren: 40 Spieler." in lines
    assert not any("Spieler 07" in line for line in lines)
    assert len(lines) < 5
    assert f'href="/turniere/{pk}/anmeldung/"' in text(client.get(f"/turniere/{pk}/"))
    players = text(client.get(f"/turniere/{pk}/anmeldung/"))
    assert all(f"Spieler {k:02d}" in players for k in range(1, 41))


def test_one_unpaid_player_is_named() -> None:
    pk = registered(5, paid=4)
    lines = steps(text(logged_in().get(f"/turniere/{pk}/")))
    assert "„Spieler 05“: Startgebühr kassieren (oder abmelden)." in lines
