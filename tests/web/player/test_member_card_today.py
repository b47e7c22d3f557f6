"""A member card opens the tournament the member plays today, not last time's finished one
(where they sat at the final's table to the end); at the desk it checks them in there."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from linkhelpers import phone
from passhelpers import pass_of
from webhelpers import state_of, text

from factories import dated_tournament, logged_in
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.player.models import Arrival

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_a_member_card_opens_todays_tournament_and_the_desk_checks_in_there() -> None:
    today = timezone.localdate()
    last = dated_tournament("A", 12, today - datetime.timedelta(days=7))
    now = dated_tournament("A", 12, today, play=False, name="Spieleabend heute")
    finalist = state_of(last.pk).stages[-1].seated(1, 1)[0]
    anna = Person.objects.create(name="Anna Alt")
    PlayerLink.objects.create(tournament=last, player=finalist, person=anna)
    PlayerLink.objects.create(tournament=now, player="p003", person=anna)
    desk = logged_in()
    card = pass_of(desk, now.pk, "p003")
    assert card == pass_of(desk, last.pk, finalist)  # one card, every evening
    page = text(phone().get(f"/pass/{card}/"))
    assert "Spieleabend heute" in page.split("<h1>")[0] and "Ich bin da" in page
    assert "Finale" not in page and "Warte auf die nächste Auslosung" not in page
    scanned = text(desk.get(f"/pass/{card}/"))
    assert "Spieleabend heute" in scanned.split("<h1>")[0] and "ist da</button>" in scanned
    desk.post(f"/pass/{card}/", {"action": "here"})
    assert [(a.tournament_id, a.player, a.at_desk) for a in Arrival.objects.all()] == [
        (now.pk, "p003", True)
    ]
