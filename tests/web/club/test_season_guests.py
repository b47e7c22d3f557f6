"""Who is a guest is for the organisers: the public season page, its print, the embed and
the public files show names and results only; the organisers see „(Gast)“ and the column."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from webhelpers import text

from factories import dated_tournament, logged_in
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Person, PlayerLink, Season
from tafelrunde.web.club.roster import players_of

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DAY = datetime.date(2026, 5, 1)


def test_only_the_organisers_see_who_is_a_guest() -> None:
    rec = dated_tournament("B", 8, DAY)
    for k, (pid, name) in enumerate(players_of(rec)):  # half members, half guests
        person = Person.objects.create(name=name, member=k % 2 == 0)
        PlayerLink.objects.create(tournament=rec, player=pid, person=person)
    season = Season.objects.create(name="Wertung", rules=load_season_rules("summe").source,
                                   event_kinds=[], date_from=DAY)  # fmt: skip
    pages = [f"/saisons/{season.pk}/", f"/saisons/{season.pk}/drucken/",
             f"/einbetten/saisons/{season.pk}/"]  # fmt: skip
    for path in pages:
        shown = text(Client().get(path))
        assert "Wertung" in shown and "(Gast)" not in shown and 'class="guest' not in shown, path
    public = Client().get(f"/saisons/{season.pk}/export.csv").content.decode("utf-8-sig")
    assert "Mitglied" not in public and "Gast" not in public
    boss = logged_in()
    for path in pages[:2]:
        assert text(boss.get(path)).count("(Gast)") == 4, path
    assert "(Gast)" not in text(boss.get(pages[2]))  # the embed is for the club's website
    own = boss.get(f"/saisons/{season.pk}/export.csv").content.decode("utf-8-sig")
    assert "Mitglied" in own and own.count("Gast") == 4
