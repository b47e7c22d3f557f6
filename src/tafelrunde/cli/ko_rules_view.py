"""Format D on the command line: every parameter of a knockout ruleset, readably."""

from __future__ import annotations

from rich.table import Table as RichTable

from tafelrunde.engine.knockout import KnockoutRules
from tafelrunde.engine.knockout.rules_text import rule_items
from tafelrunde.i18n import msg, text_in


def rules_table(rules: KnockoutRules, lang: str) -> RichTable:
    """Render every parameter of a format-D ruleset readably."""
    table = RichTable(
        title=rules.name if lang == "de" else rules.name_en or rules.name,
        caption=rules.description.strip() or None,
        show_lines=True,
    )
    table.add_column(msg("Rule").text(lang))
    table.add_column(msg("Value").text(lang))
    for label, value in rule_items(rules):
        table.add_row(label.text(lang), text_in(value, lang))
    return table
