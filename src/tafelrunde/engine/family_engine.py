"""What the engine, the simulation and the command line ask of a format family.

Each family's engine answers one typed interface (`FamilyEngine`): the group family's in
`group_engine`, the knockout family's in `knockout_engine`; the registry (`families`) names
the module of each. The functions below ask the family of whatever they are handed; no
module decides by a family's classes but the family's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from importlib import import_module
from typing import Protocol, cast

from tafelrunde.engine.facts import AnyFact, Tournament
from tafelrunde.engine.families import FAMILIES, Family
from tafelrunde.engine.knockout import (
    KnockoutFact,
    KnockoutRules,
    KnockoutState,
    KnockoutTournament,
)
from tafelrunde.engine.ruleform.params import Param, Section
from tafelrunde.engine.ruleset import Ruleset
from tafelrunde.engine.seat_list import Seating
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import Text

AnyRules = Ruleset | KnockoutRules
AnyTournament = Tournament | KnockoutTournament
AnyState = TournamentState | KnockoutState
Cell = Text | int | Decimal | None  # a ranking's cell: words, a number, or nothing
Table = tuple[list[Text], list[list[Cell]]]  # a ranking's head and rows
Final = tuple[bool, list[dict[str, object]], tuple[str, ...]]  # over, rows, their columns
Played = tuple[tuple[int, ...], Mapping[str, int]]  # a table's numbers, its places


@dataclass(frozen=True)
class Start:
    """How a new tournament starts: its seed, its day, when and by whom it was made, and
    whether its players come after the registration deadline."""

    seed: int
    day: date | None
    at: str
    by: str
    late: bool = False


class FamilyEngine(Protocol):
    """Every question the engine's shared modules ask of a format family."""

    def owns(self, thing: object) -> bool:
        """Say whether a ruleset, tournament or state is this family's."""

    def read_rules(self, data: dict[str, object]) -> AnyRules:
        """The ruleset of a ruleset file's data (checked; a refusal names the key)."""

    def new(self, name: str, rules: AnyRules, names: list[str], start: Start) -> AnyTournament:
        """A new tournament of these rules with these players (checked; `start`: its seed,
        day, time and who made it, and whether the players come after the deadline)."""

    def read_tournament(self, data: dict[str, object]) -> AnyTournament:
        """The tournament of a tournament file's data (its facts not replayed yet)."""

    def read_fact(self, data: dict[str, object]) -> AnyFact | KnockoutFact:
        """One fact as the database keeps it."""

    def stored_fact(self, fact: AnyFact | KnockoutFact) -> dict[str, object]:
        """One fact as the file and the database store it (refused unless it reads back)."""

    def page_state(self, tour: AnyTournament, earlier: AnyState | None) -> AnyState:
        """The state of stored facts for pages, made from an earlier one where it can;
        sealed (`sealed.Sealed`): the requests that read it share it, none may change it."""

    def started(self, tour: AnyTournament) -> bool:
        """Say whether a table is drawn or opened: then only facts change it."""

    def replay(self, tour: AnyTournament, thorough: bool) -> None:
        """Replay the facts, refusing a misfit (`thorough`: also what the store checked)."""

    def tournament_data(self, tour: AnyTournament) -> dict[str, object]:
        """The tournament file's data, but its format and version."""

    def ranking_table(self, tour: AnyTournament, state: AnyState | None) -> Table:
        """The overall ranking for people (values as texts)."""

    def ranking_sheet(self, tour: AnyTournament, state: AnyState | None) -> Table:
        """The overall ranking for files (numbers in columns of their own)."""

    def final(self, tour: AnyTournament) -> Final:
        """Whether it is over, the final ranking's rows and the columns a file shows."""

    def seating(self, state: AnyState) -> Seating:
        """Everybody's place now."""

    def sections(self, rules: AnyRules) -> list[Section]:
        """Every parameter of a ruleset, in sections (the rules form)."""

    def played_tables(self, state: AnyState) -> Sequence[Played]:
        """Each finished table's numbers (in playing order) and places, for the ratings."""

    def rating_family(self, state: AnyState) -> str:
        """The game family its games are rated in."""


def engine(family: Family) -> FamilyEngine:
    """The engine of a format family (its module, named in the registry)."""
    return cast(FamilyEngine, import_module(family.engine_module).ENGINE)


def engine_of(thing: object) -> FamilyEngine:
    """The engine of the family a ruleset, tournament or state belongs to."""
    for family in FAMILIES:
        found = engine(family)
        if found.owns(thing):
            return found
    raise TypeError(f"no format family owns {type(thing).__name__}")


def seating(state: AnyState) -> Seating:
    """Everybody's place now, whatever the format."""
    return engine_of(state).seating(state)


def sections(rules: AnyRules) -> list[Section]:
    """Every parameter of a ruleset, in sections (the general one, then each stage's)."""
    return engine_of(rules).sections(rules)


def params(rules: AnyRules) -> list[Param]:
    """Every parameter of a ruleset, in order."""
    return [p for s in sections(rules) for p in s.params()]
