"""The knockout family on the command line: a tournament of registrations, its rules."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table as RichTable

from tafelrunde.cli import ko_entry, ko_rules_view
from tafelrunde.cli.family import CliFamily
from tafelrunde.engine.family_engine import AnyRules
from tafelrunde.engine.knockout import KnockoutRules


def _rules(rules: AnyRules) -> KnockoutRules:
    """The knockout rules handed over (another family's is a programming error)."""
    assert isinstance(rules, KnockoutRules), type(rules)
    return rules


class KnockoutCli:
    """The knockout on the command line (its own commands: status, open, lost …)."""

    def create(self, args: argparse.Namespace, out: Console, rules: AnyRules) -> int:
        """Make the tournament file, registering the players of a list (if given)."""
        return ko_entry.create(args, out, _rules(rules))

    def rules_table(self, rules: AnyRules, lang: str) -> RichTable:
        """Every number of the rules, readably."""
        return ko_rules_view.rules_table(_rules(rules), lang)


CLI: CliFamily = KnockoutCli()
