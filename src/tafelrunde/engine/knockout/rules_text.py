"""Every parameter of a format-D ruleset as readable lines: a label and a value."""

from __future__ import annotations

from tafelrunde.engine.confirmation import MODE_CHOICES
from tafelrunde.engine.knockout.clock import clock_text
from tafelrunde.engine.knockout.rules import KnockoutRules
from tafelrunde.i18n import Message, Text, msg


def _yes(flag: bool) -> Message:
    """Say yes or no."""
    return msg("yes") if flag else msg("no")


def _final(r: KnockoutRules) -> Message:
    """Describe the grand final's size and how it is filled up."""
    if r.final_fill == "latest_eliminated":
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


CONFIRMATION_WORDS: dict[str, Message] = dict(MODE_CHOICES)


def rule_items(r: KnockoutRules) -> list[tuple[Message, Text]]:
    """Return (label, value) for every number of the ruleset."""
    return list(rule_item_map(r).values())


def rule_item_map(r: KnockoutRules) -> dict[str, tuple[Message, Text]]:
    """Every (label, value) of the ruleset by what it is about: 'times', 'fee', 'chips', …"""
    sizes = "/".join(str(s) for s in sorted(r.tables.sizes(), reverse=True))
    times = f"{clock_text(r.admission)} / {clock_text(r.deadline)} / {clock_text(r.start)}"
    chips = f"{r.chips_main} / {r.chips_consolation} / {r.chips_final}"
    prizes = "; ".join(f"{i}. {p}" for i, p in enumerate(r.prizes, start=1))
    return {
        "times": (msg("Admission / deadline / start"), times),
        "fee": (msg("Entry fee"), f"{r.entry_fee} €"),
        "check_in": (msg("Check-in needed"), _yes(r.check_in)),
        "lives": (msg("Lives"), str(r.lives)),
        "chips": (msg("Chips main / consolation / grand final"), chips),
        "carry_over": (msg("Chips carry over"), _yes(r.chips_carry_over)),
        "tables": (
            msg("Table sizes"),
            msg("prefer {prefer}, allowed {sizes}", prefer=r.tables.prefer, sizes=sizes),
        ),
        "survivors": (msg("A table plays until this many remain"), str(r.survivors)),
        "final": (msg("Grand final"), _final(r)),
        "sharp": (msg("Sharp play"), _sharp(r)),
        "donation": (msg("Donation per Schock aus (Schock-Aus-König)"), f"{r.donation} €"),
        "prizes": (msg("Prizes"), prizes),
        "confirmation": (msg("Results at the table"), CONFIRMATION_WORDS[r.confirmation]),
    }
