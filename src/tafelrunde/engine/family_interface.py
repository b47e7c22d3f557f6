"""What the engine, the simulation and the command line ask of a format family: the typed
interface each family's package answers (`groups.engine`, `knockout.engine`).

It names no family: a family's package imports it and answers it with its own types
(`FamilyEngine[its rules, its tournament, its state, its fact]`), and mypy checks every
answer. `family_engine` finds the family of whatever it is handed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Protocol, TypeVar

from tafelrunde.engine.ruleform.params import Section
from tafelrunde.engine.seat_list import Seating
from tafelrunde.i18n import Text

Cell = Text | int | Decimal | None  # a ranking's cell: words, a number, or nothing
Table = tuple[list[Text], list[list[Cell]]]  # a ranking's head and rows
Final = tuple[bool, list[dict[str, object]], tuple[str, ...]]  # over, rows, their columns
Played = tuple[tuple[int, ...], Mapping[str, int]]  # a table's numbers, its places

R = TypeVar("R")  # a family's ruleset
T = TypeVar("T")  # its tournament
S = TypeVar("S")  # its state
F = TypeVar("F")  # its fact


@dataclass(frozen=True)
class Start:
    """How a new tournament starts: its seed, its day, when and by whom it was made, and
    whether its players come after the registration deadline."""

    seed: int
    day: date | None
    at: str
    by: str
    late: bool = False


class FamilyEngine(Protocol[R, T, S, F]):
    """Every question the engine's shared modules ask of a format family."""

    def owns(self, thing: object) -> bool:
        """Say whether a ruleset, tournament or state is this family's."""

    def read_rules(self, data: dict[str, object]) -> R:
        """The ruleset of a ruleset file's data (checked; a refusal names the key)."""

    def new(self, name: str, rules: R, names: list[str], start: Start) -> T:
        """A new tournament of these rules with these players (checked; `start`: its seed,
        day, time and who made it, and whether the players come after the deadline)."""

    def read_tournament(self, data: dict[str, object]) -> T:
        """The tournament of a tournament file's data (its facts not replayed yet)."""

    def read_fact(self, data: dict[str, object]) -> F:
        """One fact as the database keeps it."""

    def stored_fact(self, fact: F) -> dict[str, object]:
        """One fact as the file and the database store it (refused unless it reads back)."""

    def page_state(self, tour: T, earlier: S | None) -> S:
        """The state of stored facts for pages, made from an earlier one where it can;
        sealed (`sealed.Sealed`): the requests that read it share it, none may change it."""

    def started(self, tour: T) -> bool:
        """Say whether a table is drawn or opened: then only facts change it."""

    def replay(self, tour: T, thorough: bool) -> None:
        """Replay the facts, refusing a misfit (`thorough`: also what the store checked)."""

    def tournament_data(self, tour: T) -> dict[str, object]:
        """The tournament file's data, but its format and version."""

    def ranking_table(self, tour: T, state: S | None) -> Table:
        """The overall ranking for people (values as texts)."""

    def ranking_sheet(self, tour: T, state: S | None) -> Table:
        """The overall ranking for files (numbers in columns of their own)."""

    def final(self, tour: T) -> Final:
        """Whether it is over, the final ranking's rows and the columns a file shows."""

    def seating(self, state: S) -> Seating:
        """Everybody's place now."""

    def sections(self, rules: R) -> list[Section]:
        """Every parameter of a ruleset, in sections (the rules form)."""

    def played_tables(self, state: S) -> Sequence[Played]:
        """Each finished table's numbers (in playing order) and places, for the ratings."""

    def rating_family(self, state: S) -> str:
        """The game family its games are rated in."""
