"""The demo club's people and season: the demo tournaments' players linked to persons, and a
season over the demo's year, so the club's pages have something to show."""

from __future__ import annotations

import datetime

from django.db import transaction

from tafelrunde.engine.players import DEMO_NAMES
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Person, PlayerLink, Season
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.demo import EVENT
from tafelrunde.web.core.models import Event, TournamentRecord

SEASON = "Jahreswertung des Demo-Clubs"


def add_club_demo() -> bool:
    """Link the demo's players to persons and add its season (once); say whether it was new."""
    event = Event.objects.filter(name=EVENT).first()
    if event is None or event.date is None or Season.objects.filter(name=SEASON).exists():
        return False
    guests = set(DEMO_NAMES[4::5])  # every fifth a guest, the others members
    with transaction.atomic():
        for rec in TournamentRecord.objects.filter(event=event).order_by("pk"):
            for player, name in players_of(rec):
                person, _ = Person.objects.get_or_create(
                    name=name, defaults={"member": name not in guests}
                )
                PlayerLink.objects.get_or_create(
                    tournament=rec, player=player, defaults={"person": person}
                )
        year = event.date.year
        Season.objects.create(name=SEASON, rules=load_season_rules("summe").source or {},
                              date_from=datetime.date(year, 1, 1),
                              date_to=datetime.date(year, 12, 31))  # fmt: skip
    return True
