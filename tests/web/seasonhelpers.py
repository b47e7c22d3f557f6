"""Finished tournaments of every format on a given day and event, for the season tests."""

from __future__ import annotations

import datetime

from fuzzhelpers import USER, organiser_user
from projectorhelpers import people

from tafelrunde.engine.facts import Tournament
from tafelrunde.engine.knockout import KnockoutTournament, PayFee
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import GameLost
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import play_to_end
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, save_new
from tafelrunde.web.core.models import Event, TournamentRecord

PRESETS = {"A": "gruppenmodus", "B": "alhambra", "C": "king-lui", "D": "schocken-ko"}


def event(name: str, day: datetime.date, kind: str = "") -> Event:
    """A club event of a kind."""
    return Event.objects.create(name=name, date=day, kind=kind)


def tournament(
    fmt: str, n: int, day: datetime.date, ev: Event | None = None, *, play: bool = True,
    name: str = "",
) -> TournamentRecord:  # fmt: skip
    """A stored tournament of format A–D on that day, played to its end (or only set up)."""
    organiser_user()
    title = name or f"Abend {fmt} {day.isoformat()}"
    at = f"{day.isoformat()}T10:00:00+01:00"  # played that day, before registration closes
    tour = new_tournament(title, load_rules(PRESETS[fmt]), people(n), day=day, at=at, by=USER)
    if play and isinstance(tour, Tournament):
        play_to_end(tour, seed=5)
    if play and isinstance(tour, KnockoutTournament):
        record_all(tour, [PayFee(n=0, at=0, player=p) for p in tour.state().players], at=at)
        while not tour.state().finished:
            state = tour.state()
            if not state.open_tables():
                record_all(tour, list(tables_to_open(state)), at=at, by=USER)
                continue
            table = state.open_tables()[0]
            lost = GameLost(n=0, at=0, table=table.number, player=table.remaining[0])
            record_all(tour, [lost], at=at, by=USER)
    rec = save_new(tour, event=ev, log=Logged(msg("Demo tournament created")))
    if rec.day is None:  # formats A–C: the day of the form or the event
        rec.day = day
        rec.save(update_fields=["day"])
    return rec
