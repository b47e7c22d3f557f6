"""The numbers of format D (Schocken knockout with lives and chips) as one frozen ruleset."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

from tafelrunde.engine.confirmation import Mode
from tafelrunde.engine.tables import TableRule
from tafelrunde.i18n import msg


class Bracket(StrEnum):
    """Where a table belongs: main bracket, consolation bracket or grand final."""

    MAIN = "main"
    CONSOLATION = "consolation"
    GRAND_FINAL = "grand_final"


BRACKET_NAMES = {
    Bracket.MAIN: msg("main bracket"),
    Bracket.CONSOLATION: msg("consolation bracket"),
    Bracket.GRAND_FINAL: msg("grand final"),
}

FILL_RULES = ("latest_eliminated", "none")

DEFAULT_PRIZES = ("Wanderpokal", "Sachpreis", "Sachpreis", "Sachpreis", "Sachpreis", "Sachpreis")


@dataclass(frozen=True)
class KnockoutRules:
    """Every number of format D; the preset `schocken-ko` holds the seed's values."""

    name: str = "Schocken-K.-o."
    name_en: str = "Schocken knockout"
    format: str = "D"
    description: str = ""
    lives: int = 2
    chips_main: int = 2
    chips_consolation: int = 2
    chips_final: int = 3
    chips_carry_over: bool = False
    tables: TableRule = field(default_factory=lambda: TableRule(prefer=4, allow=(3,)))
    survivors: int = 2
    final_size: int = 4
    final_fill: str = "latest_eliminated"
    sharp_after_minutes: int = 15
    sharp_in_final: bool = False
    admission: int = 16 * 3600 + 30 * 60
    deadline: int = 16 * 3600 + 45 * 60
    start: int = 17 * 3600
    check_in: bool = False
    entry_fee: Decimal = Decimal(10)
    donation: Decimal = Decimal(3)
    prizes: tuple[str, ...] = DEFAULT_PRIZES
    confirmation: Mode = "table"  # game losers entered at the table: who confirms them
    source: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def chips(self, bracket: Bracket) -> int:
        """Return the fresh chips a player gets at a new table of the bracket."""
        return {
            Bracket.MAIN: self.chips_main,
            Bracket.CONSOLATION: self.chips_consolation,
            Bracket.GRAND_FINAL: self.chips_final,
        }[bracket]
