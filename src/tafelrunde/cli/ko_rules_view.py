"""Format D on the command line: every parameter of a knockout ruleset, readably."""

from __future__ import annotations

from rich.table import Table as RichTable

from tafelrunde.cli.views import t
from tafelrunde.engine.knockout import KnockoutRules
from tafelrunde.engine.knockout.rules_text import rule_lines


def rules_table(rules: KnockoutRules, lang: str) -> RichTable:
    """Render every parameter of a format-D ruleset readably."""
    table = RichTable(
        title=rules.name if lang == "de" else rules.name_en or rules.name,
        caption=rules.description.strip() or None,
        show_lines=True,
    )
    table.add_column(t(lang, "Regel", "Rule"))
    table.add_column(t(lang, "Wert", "Value"))
    for de, en, value_de, value_en in rule_lines(rules):
        table.add_row(t(lang, de, en), t(lang, value_de, value_en))
    return table
