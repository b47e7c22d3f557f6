"""Read and validate a format-D ruleset file (TOML); every mistake names its field."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.clock import time_of_day
from tafelrunde.engine.knockout.rules import FILL_RULES, KnockoutRules
from tafelrunde.engine.tables import TableRule
from tafelrunde.engine.toml_reader import TableReader, read_toml

TOP_KEYS = {
    "schema", "name", "name_en", "format", "description", "registration", "lives", "chips",
    "tables", "grand_final", "sharp_play", "schock_out", "prizes",
}  # fmt: skip


class _Reader(TableReader):
    """The file reader with amounts of money and times of day."""

    def money(self, key: str, default: Decimal) -> Decimal:
        """Return an amount of euros (a number or a text such as "2.50"), not negative."""
        value = self.data.get(key, default)
        try:
            if isinstance(value, bool) or not isinstance(value, int | str | Decimal):
                raise InvalidOperation
            amount = Decimal(value)
        except InvalidOperation:
            raise RuleError(
                'muss ein Betrag sein (z. B. 10 oder "2.50").',
                'must be an amount (e.g. 10 or "2.50").',
                field=self.at(key),
            ) from None
        if not amount.is_finite() or amount < 0:
            raise RuleError("darf nicht negativ sein.", "must not be negative.", field=self.at(key))
        return amount

    def clock(self, key: str, default: int) -> int:
        """Return a time of day ("16:45") as seconds since midnight."""
        value = self.data.get(key)
        if value is None:
            return default
        if not isinstance(value, str):
            raise RuleError(
                "muss eine Uhrzeit wie „16:45“ sein.",
                "must be a time of day such as '16:45'.",
                field=self.at(key),
            )
        return int(time_of_day(value, field=self.at(key)))


def _tables(top: _Reader) -> tuple[TableRule, int]:
    """Read the table sizes and how many survive a table."""
    t = top.sub("tables", {"prefer", "allow", "survivors"})
    prefer = t.whole("prefer", 4, low=2)
    allow = t.data.get("allow", [3])
    if not isinstance(allow, list) or not all(
        isinstance(a, int) and not isinstance(a, bool) and a >= 2 for a in allow
    ):
        raise RuleError(
            "muss eine Liste von Tischgrößen ab 2 sein.",
            "must be a list of table sizes from 2.",
            field=t.at("allow"),
        )
    rule = TableRule(prefer=prefer, allow=tuple(allow))
    survivors = t.whole("survivors", 2)
    if survivors >= min(rule.sizes()):
        raise RuleError(
            f"muss kleiner als die kleinste Tischgröße ({min(rule.sizes())}) sein.",
            f"must be smaller than the smallest table size ({min(rule.sizes())}).",
            field=t.at("survivors"),
        )
    return rule, survivors


def knockout_rules_from_dict(data: Mapping[str, Any]) -> KnockoutRules:
    """Validate a parsed format-D ruleset and build it."""
    top = _Reader(data, "", TOP_KEYS)
    if top.whole("schema", 1) != 1:
        raise RuleError(
            "nur Version 1 wird unterstützt.", "only version 1 is supported.", field="schema"
        )
    if top.text("format", "D") != "D":
        raise RuleError("muss „D“ sein.", "must be 'D'.", field="format")
    reg = top.sub("registration", {"admission", "deadline", "start", "check_in", "entry_fee"})
    base = KnockoutRules()
    admission = reg.clock("admission", base.admission)
    deadline = reg.clock("deadline", base.deadline)
    start = reg.clock("start", base.start)
    if not admission <= deadline <= start:
        raise RuleError(
            "Einlass ≤ Anmeldeschluss ≤ Turnierstart.",
            "admission ≤ deadline ≤ start.",
            field=reg.at("deadline"),
        )
    chips = top.sub("chips", {"main", "consolation", "grand_final", "carry_over"})
    final = top.sub("grand_final", {"size", "fill"})
    fill = final.text("fill", base.final_fill)
    if fill not in FILL_RULES:
        raise RuleError(
            f"„{fill}“ ist nicht erlaubt; möglich: {', '.join(FILL_RULES)}.",
            f"'{fill}' is not allowed; possible: {', '.join(FILL_RULES)}.",
            field=final.at("fill"),
        )
    sharp = top.sub("sharp_play", {"after_minutes", "in_grand_final"})
    prizes = top.sub("prizes", {"places"}).data.get("places", list(base.prizes))
    if not isinstance(prizes, list) or not all(isinstance(p, str) for p in prizes):
        raise RuleError(
            "muss eine Liste von Texten sein.", "must be a list of texts.", field="prizes.places"
        )
    tables, survivors = _tables(top)
    final_size = final.whole("size", base.final_size, low=2)
    if final_size < 2 * survivors:
        raise RuleError(
            f"muss mindestens 2 × {survivors} (die Überlebenden beider Runden) sein.",
            f"must be at least 2 × {survivors} (the survivors of both brackets).",
            field=final.at("size"),
        )
    return KnockoutRules(
        name=top.text("name", base.name),
        name_en=top.text("name_en", base.name_en),
        description=top.text("description", ""),
        lives=top.whole("lives", base.lives),
        chips_main=chips.whole("main", base.chips_main),
        chips_consolation=chips.whole("consolation", base.chips_consolation),
        chips_final=chips.whole("grand_final", base.chips_final),
        chips_carry_over=chips.flag("carry_over", base.chips_carry_over),
        tables=tables,
        survivors=survivors,
        final_size=final_size,
        final_fill=fill,
        sharp_after_minutes=sharp.whole("after_minutes", base.sharp_after_minutes, low=0),
        sharp_in_final=sharp.flag("in_grand_final", base.sharp_in_final),
        admission=admission,
        deadline=deadline,
        start=start,
        check_in=reg.flag("check_in", base.check_in),
        entry_fee=reg.money("entry_fee", base.entry_fee),
        donation=top.sub("schock_out", {"donation"}).money("donation", base.donation),
        prizes=tuple(prizes),
        source=copy.deepcopy(dict(data)),
    )


def knockout_rules_from_toml(text: str, *, origin: str = "ruleset") -> KnockoutRules:
    """Parse TOML text and validate it as a format-D ruleset."""
    return knockout_rules_from_dict(read_toml(text, origin=origin))
