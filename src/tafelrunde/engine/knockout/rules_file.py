"""Read and validate a format-D ruleset file (TOML); every mistake names its field."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, cast

from tafelrunde.engine.choices import Fill
from tafelrunde.engine.confirmation import Mode
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.key_reader import take
from tafelrunde.engine.knockout.clock import time_of_day
from tafelrunde.engine.knockout.rules import DEFAULT_PRIZES, FILL_RULES, KnockoutRules
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


def _take(r: _Reader, dotted: str) -> Any:
    """Read a declared key of format D from its table (amounts and times of day too)."""
    k = key("knockout", dotted)
    if k.kind == "money":
        return r.money(k.path[-1], k.default)
    if k.kind == "time":
        return r.clock(k.path[-1], k.default)
    return take(r, k)


def _sub(r: _Reader, name: str) -> _Reader:
    """The reader of a nested table, allowing exactly its declared keys."""
    return r.sub(name, allowed("knockout", name))


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

    def clock(self, key: str, default: int) -> int:
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


def _tables(top: _Reader) -> tuple[TableRule, int]:
    """Read the table sizes and how many survive a table."""
    t = _sub(top, "tables")
    prefer = _take(t, "tables.prefer")
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
    survivors = _take(t, "tables.survivors")
    if survivors >= min(rule.sizes()):
        raise RuleError(
            msg("must be smaller than the smallest table size ({size}).", size=min(rule.sizes())),
            field=t.at("survivors"),
        )
    return rule, survivors


def knockout_rules_from_dict(data: Mapping[str, Any]) -> KnockoutRules:
    """Validate a parsed format-D ruleset and build it."""
    top = _Reader(data, "", allowed("knockout"))
    if top.whole("schema", 1, high=1_000_000) != 1:
        raise RuleError(msg("only version 1 is supported."), field="schema")
    if _take(top, "format") != "D":
        raise RuleError(msg("must be 'D'."), field="format")
    reg = _sub(top, "registration")
    admission = _take(reg, "registration.admission")
    deadline = _take(reg, "registration.deadline")
    start = _take(reg, "registration.start")
    if not admission <= deadline <= start:
        raise RuleError(
            msg("admission ≤ deadline ≤ start."),
            field=reg.at("deadline"),
        )
    chips = _sub(top, "chips")
    final = _sub(top, "grand_final")
    fill = final.text("fill", key("knockout", "grand_final.fill").default)
    if fill not in FILL_RULES:
        raise RuleError(
            msg(
                "'{fill}' is not allowed; possible: {possible}.",
                fill=fill,
                possible=", ".join(FILL_RULES),
            ),
            field=final.at("fill"),
        )
    sharp = _sub(top, "sharp_play")
    prizes = _sub(top, "prizes").data.get("places", list(DEFAULT_PRIZES))
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
    tables, survivors = _tables(top)
    final_size = _take(final, "grand_final.size")
    if final_size < 2 * survivors:
        raise RuleError(
            msg(
                "must be at least 2 × {survivors} (the survivors of both brackets).",
                survivors=survivors,
            ),
            field=final.at("size"),
        )
    return KnockoutRules(
        name=_take(top, "name"),
        name_en=_take(top, "name_en"),
        description=_take(top, "description"),
        lives=_take(top, "lives"),
        chips_main=_take(chips, "chips.main"),
        chips_consolation=_take(chips, "chips.consolation"),
        chips_final=_take(chips, "chips.grand_final"),
        chips_carry_over=_take(chips, "chips.carry_over"),
        tables=tables,
        survivors=survivors,
        final_size=final_size,
        final_fill=Fill(fill),
        sharp_after_minutes=_take(sharp, "sharp_play.after_minutes"),
        sharp_in_final=_take(sharp, "sharp_play.in_grand_final"),
        admission=admission,
        deadline=deadline,
        start=start,
        check_in=_take(reg, "registration.check_in"),
        entry_fee=_take(reg, "registration.entry_fee"),
        donation=_take(_sub(top, "schock_out"), "schock_out.donation"),
        prizes=tuple(prizes),
        confirmation=cast(Mode, _take(top, "confirmation")),
        source=copy.deepcopy(dict(data)),
    )


def knockout_rules_from_toml(text: str, *, origin: str = "ruleset") -> KnockoutRules:
    """Parse TOML text and validate it as a format-D ruleset."""
    return knockout_rules_from_dict(read_toml(text, origin=origin))
