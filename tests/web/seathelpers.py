"""Helpers of the „Wo sitze ich?" tests: real tournaments with names people mistype, and
what the page shows (the cards found, the list of everybody)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta
from html.parser import HTMLParser
from typing import Any

from django.test import Client
from django.utils import timezone

from factories import USER, now, organiser_user, stored
from tafelrunde.engine.groups.actions import next_draw, open_rolloffs, record, rolled_by_software
from tafelrunde.engine.groups.facts import AnyFact, Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament, OpenTable, PayFee
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.models import TournamentRecord

NAMES = (
    "Anna Müller", "Bernd Straße", "Clara Öztürk", "Dieter Weiß", "Émile Zola", "Frieda Kühn",
    "Günter Groß", "Hanna Schäfer", "Ingo Meier", "Jana Mayer", "Klaus Müller-Lüdenscheidt",
    "Lena Fuchs", "Max Mustermann", "Nora Nußbaum", "Otto Åberg", "Paula Ruiz",
)  # fmt: skip


def group_tournament(preset: str, players: int) -> Tournament:
    """A fresh format A–C tournament of the first `players` names."""
    text = "\n".join(NAMES[:players])
    tour = new_tournament(f"Sitzplan {preset}", load_rules(preset), text, day=None, at=now(),
                          by=USER)  # fmt: skip
    assert isinstance(tour, Tournament)
    return tour


def add(state: TournamentState, fact: AnyFact) -> None:
    """Record a fact as the pages do."""
    record(state, fact, at=now(), by=USER)


def draw(state: TournamentState, seed: int = 7) -> None:
    """Draw what comes next."""
    add(state, next_draw(state, seed=seed))


def enter(state: TournamentState, game: int, table: int, seed: int = 1) -> None:
    """Enter a valid result the engine's simulator invents, and settle its roll-offs."""
    add(state, random_result(state, game, table, random.Random(seed)))
    for need in open_rolloffs(state):
        add(state, rolled_by_software(need, seed=seed))


def knockout_tournament(players: int) -> KnockoutTournament:
    """Format D: all but the last two paid; the suggested tables open; one game lost."""
    day = timezone.localdate() + timedelta(days=7)
    text = "\n".join(NAMES[:players])
    tour = new_tournament("Schock-Sitzplan", load_rules("schocken-ko"), text, day=day, at=now(),
                          by=USER)  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    ids = list(tour.state().players)[:-2]
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in ids], at=now(), by=USER)
    opened = list(tables_to_open(tour.state()))
    record_all(tour, opened[:1], at=now(), by=USER)
    assert isinstance(opened[0], OpenTable)
    return tour


def save(tour: Any) -> TournamentRecord:
    """Store a tournament as the application does."""
    organiser_user()
    return stored(tour)


# -- what the page shows --------------------------------------------------------------------


@dataclass
class Shown:
    """The cards found and the rows of the list of everybody, as texts."""

    cards: list[dict[str, str]] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    value: str | None = None  # what the name box holds
    scripts: int = 0
    handlers: list[str] = field(default_factory=list)  # on… attributes (there must be none)


class _Page(HTMLParser):
    PARTS = ("seat-name", "seat-table", "seat-place", "seat-start", "seat-game", "seat-note")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown = Shown()
        self.part: str | None = None
        self.in_list = False
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        self.shown.handlers += [k for k in a if k.startswith("on")]
        if tag == "script":
            self.shown.scripts += 1
        if tag == "input" and a.get("id") == "seat-name":
            self.shown.value = a.get("value", "")
        if tag == "article" and "seat-card" in classes:
            self.shown.cards.append({})
        self.part = next((c for c in classes if c in self.PARTS), self.part)
        if tag == "table" and a.get("id") == "seating":
            self.in_list = True
        if self.in_list and tag == "tr":
            self.cell = None
            self.shown.rows.append([])
        if self.in_list and tag == "td":
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("p", "h3"):
            self.part = None
        if tag == "table":
            self.in_list = False
        if tag == "td" and self.cell is not None:
            self.shown.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.part and self.shown.cards:
            card = self.shown.cards[-1]
            card[self.part] = " ".join((card.get(self.part, "") + data).split())
        if self.cell is not None:
            self.cell.append(data)


def shown(response: Any) -> Shown:
    """What a „Wo sitze ich?" page shows."""
    parser = _Page()
    parser.feed(response.content.decode())
    parser.shown.rows = [r for r in parser.shown.rows if r]  # the head row has no cells
    return parser.shown


def look_up(client: Client, pk: int, name: str) -> Any:
    """Ask the page for a name."""
    return client.get(f"/turniere/{pk}/wo-sitze-ich/", {"name": name})
