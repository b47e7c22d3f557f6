"""Factories: stored tournaments in the states the tests need, built through the engine and
the domain functions as the application stores them, without going through HTTP.

Use these wherever the pages or forms are not what a test is about; they are quick and give
the same records the pages would. Every random choice takes a seed.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.test import Client
from django.utils import timezone

from tafelrunde.engine.groups.actions import next_draw, open_rolloffs, record, rolled_by_software
from tafelrunde.engine.groups.facts import Result, Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament, PayFee
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import GameLost, SchockOut
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules, preset_names
from tafelrunde.sim.autoplay import play_to_end, random_result
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, save_new
from tafelrunde.web.core.models import Event, TournamentRecord

NAMES = (
    "Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Günter", "Hanna", "Ingo", "Jana",
    "Klaus", "Lena", "Max", "Nora", "Otto", "Paula",
)  # fmt: skip


def names(n: int) -> list[str]:
    """The first n player names."""
    return list(NAMES[:n])


def people(n: int) -> str:
    """n player names, one a line ('Spieler 01' …)."""
    return "\n".join(f"Spieler {k:02d}" for k in range(1, n + 1))


USER, PASSWORD = "leitung", "geheim-1"

# -- tournaments in play ----------------------------------------------------------------


@cache
def password_hash() -> str:
    """The organiser's password, hashed once for every test (hashing is slow on purpose)."""
    return make_password(PASSWORD)


def organiser_user() -> Any:
    """The organiser (created on first use)."""
    users = get_user_model().objects
    return users.filter(username=USER).first() or users.create(
        username=USER, password=password_hash()
    )


def logged_in(**kwargs: Any) -> Client:
    """A client logged in as the organiser; a server error comes back as a status."""
    client = Client(raise_request_exception=False, **kwargs)
    client.force_login(organiser_user())
    return client


def now() -> str:
    """The time of an entry, as the pages record it."""
    return timezone.localtime().replace(microsecond=0).isoformat()


def morning() -> str:
    """Today at 10:00: players registered then are in before a format-D deadline (16:45 in
    the preset), whatever the time of day the tests run at."""
    return timezone.localtime().replace(hour=10, minute=0, second=0, microsecond=0).isoformat()


def tied_result(state: TournamentState, game: int, table: int, rng: random.Random) -> Result:
    """A result the engine's simulator invents, with values close enough to tie often."""
    res = random_result(state, game, table, rng)
    return replace(
        res,
        scores={p: rng.choice((20, 21)) for p in res.scores},
        pips={p: rng.choice((9, 10)) for p in res.pips},
    )


def group_step(state: TournamentState, rng: random.Random) -> str:
    """Do the next step of a format A–C tournament; name it (result, rolloff, draw, end)."""
    st_ = state.current
    if state.finished:
        return "end"
    if st_ is not None and st_.missing_results():
        game, table = rng.choice(st_.missing_results())
        record(state, tied_result(state, game, table, rng), at=now(), by=USER)
        return "result"
    if st_ is not None and open_rolloffs(state):
        need = open_rolloffs(state)[0]
        record(state, rolled_by_software(need, seed=rng.randrange(2**31)), at=now(), by=USER)
        return "rolloff"
    record(state, next_draw(state, seed=rng.randrange(2**31)), at=now(), by=USER)
    return "draw"


def lot_seeded(tour: Any, seed: int) -> Any:
    """Give a format A–C tournament the lot seed `seed` instead of the fresh one it was made
    with: its ties decided by lot, and the draws seeded by that order, are then the same in
    every run."""
    if isinstance(tour, Tournament):
        tour.seed = seed
    return tour


def group_tournament(
    preset: str, players: int, seed: int, done: Callable[[TournamentState], bool]
) -> Tournament:
    """A format A–C tournament played by the engine until `done` says stop."""
    tour = new_tournament(
        f"Fuzz {preset}", load_rules(preset), "\n".join(names(players)),
        day=None, at=now(), by=USER,
    )  # fmt: skip
    assert isinstance(tour, Tournament)
    state = TournamentState(lot_seeded(tour, seed))
    rng = random.Random(seed)
    for _ in range(1000):
        if done(state) or group_step(state, rng) == "end":
            return tour
    raise AssertionError(f"{preset} did not reach the wanted state")


def rolloff_open(facts: int) -> Callable[[TournamentState], bool]:
    """Stop when a roll-off is open after at least `facts` entries."""

    def done(state: TournamentState) -> bool:
        return len(state.tournament.facts) >= facts and bool(open_rolloffs(state))

    return done


def results_missing(stage: int, entered: int) -> Callable[[TournamentState], bool]:
    """Stop when `entered` results of a game of the given stage are in and some are missing."""

    def done(state: TournamentState) -> bool:
        st_ = state.current
        if st_ is None or len(state.stages) <= stage or not st_.missing_results():
            return False
        game = st_.missing_results()[0][0]
        return len(st_.tables(game) or ()) - len(st_.missing_results()) >= entered

    return done


def knockout_tournament(players: int) -> KnockoutTournament:
    """A format-D tournament: registered, all but one paid, tables open, games lost."""
    day = timezone.localdate() + timedelta(days=7)
    rules = load_rules("schocken-ko")
    tour = new_tournament("Fuzz-Schocken", rules, "\n".join(names(players)), day=day,
                          at=now(), by=USER)  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    ids = [f"p{k:03d}" for k in range(1, players)]
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in ids], at=now(), by=USER)
    record_all(tour, list(tables_to_open(tour.state())), at=now(), by=USER)
    for table in tour.state().open_tables():
        loser = table.remaining[0]
        record_all(tour, [GameLost(n=0, at=0, table=table.number, player=loser)], at=now())
    table = tour.state().open_tables()[0]
    shock = SchockOut(n=0, at=0, player=table.remaining[-1], table=table.number)
    record_all(tour, [shock], at=now(), by=USER)
    return tour


def stored(tour: Any, event: Event | None = None) -> TournamentRecord:
    """Store a tournament as the application does."""
    return save_new(tour, event=event, log=Logged(msg("Demo tournament created")))


def tournaments_in_play() -> dict[str, int]:
    """A: roll-offs open; B: over; C: results missing; D: tables open; and one not drawn yet."""
    organiser_user()
    event = Event.objects.create(name="Vereinsabend", date=timezone.localdate() + timedelta(7))
    plays = {
        "A": stored(group_tournament("gruppenmodus", 12, 1, rolloff_open(10)), event),
        "B": stored(group_tournament("alhambra", 12, 2, lambda s: False)),  # played to the end
        "C": stored(group_tournament("king-lui", 12, 3, results_missing(1, 2)), event),
        "D": stored(knockout_tournament(11), event),
        "new": stored(group_tournament("king-lui", 9, 4, lambda s: True)),
    }
    return {k: rec.pk for k, rec in plays.items()}


def not_started() -> dict[str, int]:
    """One tournament of every preset, players entered, nothing drawn; by preset."""
    organiser_user()
    day = timezone.localdate() + timedelta(days=7)
    out = {}
    for preset in preset_names():
        tour = new_tournament(f"Neu {preset}", load_rules(preset), "\n".join(names(9)),
                              day=day, at=now(), by=USER)  # fmt: skip
        out[preset] = stored(lot_seeded(tour, 1)).pk
    return out


# -- finished tournaments on a day (seasons, the club) ------------------------------

PRESETS = {"A": "gruppenmodus", "B": "alhambra", "C": "king-lui", "D": "schocken-ko"}


def event(name: str, day: datetime.date, kind: str = "") -> Event:
    """A club event of a kind."""
    return Event.objects.create(name=name, date=day, kind=kind)


def dated_tournament(
    fmt: str, n: int, day: datetime.date, ev: Event | None = None, *, play: bool = True,
    name: str = "", first: str = "",
) -> TournamentRecord:  # fmt: skip
    """A stored tournament of format A–D on that day, played to its end (or only set up); the
    first player may have a name of the test's own."""
    organiser_user()
    title = name or f"Abend {fmt} {day.isoformat()}"
    at = f"{day.isoformat()}T10:00:00+01:00"  # played that day, before registration closes
    players = people(n) if not first else "\n".join([first, *people(n).splitlines()[1:]])
    tour = new_tournament(title, load_rules(PRESETS[fmt]), players, day=day, at=at, by=USER)
    lot_seeded(tour, 5)
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
