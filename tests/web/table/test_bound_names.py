"""A name already bound to one phone is not taken by a second phone (a private window, a
friend's phone) by tapping it: the second phone asks the organisers, says so in words, and
can neither enter nor confirm as that player until they allow it; then it is that player and
the first phone no longer is."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from linkhelpers import confirm, csrf_post, drawn, enter, phone, seats, status, tap, tokens
from webhelpers import forms_of, state_of, text

from tafelrunde.web.core.models import FactRecord, TournamentRecord
from tafelrunde.web.table.models import PhoneBinding

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

TAKEN = "ist schon mit einem anderen Handy verbunden; die Turnierleitung muss zustimmen"


@pytest.fixture(autouse=True)
def _fresh_limits() -> None:
    """Every test starts with no posts counted against the rate limits."""
    cache.clear()


def entered_with_b_on_a_phone() -> tuple[Client, int, str, tuple[str, ...], int, Client]:
    """Game 1 drawn; at table 1 the first player entered a result on their phone, and the
    second player tapped their name on their own phone."""
    organiser, pk = drawn()
    token = tokens(organiser, pk)[0]
    a, b, c, d = seats(pk)
    entrant, own = phone(), phone()
    tap(entrant, token, a)
    enter(entrant, token, {a: 40, b: 30, c: 20, d: 10})
    tap(own, token, b)
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None and status(pk) == "entered"
    return organiser, pk, token, (a, b, c, d), entry.n, own


def name(pk: int, player: str) -> str:
    """A player's name."""
    return state_of(pk).tournament.name_of(player)


def request_form(organiser: Client, pk: int, action: str) -> dict[str, str]:
    """The passes page's form that decides the phone's request."""
    page = organiser.get(f"/turniere/{pk}/paesse/")
    found = [f for f in forms_of(page) if "binding" in f.inputs and action in f.choices["action"]]
    assert len(found) == 1, text(page)
    return {"binding": found[0].value("binding"), "action": action}


def test_a_second_phone_becomes_a_bound_player_only_when_the_organisers_allow_it() -> None:
    organiser, pk, token, (_a, b, _c, _d), entry, own = entered_with_b_on_a_phone()
    before = FactRecord.objects.filter(tournament_id=pk).count()
    revision = TournamentRecord.objects.get(pk=pk).revision
    second = phone()  # a private window: a session of its own
    tap(second, token, b)
    mark = {"basis": str(entry), "game": "1"}  # as the first phone's page has it
    sent = csrf_post(second, f"/tisch/{token}/", {"action": "confirm", "entry": str(entry)} | mark)
    assert sent.status_code == 302  # type: ignore[attr-defined]
    sent = enter(second, token, {b: 50}, mark=mark)
    assert sent.status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "entered"
    assert FactRecord.objects.filter(tournament_id=pk).count() == before
    page = text(second.get(f"/tisch/{token}/"))
    assert f"{name(pk, b)} {TAKEN}" in page
    assert "Dieses Handy gehört jetzt" not in page and 'value="confirm"' not in page
    assert TournamentRecord.objects.get(pk=pk).revision != revision  # the desk's page hears it

    desk = text(organiser.get(f"/turniere/{pk}/paesse/"))
    assert f"Ein neues Handy möchte {name(pk, b)} sein" in desk
    assert "1 Handy möchte ein anderer Spieler sein" in text(
        organiser.get(f"/turniere/{pk}/ergebnistafel/")
    )
    allowed = organiser.post(f"/turniere/{pk}/paesse/", request_form(organiser, pk, "allow"))
    assert allowed.status_code == 302
    said = text(organiser.get(f"/turniere/{pk}/paesse/"))
    assert f"das bisherige Handy von {name(pk, b)} ist wieder frei" in said

    assert confirm(own, token, entry).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "entered"  # the first phone is nobody now
    assert 'value="confirm"' in text(second.get(f"/tisch/{token}/"))
    assert confirm(second, token, entry).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "confirmed"
    assert list(PhoneBinding.objects.filter(tournament_id=pk, player=b)) == [
        PhoneBinding.objects.get(tournament_id=pk, player=b, by_pass=True)
    ]


def test_a_refused_phone_stays_nobody_and_the_first_phone_stays_the_player() -> None:
    organiser, pk, token, (_a, b, c, _d), entry, own = entered_with_b_on_a_phone()
    second = phone()
    tap(second, token, b)
    assert TAKEN in text(second.get(f"/tisch/{token}/"))
    refused = organiser.post(f"/turniere/{pk}/paesse/", request_form(organiser, pk, "refuse"))
    assert refused.status_code == 302
    said = text(organiser.get(f"/turniere/{pk}/paesse/"))
    assert f"Anfrage abgelehnt: Das neue Handy gehört nicht zu {name(pk, b)}." in said
    page = text(second.get(f"/tisch/{token}/"))
    assert TAKEN not in page and re.search(r'name="player" value="p\d+"', page)
    tap(second, token, c)  # a name nobody has taken yet is taken at once
    assert "Dieses Handy gehört jetzt für dieses Turnier zu" in text(second.get(f"/tisch/{token}/"))
    assert confirm(own, token, entry).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "confirmed"
