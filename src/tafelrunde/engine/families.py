"""The format families, in one registry: everything the program asks of a format.

A ruleset belongs to one of two families: the group family (formats A–C and any club
ruleset of that shape, letter or not) and the knockout family (format D). The letter a
ruleset may carry is a label and a key to the shipped formats' defaults; no module outside
this one decides anything by it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from tafelrunde.i18n import Message, msg

KNOCKOUT_LETTER = "D"
Planning = Literal["minutes", "throws"]
MINUTES: Planning = "minutes"  # a game takes the minutes of its format (give or take)
THROWS: Planning = "throws"  # Schocken bots play every game, throw by throw
DEFAULT_GAME_MINUTES = 30.0
DEFAULT_SCORES = (0, 100)


@dataclass(frozen=True)
class Demo:
    """A demo tournament of a shipped format: its preset, its name and how many play."""

    preset: str
    name: str
    players: int


@dataclass(frozen=True)
class Shipped:
    """What a shipped format's letter stands for beyond its ruleset file."""

    rating_family: str  # the game family its games are rated in
    game_minutes: float  # planning: minutes of one game
    scores: tuple[int, int]  # simulation: the range of a game's score
    demo: Demo  # the demo club evening's tournament of this format


SHIPPED = {
    "A": Shipped("gruppenmodus", 10.0, (0, 0), Demo("gruppenmodus", "Würfeln im Gruppenmodus", 13)),
    "B": Shipped("alhambra", 60.0, (40, 160), Demo("alhambra", "Alhambra-Turnier", 12)),
    "C": Shipped("king-lui", 20.0, (0, 30), Demo("king-lui", "King-Lui-Turnier", 16)),
    KNOCKOUT_LETTER: Shipped("schocken", 0.0, (0, 0), Demo("schocken-ko", "Schocken-K.-o.", 9)),
}


@dataclass(frozen=True)
class Family:
    """One format family and the answers it gives about a ruleset of its own."""

    key: str  # "group" or "knockout": the key of its pages, readers and slides
    name: Message
    late_fact: str  # the fact that adds a player after the start
    listed_players: bool  # its players are listed with the tournament (else they register)
    waits: bool  # tables open one by one as players come free: pages show who waits
    day_in_rules: bool  # the day is part of its rules and times (not chosen with the event)
    planning: Planning  # how a plan is simulated: minutes per game, or Schocken throws
    schock_out_king: bool  # its games count Schock aus for the Schock-Aus-König
    own_points: bool  # its ranking has points of its own (a season can count them)
    engine_module: str  # the module whose ENGINE answers the engine's questions
    sim_module: str = ""  # the module whose SIMULATION plays it ("": none)
    cli_module: str = ""  # the module whose CLI makes and shows it on the command line
    own_letter: str = ""  # the one letter of a family that has only one format

    def owns(self, ruleset: Mapping[str, Any]) -> bool:
        """Say whether a ruleset (as written in its file) is of this family."""
        letter = ruleset.get("format")
        if self.own_letter:
            return letter == self.own_letter
        return not any(f.own_letter == letter for f in FAMILIES if f.own_letter)

    def letter(self, ruleset: Mapping[str, Any]) -> str:
        """The ruleset's format letter ('' for a club's own format)."""
        value = ruleset.get("format")
        return value if isinstance(value, str) and value in SHIPPED else self.own_letter

    def label(self, ruleset: Mapping[str, Any]) -> str:
        """How pages name the format: its letter, else the ruleset's own name."""
        letter = self.letter(ruleset)
        if letter:
            return letter
        name = ruleset.get("name")
        return name if isinstance(name, str) and name.strip() else "–"

    def rating_family(self, ruleset: Mapping[str, Any]) -> str:
        """The game family its games are rated in: the ruleset's `family`, the shipped
        format's, or the ruleset's name made into a key."""
        own = ruleset.get("family")
        if isinstance(own, str) and own.strip():
            return slug(own)
        letter = self.letter(ruleset)
        if letter:
            return SHIPPED[letter].rating_family
        name = ruleset.get("name")
        return slug(name) if isinstance(name, str) and name.strip() else self.key

    def game_minutes(self, ruleset: Mapping[str, Any]) -> float:
        """Planning: the minutes of one game, unless the plan says otherwise."""
        letter = self.letter(ruleset)
        return SHIPPED[letter].game_minutes if letter else DEFAULT_GAME_MINUTES

    def score_range(self, ruleset: Mapping[str, Any]) -> tuple[int, int]:
        """Simulation: the range a game's score is drawn from."""
        letter = self.letter(ruleset)
        return SHIPPED[letter].scores if letter else DEFAULT_SCORES

    def demos(self) -> list[Demo]:
        """The demo tournaments of its shipped formats."""
        return [s.demo for letter, s in SHIPPED.items() if family_of_letter(letter) is self]


GROUP = Family(
    "group", msg("group format"), "latejoined",
    listed_players=True, waits=False, day_in_rules=False,
    planning=MINUTES, schock_out_king=False, own_points=True,
    engine_module="tafelrunde.engine.groups.engine", sim_module="tafelrunde.sim.tour_groups",
    cli_module="tafelrunde.cli.group_cli",
)  # fmt: skip
KNOCKOUT = Family(
    "knockout", msg("knockout format"), "register",
    listed_players=False, waits=True, day_in_rules=True,
    planning=THROWS, schock_out_king=True, own_points=False, own_letter=KNOCKOUT_LETTER,
    engine_module="tafelrunde.engine.knockout.engine",
    sim_module="tafelrunde.sim.tour_knockout", cli_module="tafelrunde.cli.ko_family",
)  # fmt: skip
FAMILIES: list[Family] = [GROUP, KNOCKOUT]  # the registration: a new family joins here


def register(family: Family) -> None:
    """Add a format family (again: the newer one counts); a family with its own letter."""
    unregister(family.key)
    FAMILIES.insert(len(FAMILIES), family)


def unregister(key: str) -> None:
    """Take a format family out again (as a test does with one of its own)."""
    FAMILIES[:] = [f for f in FAMILIES if f.key != key]


def family_of(ruleset: Mapping[str, Any]) -> Family:
    """The family of a ruleset as written in its file (or stored with a tournament)."""
    return next(f for f in FAMILIES if f.owns(ruleset))


def family_of_letter(letter: str) -> Family:
    """The family a stored format label belongs to ('D': knockout, anything else: group)."""
    return family_of({"format": letter})


def written(rules: Any) -> Mapping[str, Any]:
    """A read ruleset as written in its file (its name and letter when it has no file)."""
    source = getattr(rules, "source", None)
    if source:
        return dict(source)
    return {"format": getattr(rules, "format", ""), "name": getattr(rules, "name", "")}


def slug(text: str) -> str:
    """A name as a key: lower case, words joined by '-' ('Fünferrunde' is 'fünferrunde')."""
    return re.sub(r"[^\w]+", "-", text.strip().lower()).strip("-") or "-"
