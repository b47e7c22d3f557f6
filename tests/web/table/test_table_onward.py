"""Where a table link leads a phone that is at the wrong table: an old link names the game
played now and leads a bound player to their table, whichever table's old link it is; an
unbound phone is pointed to "Wo sitze ich?" before it taps a name."""

from __future__ import annotations

import re

import pytest
from linkhelpers import phone, tap
from webhelpers import state_of, text

from factories import group_tournament, organiser_user, stored
from tafelrunde.engine.groups.seat_list import group_seating
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.seat import Where
from tafelrunde.web.table.links import tokens_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def second_round_drawn(state: TournamentState) -> bool:
    """The second group round is drawn (all its games at once) and nothing entered yet."""
    return len(state.stages) == 2 and state.current is not None and not state.current.results


def test_an_old_link_names_the_game_played_now_and_leads_the_bound_player_on() -> None:
    organiser_user()
    pk = stored(group_tournament("gruppenmodus", 16, 3, second_round_drawn)).pk
    rec, state = record_of(pk), state_of(pk)
    first, now = state.stages
    player = next(p for p in now.seated(1, 1))
    old = next(t for t in range(1, 5) if player in first.seated(1, t))
    other = 1 if old != 1 else 2
    links = tokens_for(rec, [Where(first.key, 0, old), Where(first.key, 0, other)])
    own, elsewhere = links[Where(first.key, 0, old)], links[Where(first.key, 0, other)]
    bound = phone()
    tap(bound, own, player)
    row = next(r for r in group_seating(state).rows if r.player == player)
    sits = f"Du sitzt jetzt an Tisch {row.table}, Platz {row.seat}."
    for token in (own, elsewhere):
        page = text(bound.get(f"/tisch/{token}/"))
        said = re.search(r"gespielt wird jetzt ([^<]*)\.</strong>", page)
        assert said is not None and said.group(1).endswith("· Durchgang 1"), page
        assert sits in page, token
        assert re.search(r'href="/tisch/[A-Za-z0-9_-]{24}/" id="onward-table"', page)
    stranger = text(phone().get(f"/tisch/{elsewhere}/"))
    assert "Du sitzt jetzt" not in stranger and f'href="/turniere/{pk}/wo-sitze-ich/"' in stranger


def test_an_unbound_phone_is_pointed_to_where_do_i_sit_before_it_taps_a_name() -> None:
    organiser_user()
    pk = stored(group_tournament("gruppenmodus", 12, 3, lambda s: s.current is not None)).pk
    st = state_of(pk).current
    assert st is not None
    token = tokens_for(record_of(pk), [Where(st.key, 0, 1)])[Where(st.key, 0, 1)]
    page = text(phone().get(f"/tisch/{token}/"))
    hint = f'<a href="/turniere/{pk}/wo-sitze-ich/">Nicht dein Tisch? Wo sitze ich?</a>'
    assert "Wer bist du?" in page and hint in page
