"""Rules as a form: every parameter of a ruleset of any format, described once.

`sections` lists the parameters with their kind, bounds, current value and rule text;
`values` turns them into the form's texts and back; `apply` writes the changed ones into
the ruleset file, which is then checked exactly as a typed file would be.
"""

from __future__ import annotations

from tafelrunde.engine.knockout.rules import KnockoutRules
from tafelrunde.engine.ruleform.apply import changed_source, param_at, part_at, refusals
from tafelrunde.engine.ruleform.knockout import knockout_sections
from tafelrunde.engine.ruleform.params import Group, Param, Section
from tafelrunde.engine.ruleform.stages import sections as group_sections
from tafelrunde.engine.ruleform.values import Raw, Reading, raw_of, read, readings
from tafelrunde.engine.ruleset import Ruleset


def sections(rules: Ruleset | KnockoutRules) -> list[Section]:
    """Every parameter of a ruleset, in sections (the general one, then each stage's)."""
    if isinstance(rules, KnockoutRules):
        return knockout_sections(rules)
    return group_sections(rules)


def params(rules: Ruleset | KnockoutRules) -> list[Param]:
    """Every parameter of a ruleset, in order."""
    return [p for s in sections(rules) for p in s.params()]


__all__ = [
    "Group",
    "Param",
    "Raw",
    "Reading",
    "Section",
    "changed_source",
    "param_at",
    "params",
    "part_at",
    "raw_of",
    "read",
    "readings",
    "refusals",
    "sections",
]
