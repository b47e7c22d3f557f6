"""Every parameter of a format-D ruleset as readable lines: a label and a value."""

from __future__ import annotations

from tafelrunde.engine.choices import Fill
from tafelrunde.engine.clock import clock_text
from tafelrunde.engine.knockout.rules import KnockoutRules
from tafelrunde.engine.rule_words import item, unsaid_items, value_words
from tafelrunde.i18n import Message, Text, msg


def _final(r: KnockoutRules) -> Message:
    """Describe the grand final's size and how it is filled up."""
    if r.final_fill == Fill.LATEST_ELIMINATED:
        return msg("{size} players; too few: fill up with the latest eliminated", size=r.final_size)
    return msg("{size} players; too few: do not fill up", size=r.final_size)


def _sharp(r: KnockoutRules) -> Message:
    """Describe sharp play."""
    minutes = r.sharp_after_minutes
    if r.sharp_in_final:
        return msg("single half from {minutes} min after the table opened", minutes=minutes)
    return msg(
        "single half from {minutes} min after the table opened; not in the grand final",
        minutes=minutes,
    )


# the keys the lines here say in their own words (the name and description head the page);
# every other declared key is said as label and value wherever a ruleset sets it
SAID = frozenset({
    "schema", "name", "name_en", "format", "description", "registration.admission",
    "registration.deadline", "registration.start", "registration.check_in",
    "registration.entry_fee", "lives", "chips.main", "chips.consolation", "chips.grand_final",
    "chips.carry_over", "tables.prefer", "tables.allow", "tables.survivors", "grand_final.size",
    "grand_final.fill", "sharp_play.after_minutes", "sharp_play.in_grand_final", "confirmation",
    "schock_out.donation", "prizes.places",
})  # fmt: skip


def rule_items(r: KnockoutRules) -> list[tuple[Message, Text]]:
    """Return (label, value) for every number of the ruleset, and any other key it sets."""
    return [*rule_item_map(r).values(), *unsaid_items("knockout", r, SAID)]


def rule_item_map(r: KnockoutRules) -> dict[str, tuple[Message, Text]]:
    """Every (label, value) of the ruleset by what it is about: 'times', 'fee', 'chips', …"""
    sizes = "/".join(str(s) for s in sorted(r.tables.sizes(), reverse=True))
    times = f"{clock_text(r.admission)} / {clock_text(r.deadline)} / {clock_text(r.start)}"
    chips = f"{r.chips_main} / {r.chips_consolation} / {r.chips_final}"
    prizes = "; ".join(f"{i}. {p}" for i, p in enumerate(r.prizes, start=1))
    return {
        "times": (msg("Admission / deadline / start"), times),
        "fee": item("knockout", "registration.entry_fee", r.entry_fee),
        "check_in": item("knockout", "registration.check_in", r.check_in),
        "lives": item("knockout", "lives", r.lives),
        "chips": (msg("Chips main / consolation / grand final"), chips),
        "carry_over": item("knockout", "chips.carry_over", r.chips_carry_over),
        "tables": (
            msg("Table sizes"),
            msg("prefer {prefer}, allowed {sizes}", prefer=r.tables.prefer, sizes=sizes),
        ),
        "survivors": item("knockout", "tables.survivors", r.survivors),
        "final": (msg("Grand final"), _final(r)),
        "sharp": (msg("Sharp play"), _sharp(r)),
        "donation": (msg("Donation per Schock aus (Schock-Aus-König)"), f"{r.donation} €"),
        "prizes": (msg("Prizes"), prizes),
        "confirmation": (
            msg("Results at the table"),
            value_words("knockout", "confirmation", r.confirmation),
        ),
    }
