"""Read and validate a format-D ruleset file (TOML); every mistake names its field."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, cast

from tafelrunde.engine.confirmation import MODES, Mode
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import KNOCKOUT_LETTER
from tafelrunde.engine.knockout.clock import time_of_day
from tafelrunde.engine.knockout.rules import FILL_RULES, KnockoutRules
from tafelrunde.engine.limits import (
    MAX_CHIPS,
    MAX_LIVES,
    MAX_MINUTES,
    MAX_PRIZES,
    MAX_TABLE_SIZE,
    TEXT_LENGTH,
    checked_text,
)
from tafelrunde.engine.numbers import parse_number
from tafelrunde.engine.tables import TableRule
from tafelrunde.engine.toml_reader import TableReader, read_toml
from tafelrunde.i18n import msg

TOP_KEYS = {
    "schema", "name", "name_en", "format", "description", "registration", "lives", "chips",
    "tables", "grand_final", "sharp_play", "schock_out", "prizes", "confirmation",
}  # fmt: skip


MAX_AMOUNT = Decimal(10_000)  # euros of a fee or donation


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
    t = top.sub("tables", {"prefer", "allow", "survivors"})
    prefer = t.whole("prefer", 4, low=2, high=MAX_TABLE_SIZE)
    allow = t.data.get("allow", [3])
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
    survivors = t.whole("survivors", 2, high=MAX_TABLE_SIZE)
    if survivors >= min(rule.sizes()):
        raise RuleError(
            msg("must be smaller than the smallest table size ({size}).", size=min(rule.sizes())),
            field=t.at("survivors"),
        )
    return rule, survivors


def knockout_rules_from_dict(data: Mapping[str, Any]) -> KnockoutRules:
    """Validate a parsed format-D ruleset and build it."""
    top = _Reader(data, "", TOP_KEYS)
    if top.whole("schema", 1, high=1_000_000) != 1:
        raise RuleError(msg("only version 1 is supported."), field="schema")
    if top.text("format", KNOCKOUT_LETTER) != KNOCKOUT_LETTER:
        raise RuleError(msg("must be '{letter}'.", letter=KNOCKOUT_LETTER), field="format")
    reg = top.sub("registration", {"admission", "deadline", "start", "check_in", "entry_fee"})
    base = KnockoutRules()
    admission = reg.clock("admission", base.admission)
    deadline = reg.clock("deadline", base.deadline)
    start = reg.clock("start", base.start)
    if not admission <= deadline <= start:
        raise RuleError(
            msg("admission ≤ deadline ≤ start."),
            field=reg.at("deadline"),
        )
    chips = top.sub("chips", {"main", "consolation", "grand_final", "carry_over"})
    final = top.sub("grand_final", {"size", "fill"})
    fill = final.text("fill", base.final_fill)
    if fill not in FILL_RULES:
        raise RuleError(
            msg(
                "'{fill}' is not allowed; possible: {possible}.",
                fill=fill,
                possible=", ".join(FILL_RULES),
            ),
            field=final.at("fill"),
        )
    sharp = top.sub("sharp_play", {"after_minutes", "in_grand_final"})
    prizes = top.sub("prizes", {"places"}).data.get("places", list(base.prizes))
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
    final_size = final.whole("size", base.final_size, low=2, high=MAX_TABLE_SIZE)
    if final_size < 2 * survivors:
        raise RuleError(
            msg(
                "must be at least 2 × {survivors} (the survivors of both brackets).",
                survivors=survivors,
            ),
            field=final.at("size"),
        )
    return KnockoutRules(
        name=top.line("name", base.name),
        name_en=top.line("name_en", base.name_en),
        description=top.text("description", ""),
        lives=top.whole("lives", base.lives, high=MAX_LIVES),
        chips_main=chips.whole("main", base.chips_main, high=MAX_CHIPS),
        chips_consolation=chips.whole("consolation", base.chips_consolation, high=MAX_CHIPS),
        chips_final=chips.whole("grand_final", base.chips_final, high=MAX_CHIPS),
        chips_carry_over=chips.flag("carry_over", base.chips_carry_over),
        tables=tables,
        survivors=survivors,
        final_size=final_size,
        final_fill=fill,
        sharp_after_minutes=sharp.whole(
            "after_minutes", base.sharp_after_minutes, low=0, high=MAX_MINUTES
        ),
        sharp_in_final=sharp.flag("in_grand_final", base.sharp_in_final),
        admission=admission,
        deadline=deadline,
        start=start,
        check_in=reg.flag("check_in", base.check_in),
        entry_fee=reg.money("entry_fee", base.entry_fee),
        donation=top.sub("schock_out", {"donation"}).money("donation", base.donation),
        prizes=tuple(prizes),
        confirmation=cast(Mode, top.choice("confirmation", MODES, base.confirmation)),
        source=copy.deepcopy(dict(data)),
    )


def knockout_rules_from_toml(text: str, *, origin: str = "ruleset") -> KnockoutRules:
    """Parse TOML text and validate it as a format-D ruleset."""
    return knockout_rules_from_dict(read_toml(text, origin=origin))
