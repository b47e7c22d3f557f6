"""Read and validate a format-D ruleset file (TOML); every mistake names its field."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from tafelrunde.engine.clock import time_of_day
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.key_reader import Keys
from tafelrunde.engine.knockout.rules import KnockoutRules
from tafelrunde.engine.limits import MAX_AMOUNT
from tafelrunde.engine.numbers import parse_number
from tafelrunde.engine.rule_keys import allowed
from tafelrunde.engine.tables import TableRule
from tafelrunde.engine.toml_reader import TableReader, read_toml
from tafelrunde.i18n import msg

__all__ = ["MAX_AMOUNT", "knockout_rules_from_dict", "knockout_rules_from_toml"]


class _Reader(TableReader):
    """The file reader with amounts of money and times of day."""

    def money(self, key: str, default: Decimal) -> Decimal:
        """Return an amount of euros (a number or a text such as "2.50") from 0 to MAX_AMOUNT."""
        value = self.data.get(key, default)
        try:
            if isinstance(value, bool) or not isinstance(value, int | str | Decimal):
                raise ValueError(value)
            amount = parse_number(value, field=self.at(key))
        except (RuleError, ValueError):
            raise RuleError(
                msg('must be an amount (e.g. 10 or "2.50").'),
                field=self.at(key),
            ) from None
        if not 0 <= amount <= MAX_AMOUNT or (amount * 100).denominator != 1:
            raise RuleError(
                msg(
                    "must be an amount from 0 to {max_amount} € with at most 2 decimals.",
                    max_amount=MAX_AMOUNT,
                ),
                field=self.at(key),
            )
        return Decimal(int(amount * 100)) / 100

    def time(self, key: str, default: int) -> int:
        """Return a time of day ("16:45") as seconds since midnight."""
        value = self.data.get(key)
        if value is None:
            return default
        if not isinstance(value, str):
            raise RuleError(
                msg("must be a time of day such as '16:45'."),
                field=self.at(key),
            )
        return int(time_of_day(value, field=self.at(key)))


def knockout_rules_from_dict(data: Mapping[str, Any]) -> KnockoutRules:
    """Validate a parsed format-D ruleset and build it."""
    keys = Keys(_Reader(data, "", allowed("knockout")), "knockout")
    keys.value("schema")
    f = keys.plain()
    if not f["admission"] <= f["deadline"] <= f["start"]:
        raise keys.fail("registration.deadline", msg("admission ≤ deadline ≤ start."))
    tables = TableRule(keys.value("tables.prefer"), keys.value("tables.allow"))
    if f["survivors"] >= min(tables.sizes()):
        said = msg(
            "must be smaller than the smallest table size ({size}).", size=min(tables.sizes())
        )
        raise keys.fail("tables.survivors", said)
    if f["final_size"] < 2 * f["survivors"]:
        said = msg(
            "must be at least 2 × {survivors} (the survivors of both brackets).",
            survivors=f["survivors"],
        )
        raise keys.fail("grand_final.size", said)
    return KnockoutRules(tables=tables, source=copy.deepcopy(dict(data)), **f)


def knockout_rules_from_toml(text: str, *, origin: str = "ruleset") -> KnockoutRules:
    """Parse TOML text and validate it as a format-D ruleset."""
    return knockout_rules_from_dict(read_toml(text, origin=origin))
