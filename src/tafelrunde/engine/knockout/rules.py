"""The numbers of format D (Schocken knockout with lives and chips) as one frozen ruleset."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

from tafelrunde.engine.choices import Fill
from tafelrunde.engine.confirmation import Mode
from tafelrunde.engine.rule_keys import defaults
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

FILL_RULES = tuple(str(f) for f in Fill)


_D = defaults("knockout")  # every key's declared default (tafelrunde.engine.rule_keys)
DEFAULT_PRIZES: tuple[str, ...] = _D["prizes.places"]


@dataclass(frozen=True)
class KnockoutRules:
    """Every number of format D; the preset `schocken-ko` holds the seed's values."""

    name: str = _D["name"]
    name_en: str = _D["name_en"]
    format: str = _D["format"]
    description: str = _D["description"]
    lives: int = _D["lives"]
    chips_main: int = _D["chips.main"]
    chips_consolation: int = _D["chips.consolation"]
    chips_final: int = _D["chips.grand_final"]
    chips_carry_over: bool = _D["chips.carry_over"]
    tables: TableRule = field(
        default_factory=lambda: TableRule(_D["tables.prefer"], _D["tables.allow"])
    )
    survivors: int = _D["tables.survivors"]
    final_size: int = _D["grand_final.size"]
    final_fill: Fill = _D["grand_final.fill"]
    sharp_after_minutes: int = _D["sharp_play.after_minutes"]
    sharp_in_final: bool = _D["sharp_play.in_grand_final"]
    admission: int = _D["registration.admission"]  # seconds since midnight
    deadline: int = _D["registration.deadline"]
    start: int = _D["registration.start"]
    check_in: bool = _D["registration.check_in"]
    entry_fee: Decimal = _D["registration.entry_fee"]
    donation: Decimal = _D["schock_out.donation"]
    prizes: tuple[str, ...] = DEFAULT_PRIZES
    confirmation: Mode = _D["confirmation"]  # game losers entered at the table
    source: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def chips(self, bracket: Bracket) -> int:
        """Return the fresh chips a player gets at a new table of the bracket."""
        return {
            Bracket.MAIN: self.chips_main,
            Bracket.CONSOLATION: self.chips_consolation,
            Bracket.GRAND_FINAL: self.chips_final,
        }[bracket]
