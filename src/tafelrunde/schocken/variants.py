"""The rule switches of Schocken in one place, so a club can add house rules."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.i18n import msg
from tafelrunde.schocken.errors import RuleError


@dataclass(frozen=True)
class Variants:
    """House rules of a table; the defaults follow seed 003 (official German championship)."""

    schock_doof: bool = True  # every General ranks above Schock 2 (below Schock 3)
    max_throws: int = 3  # throws the starter of a round may use
    lids: int = 13  # lids (Deckel) of a half
    turn_sixes: bool = True  # two sixes may be turned into a one
    opening_round: bool = True  # a half opens with one throw each (Laden)

    def __post_init__(self) -> None:
        if not 1 <= self.max_throws <= 9:
            raise RuleError(
                msg("the maximum number of throws must be between 1 and 9"),
                field="max_throws",
            )
        if not 2 <= self.lids <= 99:
            raise RuleError(
                msg("the number of lids must be between 2 and 99"),
                field="lids",
            )


DEFAULT = Variants()
SEED_002 = Variants(schock_doof=False)
