"""The group family on the command line: a tournament of a player list, its rules readably."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table as RichTable

from tafelrunde.cli.family import CliFamily
from tafelrunde.cli.files import read_text, save_tournament
from tafelrunde.cli.stamp import now
from tafelrunde.cli.views import ruleset_table
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.family_engine import AnyRules
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import parse_players
from tafelrunde.engine.tables import plan_tables
from tafelrunde.i18n import msg


def _ruleset(rules: AnyRules) -> Ruleset:
    """The group ruleset handed over (another family's is a programming error)."""
    assert isinstance(rules, Ruleset), type(rules)
    return rules


class GroupCli:
    """A group format on the command line."""

    def create(self, args: argparse.Namespace, out: Console, rules: AnyRules) -> int:
        """Make the tournament file of a player list (`--players`, required), with its seed."""
        ruleset = _ruleset(rules)
        if args.players is None:
            raise RuleError(msg("Give the player list (--players FILE)."), field="--players")
        players = parse_players(read_text(args.players, "Spielerliste"))
        tour = Tournament(
            name=args.name or ruleset.name,
            ruleset=ruleset,
            players=players,
            seed=args.seed,
            created_at=now(),
        )
        first = TournamentState(tour).following(None)
        if first is not None:
            plan_tables(len(players), first.rule.tables)
        save_tournament(tour, args.file)
        out.print(
            msg(
                "Tournament '{name}' with {count} players created: {file}",
                name=tour.name,
                count=len(players),
                file=args.file,
            ).text(args.lang)
        )
        out.print(
            msg(
                "Lot seed: {seed}. Next: tafelrunde draw {file}", seed=tour.seed, file=args.file
            ).text(args.lang)
        )
        return 0

    def rules_table(self, rules: AnyRules, lang: str) -> RichTable:
        """The general parameters and each stage's, readably."""
        return ruleset_table(_ruleset(rules), lang)


CLI: CliFamily = GroupCli()
