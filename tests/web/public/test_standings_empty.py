"""Standings before the first result say so, on the screen and on paper, instead of ranking
everyone by lot with open roll-offs; with the first result the table is there."""

from __future__ import annotations

import pytest
from django.test import Client
from projectorhelpers import drawn, result, save
from webhelpers import organiser, text

from tafelrunde.engine.groups.tournament_state import TournamentState

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NONE_YET = "Noch keine Ergebnisse: Der Stand erscheint mit dem ersten Ergebnis."


def test_standings_before_any_result_say_no_results_yet() -> None:
    state = drawn("gruppenmodus", 12)
    rec = save(state.tournament)
    boss = Client()
    organiser(boss)
    for path in (f"/turniere/{rec.pk}/stand/", f"/turniere/{rec.pk}/drucken/stand/"):
        page = text(boss.get(path))
        assert NONE_YET in page, path
        assert "Stechen offen" not in page and "durch Los" not in page, path


def test_the_first_result_brings_the_table() -> None:
    state = drawn("gruppenmodus", 12)
    result(state, 1)
    rec = save(TournamentState(state.tournament).tournament)
    page = text(Client().get(f"/turniere/{rec.pk}/stand/"))
    assert NONE_YET not in page and '<table class="keys">' in page
