"""A table whose last game is confirmed but whose Herzog is still open: a phone that has not
tapped its name yet can still say who it is, and then enter the Herzog."""

from __future__ import annotations

import pytest
from django.test import Client
from linkhelpers import phone, tap
from webhelpers import state_of, text

from factories import group_tournament, organiser_user, stored
from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.seat import where_of
from tafelrunde.web.table.links import tokens_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def herzog_open(state: TournamentState) -> bool:
    """A Herzog roll-off is open, after its game's results are all in."""
    st = state.current
    return st is not None and any(n.kind == st.rule.herzog for n in open_rolloffs(state))


def test_a_phone_without_a_name_can_enter_the_herzog_after_the_last_game() -> None:
    organiser_user()
    pk = stored(group_tournament("gruppenmodus", 12, 3, herzog_open)).pk
    state = state_of(pk)
    st = state.current
    assert st is not None and not st.missing_results()
    need = next(n for n in open_rolloffs(state) if n.kind == st.rule.herzog)
    game = st.drawn_games()
    table = need.table or next(
        k for k, seated in enumerate(st.tables(game), 1) if set(need.players) <= set(seated)
    )
    where = where_of(st, table, game)
    token = tokens_for(TournamentRecord.objects.get(pk=pk), [where])[where]
    mine: Client = phone()
    page = text(mine.get(f"/tisch/{token}/"))
    assert "Herzog" in page and 'name="action" value="me"' in page, "no name to tap"
    tap(mine, token, st.seated(game, table)[0])
    assert "Herzog eintragen" in text(mine.get(f"/tisch/{token}/"))
