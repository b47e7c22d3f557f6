"""The demo's online sign-up: a tournament of the demo evening whose sign-up is open, its
places taken (some entered by hand, some signed up online) and two on the waiting list, so
that a new user sees the form, the passes and the waiting list at work."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tafelrunde.engine.players import DEMO_NAMES
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.web.core.demo import DEMO_USER, EVENT
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, save_new
from tafelrunde.web.core.models import Event, TournamentRecord
from tafelrunde.web.player.signups import set_desk, sign_up

TOURNAMENT = "King Lui – Online-Anmeldung offen"
PLACES = 10
BY_HAND = DEMO_NAMES[:6]  # entered by the organisers
ONLINE = DEMO_NAMES[16:22]  # the first four get the places left, the last two wait


def add_sign_up_demo() -> bool:
    """Add the tournament with its open sign-up (once); say whether it was new."""
    event = Event.objects.filter(name=EVENT).first()
    if event is None or TournamentRecord.objects.filter(name=TOURNAMENT).exists():
        return False
    at = timezone.localtime().replace(microsecond=0).isoformat()
    tour = new_tournament(TOURNAMENT, load_rules("king-lui"), "\n".join(BY_HAND),
                          day=event.date, at=at, by=DEMO_USER)  # fmt: skip
    with transaction.atomic():
        rec = save_new(tour, event=event, log=Logged(msg("Demo tournament created")))
        set_desk(rec, open_=True, capacity=PLACES, room=None, code="")
        for name in ONLINE:
            sign_up(rec, name, "", "", "")
    return True
