"""The season ranking (Jahreswertung): a season ruleset and the table it makes of many evenings."""

from tafelrunde.engine.season.evenings import Evening, EveningResult, Person
from tafelrunde.engine.season.rules import Counting, Points, SeasonRules
from tafelrunde.engine.season.rules_file import season_rules_from_dict, season_rules_from_toml
from tafelrunde.engine.season.table import Cell, Row, SeasonTable, season_table

__all__ = [
    "Cell",
    "Counting",
    "Evening",
    "EveningResult",
    "Person",
    "Points",
    "Row",
    "SeasonRules",
    "SeasonTable",
    "season_rules_from_dict",
    "season_rules_from_toml",
    "season_table",
]
