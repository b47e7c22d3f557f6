"""Rules as a form: every parameter of a ruleset of any format, described once.

`family_engine.sections` lists the parameters (each family's: `stages`, `knockout`) with
their kind, bounds, current value and rule text;
`values` turns them into the form's texts and back; `apply` writes the changed ones into
the ruleset file, which is then checked exactly as a typed file would be.
"""

from __future__ import annotations

from tafelrunde.engine.ruleform.apply import changed_source, param_at, part_at, refusals
from tafelrunde.engine.ruleform.params import Group, Param, Section
from tafelrunde.engine.ruleform.values import Raw, Reading, raw_of, read, readings

__all__ = [
    "Group",
    "Param",
    "Raw",
    "Reading",
    "Section",
    "changed_source",
    "param_at",
    "part_at",
    "raw_of",
    "read",
    "readings",
    "refusals",
]
