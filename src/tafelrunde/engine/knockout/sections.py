"""The parameters of a format-D ruleset (Schocken knockout), in groups."""

from __future__ import annotations

from tafelrunde.engine.knockout.rules import KnockoutRules
from tafelrunde.engine.knockout.rules_text import rule_item_map
from tafelrunde.engine.rule_words import named
from tafelrunde.engine.ruleform.params import Group, Section, group_params
from tafelrunde.i18n import Text, msg


def _lines(r: KnockoutRules, *keys: str) -> tuple[Text, ...]:
    """The readable rule lines ('Entry fee: 10 €') of some of the ruleset's items."""
    items = rule_item_map(r)
    return tuple(msg("{label}: {value}", label=items[k][0], value=items[k][1]) for k in keys)


def _groups(r: KnockoutRules) -> tuple[Group, ...]:
    """Every parameter of format D, in its declared groups."""
    groups = (
        ("names", msg("Names"), (named(r.name, r.name_en),)),
        ("registration", msg("Registration"), _lines(r, "times", "fee", "check_in")),
        ("lives", msg("Lives and chips"), _lines(r, "lives", "chips", "carry_over")),
        ("tables", msg("Tables"), _lines(r, "tables", "survivors")),
        ("final", msg("Grand final"), _lines(r, "final")),
        ("sharp", msg("Sharp play"), _lines(r, "sharp")),
        ("confirmation", msg("Results at the table"), _lines(r, "confirmation")),
        ("schock_out", msg("Schock out"), _lines(r, "donation")),
        ("prizes", msg("Prizes"), _lines(r, "prizes")),
    )
    return tuple(
        Group(title, lines, group_params("knockout", name, r)) for name, title, lines in groups
    )


def knockout_sections(r: KnockoutRules) -> list[Section]:
    """Every parameter of a format-D ruleset, as one section."""
    return [Section("general", msg("Rules"), _groups(r))]
