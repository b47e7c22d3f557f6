"""Demo data: a club evening with one tournament per format, and an organiser login."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from tafelrunde.engine.families import FAMILIES
from tafelrunde.engine.players import DEMO_NAMES
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import play_to_end
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, save_new
from tafelrunde.web.core.models import Event

DEMO_USER = "orga"
DEMO_PASSWORD = "tafelrunde"
EVENT = "Spieleabend des Demo-Clubs"
TOURNAMENTS = [demo for family in FAMILIES for demo in family.demos()]  # one per format


def add_demo() -> bool:
    """Add the demo club evening (once) and the demo organiser; say whether anything was new."""
    user_model = get_user_model()
    new = False
    if not user_model.objects.filter(username=DEMO_USER).exists():
        user_model.objects.create_user(DEMO_USER, password=DEMO_PASSWORD)
        new = True
    if Event.objects.filter(name=EVENT).exists():
        return new
    today = timezone.localdate()
    day = today + timedelta(days=(4 - today.weekday()) % 7 or 7)  # the next Friday
    at = timezone.localtime().replace(microsecond=0).isoformat()
    with transaction.atomic():
        event = Event.objects.create(name=EVENT, date=day)
        for demo in TOURNAMENTS:
            text = "\n".join(DEMO_NAMES[: demo.players])
            rules = load_rules(demo.preset)
            tour = new_tournament(demo.name, rules, text, day=day, at=at, by=DEMO_USER)
            log = Logged(msg("Demo tournament created"))
            save_new(tour, event=event, log=log)
        played = new_tournament(
            "Gruppenmodus – fertig gespielt",
            load_rules("gruppenmodus"),
            "\n".join(DEMO_NAMES[:10]),
            day=day,
            at=at,
            by=DEMO_USER,
        )
        play_to_end(played, seed=2026)  # type: ignore[arg-type]
        log = Logged(msg("Demo played with random results"))
        save_new(played, event=event, log=log)
    return True
