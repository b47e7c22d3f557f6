"""The parameters of a format-D ruleset (Schocken knockout), in groups."""

from __future__ import annotations

from functools import partial

from tafelrunde.engine.knockout.rules import KnockoutRules
from tafelrunde.engine.knockout.rules_text import rule_item_map
from tafelrunde.engine.ruleform.params import Group, Section, declared
from tafelrunde.engine.ruleset import named
from tafelrunde.i18n import Text, msg

p = partial(declared, "knockout", stage=None)


def _lines(r: KnockoutRules, *keys: str) -> tuple[Text, ...]:
    """The readable rule lines ('Entry fee: 10 €') of some of the ruleset's items."""
    items = rule_item_map(r)
    return tuple(msg("{label}: {value}", label=items[k][0], value=items[k][1]) for k in keys)


def _groups(r: KnockoutRules) -> tuple[Group, ...]:
    """Every parameter of format D."""
    return (
        Group(msg("Names"), (named(r.name, r.name_en),), (
            p("name", r.name), p("name_en", r.name_en), p("description", r.description),
        )),
        Group(msg("Registration"), _lines(r, "times", "fee", "check_in"), (
            p("registration.admission", r.admission),
            p("registration.deadline", r.deadline),
            p("registration.start", r.start),
            p("registration.check_in", r.check_in),
            p("registration.entry_fee", r.entry_fee),
        )),
        Group(msg("Lives and chips"), _lines(r, "lives", "chips", "carry_over"), (
            p("lives", r.lives),
            p("chips.main", r.chips_main),
            p("chips.consolation", r.chips_consolation),
            p("chips.grand_final", r.chips_final),
            p("chips.carry_over", r.chips_carry_over),
        )),
        Group(msg("Tables"), _lines(r, "tables", "survivors"), (
            p("tables.prefer", r.tables.prefer),
            p("tables.allow", r.tables.allow),
            p("tables.survivors", r.survivors),
        )),
        Group(msg("Grand final"), _lines(r, "final"), (
            p("grand_final.size", r.final_size), p("grand_final.fill", r.final_fill),
        )),
        Group(msg("Sharp play"), _lines(r, "sharp"), (
            p("sharp_play.after_minutes", r.sharp_after_minutes),
            p("sharp_play.in_grand_final", r.sharp_in_final),
        )),
        Group(msg("Results at the table"), _lines(r, "confirmation"), (
            p("confirmation", r.confirmation),
        )),
        Group(msg("Schock out"), _lines(r, "donation"), (
            p("schock_out.donation", r.donation),
        )),
        Group(msg("Prizes"), _lines(r, "prizes"), (p("prizes.places", r.prizes),)),
    )  # fmt: skip


def knockout_sections(r: KnockoutRules) -> list[Section]:
    """Every parameter of a format-D ruleset, as one section."""
    return [Section("general", msg("Rules"), _groups(r))]
