"""Read and validate a format-D ruleset file (TOML); every mistake names its field."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import KNOCKOUT_LETTER
from tafelrunde.engine.key_reader import read_plain, take
from tafelrunde.engine.knockout.clock import time_of_day
from tafelrunde.engine.knockout.rules import DEFAULT_PRIZES, KnockoutRules
from tafelrunde.engine.limits import (
    MAX_AMOUNT,
    MAX_PRIZES,
    MAX_TABLE_SIZE,
    TEXT_LENGTH,
    checked_text,
)
from tafelrunde.engine.numbers import parse_number
from tafelrunde.engine.rule_keys import allowed, key
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


def _tables(top: _Reader, survivors: int) -> TableRule:
    """Read the table sizes; survivors must be fewer than the smallest table seats."""
    t = top.sub("tables", allowed("knockout", "tables"))
    prefer = take(t, key("knockout", "tables.prefer"))
    allow = t.data.get("allow", list(key("knockout", "tables.allow").default))
    if (
        not isinstance(allow, list)
        or len(allow) > MAX_TABLE_SIZE
        or not all(
            isinstance(a, int) and not isinstance(a, bool) and 2 <= a <= MAX_TABLE_SIZE
            for a in allow
        )
    ):
        raise RuleError(
            msg(
                "must be a list of table sizes from 2 to {max_table_size}.",
                max_table_size=MAX_TABLE_SIZE,
            ),
            field=t.at("allow"),
        )
    rule = TableRule(prefer=prefer, allow=tuple(allow))
    if survivors >= min(rule.sizes()):
        raise RuleError(
            msg("must be smaller than the smallest table size ({size}).", size=min(rule.sizes())),
            field=t.at("survivors"),
        )
    return rule


def _prizes(top: _Reader) -> tuple[str, ...]:
    """Read the prizes by place: at most MAX_PRIZES one-line texts."""
    prizes = top.sub("prizes", {"places"}).data.get("places", list(DEFAULT_PRIZES))
    if (
        not isinstance(prizes, list)
        or len(prizes) > MAX_PRIZES
        or not all(isinstance(p, str) for p in prizes)
    ):
        raise RuleError(
            msg("must be a list of at most {max_prizes} texts.", max_prizes=MAX_PRIZES),
            field="prizes.places",
        )
    for i, prize in enumerate(prizes):
        checked_text(prize, field=f"prizes.places[{i + 1}]", length=TEXT_LENGTH)
    return tuple(prizes)


def knockout_rules_from_dict(data: Mapping[str, Any]) -> KnockoutRules:
    """Validate a parsed format-D ruleset and build it."""
    top = _Reader(data, "", allowed("knockout"))
    if top.whole("schema", 1, high=1_000_000) != 1:
        raise RuleError(msg("only version 1 is supported."), field="schema")
    if top.get("format", str, KNOCKOUT_LETTER) != KNOCKOUT_LETTER:
        raise RuleError(msg("must be '{letter}'.", letter=KNOCKOUT_LETTER), field="format")
    f = read_plain(top, "knockout")
    if not f["admission"] <= f["deadline"] <= f["start"]:
        raise RuleError(msg("admission ≤ deadline ≤ start."), field="registration.deadline")
    tables = _tables(top, f["survivors"])
    if f["final_size"] < 2 * f["survivors"]:
        raise RuleError(
            msg(
                "must be at least 2 × {survivors} (the survivors of both brackets).",
                survivors=f["survivors"],
            ),
            field="grand_final.size",
        )
    return KnockoutRules(tables=tables, prizes=_prizes(top), source=copy.deepcopy(dict(data)), **f)


def knockout_rules_from_toml(text: str, *, origin: str = "ruleset") -> KnockoutRules:
    """Parse TOML text and validate it as a format-D ruleset."""
    return knockout_rules_from_dict(read_toml(text, origin=origin))
