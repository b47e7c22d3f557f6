"""A format-D hall card tells a bound player who waits or is out where they stand; after the
end the hall card and every pass say the tournament is over."""

from __future__ import annotations

import pytest
from django.test import Client
from kohelpers import lose, play_to_end, post, state
from kolinkhelpers import at_the_table, csrf_post
from passhelpers import pass_of
from webhelpers import state_of, text

from factories import group_tournament, logged_in, stored
from tafelrunde.engine.knockout import Status

pytestmark = [pytest.mark.integration, pytest.mark.django_db]
NOT_HERE = "Gerade an keinem Tisch:"


def test_a_hall_card_tells_a_waiting_or_eliminated_player_where_they_stand() -> None:
    organiser, rec, table, card, players, mine, _other = at_the_table()
    me = players[0]
    csrf_post(mine, card, {"action": "me", "player": me})
    while state(rec).players[me].status is Status.SEATED:  # this player loses game by game
        assert lose(organiser, rec, table.number, me).status_code == 302
    assert state(rec).players[me].status is Status.WAITING
    page = text(mine.get(card))
    assert f"{NOT_HERE} wartet: Trostrunde, 1. von 1 in der Warteschlange." in page, page
    for _ in range(200):  # the evening goes on; this player loses whenever they play
        now = state(rec)
        if now.players[me].status is Status.OUT or now.finished:
            break
        if not now.open_tables():
            post(organiser, rec, "ko-tische/eroeffnen/", {"all": "on"})
            continue
        for t in now.open_tables():
            lose(organiser, rec, t.number, me if me in t.remaining else t.remaining[0])
    assert not state(rec).finished and state(rec).players[me].status is Status.OUT
    assert f"{NOT_HERE} keine Leben mehr" in text(mine.get(card))
    token = pass_of(organiser, rec.pk, me)
    play_to_end(organiser, rec)
    for page in (text(mine.get(card)), text(Client().get(card)), text(mine.get(f"/pass/{token}/"))):
        assert "Das Turnier ist beendet." in page
        assert "die nächste" not in page and "gerade keine Partie" not in page
        assert 'id="to-table"' not in page


def test_a_format_a_pass_says_the_tournament_is_over() -> None:
    organiser = logged_in()
    pk = stored(group_tournament("gruppenmodus", 12, 4, lambda s: False)).pk  # to the end
    finalist = state_of_final(pk)
    page = text(Client().get(f"/pass/{pass_of(organiser, pk, finalist)}/"))
    assert "Das Turnier ist beendet." in page and f'href="/turniere/{pk}/endstand/"' in page
    assert "Warte auf die nächste Auslosung" not in page and 'id="to-table"' not in page


def state_of_final(pk: int) -> str:
    """A player of the last stage (the final) of a finished tournament."""
    found = state_of(pk)
    assert found.finished
    return found.stages[-1].seated(1, 1)[0]
