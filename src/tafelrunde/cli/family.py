"""What the command line asks of a format family: making a tournament of its rules, and its
rules as a table to read.

Each family names its module in the registry (`Family.cli_module`); that module's CLI
answers this interface.
"""

from __future__ import annotations

import argparse
from importlib import import_module
from typing import Protocol, cast

from rich.console import Console
from rich.table import Table as RichTable

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of, written
from tafelrunde.engine.family_engine import AnyRules
from tafelrunde.i18n import msg


class CliFamily(Protocol):
    """A format family on the command line."""

    def create(self, args: argparse.Namespace, out: Console, rules: AnyRules) -> int:
        """Make a tournament file of these rules (`create`), its players from the list."""

    def rules_table(self, rules: AnyRules, lang: str) -> RichTable:
        """Every parameter of the rules, readably (`rules`)."""


def cli_of(rules: AnyRules) -> CliFamily:
    """The command line's answers of the rules' family; refused for a family with none."""
    module = family_of(written(rules)).cli_module
    if not module:
        raise RuleError(msg("The command line has no commands for this format."), field="preset")
    return cast(CliFamily, import_module(module).CLI)
