"""Helpers of the projector tests: real tournaments in the states a hall sees, and what the
projector's slides show (keys, titles, texts)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta
from html.parser import HTMLParser
from typing import Any

from django.test import Client
from django.utils import timezone

from factories import USER, now, organiser_user, people, stored
from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import TableEntered, Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament, OpenTable, PayFee
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import GameLost
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import play_to_end, random_result
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.models import TournamentRecord


def group(preset: str, n: int) -> TournamentState:
    """A fresh format A–C tournament of n players."""
    tour = new_tournament(f"Beamer {preset}", load_rules(preset), people(n), day=None, at=now(),
                          by=USER)  # fmt: skip
    assert isinstance(tour, Tournament)
    return TournamentState(tour)


def drawn(preset: str, n: int, seed: int = 7) -> TournamentState:
    """A format A–C tournament with its first game drawn."""
    state = group(preset, n)
    record(state, next_draw(state, seed=seed), at=now(), by=USER)
    return state


def entered(state: TournamentState, table: int, seat: int = 0, seed: int = 1) -> None:
    """A player of the table enters a result through the table link (not confirmed)."""
    res = random_result(state, 1, table, random.Random(seed))
    st = state.current
    assert st is not None
    player = st.seat_order(1, table)[seat]
    fact = TableEntered(n=0, stage=res.stage, game=1, table=table, player=player,
                        scores=res.scores, pips=res.pips, places=res.places)  # fmt: skip
    record(state, fact, at=now(), by="")


def result(state: TournamentState, table: int, seed: int = 1) -> None:
    """The organisers enter a table's result (it counts at once)."""
    record(state, random_result(state, 1, table, random.Random(seed)), at=now(), by=USER)


def finished(preset: str, n: int) -> TournamentState:
    """A format A–C tournament played to its end."""
    state = group(preset, n)
    play_to_end(state.tournament, seed=5)
    return TournamentState(state.tournament)


def knockout(n: int, *, opened: str = "") -> KnockoutTournament:
    """Format D of n paid players, the suggested tables open (now, or at `opened`)."""
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Beamer-Schocken", load_rules("schocken-ko"), people(n), day=day,
                          at=now(), by=USER)  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    ids = list(tour.state().players)
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in ids], at=now(), by=USER)
    record_all(tour, list(tables_to_open(tour.state())), at=opened or now(), by=USER)
    return tour


def knock_out(tour: KnockoutTournament, table: int, player: str) -> None:
    """Game losses until the player has left the table."""
    while player in tour.state().tables[table].remaining:
        record_all(tour, [GameLost(n=0, at=0, table=table, player=player)], at=now(), by=USER)


def open_next(tour: KnockoutTournament) -> list[OpenTable]:
    """Open every table (or the grand final) the engine suggests now."""
    opened = list(tables_to_open(tour.state()))
    record_all(tour, opened, at=now(), by=USER)
    return opened


def play_out(tour: KnockoutTournament) -> KnockoutTournament:
    """Play format D to its end: open the suggested tables, the first player of each loses."""
    while not tour.state().finished:
        state = tour.state()
        if not state.open_tables():
            open_next(tour)
            continue
        t = state.open_tables()[0]
        knock_out(tour, t.number, t.remaining[0])
    return tour


def save(tour: Any) -> TournamentRecord:
    """Store a tournament as the application does."""
    organiser_user()
    return stored(tour)


# -- what the projector shows ----------------------------------------------------------


@dataclass
class Shown:
    """The slides in order: key -> text; and the attributes of the slides' box."""

    slides: dict[str, str] = field(default_factory=dict)
    hidden: list[str] = field(default_factory=list)
    box: dict[str, str] = field(default_factory=dict)
    body: dict[str, str] = field(default_factory=dict)

    def kinds(self) -> list[str]:
        """The kinds of the slides, each once, in order."""
        out: list[str] = []
        for key in self.slides:
            kind = key.rsplit("-", 1)[0]
            if kind not in out:
                out.append(kind)
        return out

    def of(self, kind: str) -> list[str]:
        """The texts of the slides of a kind."""
        return [t for k, t in self.slides.items() if k.rsplit("-", 1)[0] == kind]


class _Slides(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown = Shown()
        self.key: str | None = None
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "body":
            self.shown.body = a
        if tag == "div" and a.get("id") == "slides":
            self.shown.box = a
        if tag == "section" and "data-slide-key" in a:
            self.key, self.depth = a["data-slide-key"], 0
            self.shown.slides[self.key] = ""
            if "hidden" in a:
                self.shown.hidden.append(self.key)
        if self.key is not None and tag == "section":
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.key is not None and tag == "section":
            self.depth -= 1
            if self.depth == 0:
                self.key = None

    def handle_data(self, data: str) -> None:
        if self.key is not None and data.strip():
            self.shown.slides[self.key] += " " + " ".join(data.split())


def projector(pk: int, client: Client | None = None, fragment: bool = False) -> Shown:
    """The projector page (or its slides alone) as everybody sees it."""
    path = f"/turniere/{pk}/beamer/" + ("folien/" if fragment else "")
    response = (client or Client()).get(path)
    assert response.status_code == 200, response.status_code
    parser = _Slides()
    parser.feed(response.content.decode())
    return parser.shown
