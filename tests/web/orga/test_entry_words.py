"""Words of the entries: a Herzog or Erzherzog is entered under its own name (at the table and
on the organisers' page), and a donation for a Schock aus is named by its player, never by the
entry's internal number."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from linkhelpers import phone, tap
from webhelpers import text

from factories import group_tournament, knockout_tournament, logged_in, now, stored
from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import Donation, SchockOut
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.seat import where_of
from tafelrunde.web.table.links import tokens_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def herzog_open(state: TournamentState) -> bool:
    """Stop when a Herzog (the start order of a later game) is open at a table."""
    st = state.current
    return st is not None and any(
        n.kind == st.rule.herzog and n.table for n in open_rolloffs(state)
    )


def test_a_herzog_is_entered_as_herzog_at_the_table_and_by_the_organisers() -> None:
    rec = stored(group_tournament("gruppenmodus", 16, 3, herzog_open))
    _, state = read_only(rec)
    st = state.current
    need = next(n for n in open_rolloffs(state) if n.kind == st.rule.herzog and n.table)
    where = where_of(st, need.table, need.game or st.drawn_games())
    token = tokens_for(rec, [where])[where]
    player = phone()
    tap(player, token, need.players[0])
    page = text(player.get(f"/tisch/{token}/"))
    assert "<summary>Herzog eintragen</summary>" in page
    organisers = text(logged_in().get(f"/turniere/{rec.pk}/tische/"))
    many = [n for n in open_rolloffs(state) if len(n.players) > 2]
    for n in many:  # an order of three or more: the button names the roll-off
        assert f">{n.kind.capitalize()} eintragen</button>" in organisers
    assert "Reihenfolge eintragen" not in organisers


def test_a_donation_is_named_by_its_player_not_by_the_entrys_number() -> None:
    tour = knockout_tournament(11)
    shock = next(f for f in reversed(tour.facts) if isinstance(f, SchockOut))
    thrower = tour.state().players[shock.player].name
    rec = stored(tour)
    client = logged_in()
    desk = text(client.get(f"/turniere/{rec.pk}/ko-tische/"))
    options = re.findall(r'<option value="\d+">([^<]*)</option>', desk.split("Spende für")[1])
    assert options and all(thrower in o and "Nr." not in o for o in options), options
    record_all(tour, [Donation(n=0, at=0, schock_out=shock.n)], at=now())
    rec = stored(tour)
    log = text(Client().get(f"/turniere/{rec.pk}/protokoll/"))
    assert f"Spende für den Schock aus von {thrower}" in log
    assert not re.search(r"Schock aus Nr\. \d", log)
