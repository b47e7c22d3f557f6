"""A ruleset: every number of a format, as validated data."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tafelrunde.engine.choices import ScoreMode, Seating, SeatOrder, Withdrawn
from tafelrunde.engine.confirmation import Mode
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.scoring import Scoring
from tafelrunde.engine.groups.standings import Criterion
from tafelrunde.engine.numbers import shown
from tafelrunde.engine.rule_keys import defaults
from tafelrunde.engine.rule_words import named
from tafelrunde.engine.tables import TableRule
from tafelrunde.i18n import Message, msg

_TOP, _STAGE = defaults("top"), defaults("stage")  # each default written once: rule_keys


@dataclass(frozen=True)
class Entrants:
    """Who enters a stage from the previous one: the top N, or the best k per table plus fill."""

    top: int | None = _STAGE["entrants.top"]
    per_table: int | None = _STAGE["entrants.per_table"]
    fill_multiple: int | None = _STAGE["entrants.fill_multiple"]
    fill_target: int | None = _STAGE["entrants.fill_target"]

    def count(self, available: int, tables: int) -> int:
        """Return how many players of the previous stage's ranking enter."""
        if self.top is not None:
            return min(self.top, available)
        n = min((self.per_table or 0) * tables, available)
        if self.fill_multiple:
            n = -(-n // self.fill_multiple) * self.fill_multiple
            if n > available:
                n = available - available % self.fill_multiple
        if self.fill_target:
            n = max(n, self.fill_target)
        return min(n, available)


def table_ranking_of(ranking: tuple[Criterion, ...]) -> tuple[Criterion, ...]:
    """The ranking at a table where a stage gives none of its own: the stage's, but for the
    place at the table."""
    return tuple(c for c in ranking if c.key != "table_place")


@dataclass(frozen=True)
class StageRule:
    """One step of a format: how it seats, how many games, how it scores and ranks."""

    id: str
    name: str
    name_en: str
    games: int
    tables: TableRule
    seating: Seating
    reseat_each_game: bool
    keep_apart: bool
    avoid_repeats: bool
    three_to_four: bool
    seat_order: SeatOrder
    score: ScoreMode
    pips: bool
    placement_by: tuple[str, ...]
    scoring: Scoring
    stechen: str
    herzog: str
    table_ranking: tuple[Criterion, ...]
    ranking: tuple[Criterion, ...]
    entrants: Entrants
    players_at_least: int
    entrants_at_least: int
    repeat: bool
    note: str
    game_name: str = _STAGE["game_name"]
    game_name_en: str = _STAGE["game_name_en"]
    points_name: str = _STAGE["points_name"]
    points_name_en: str = _STAGE["points_name_en"]
    negative_scores: bool = _STAGE["result.negative"]  # a game whose scores can be below zero
    score_min: Fraction | int | None = _STAGE["result.score_min"]  # the bounds of a table score
    score_max: Fraction | int | None = _STAGE["result.score_max"]

    def score_range(self) -> tuple[Fraction | int | None, Fraction | int | None]:
        """The lowest and highest score a table may enter (None: only the general limit)."""
        low = (
            self.score_min if self.score_min is not None else (None if self.negative_scores else 0)
        )
        return low, self.score_max

    def score_refusal(self, value: Fraction | int, name: str) -> RuleError | None:
        """Why a player's score is outside this stage's range (with the range), or None."""
        low, high = self.score_range()
        if (low is None or value >= low) and (high is None or value <= high):
            return None
        lo, hi = (shown(v) if v is not None else None for v in (low, high))
        if lo is not None and hi is not None:
            said = msg(
                "Game points of {name}: allowed are {low} to {high}.", name=name, low=lo, high=hi
            )
        elif lo is not None:
            said = msg("Game points of {name}: at least {low}.", name=name, low=lo)
        else:
            said = msg("Game points of {name}: at most {high}.", name=name, high=hi)
        return RuleError(said, field="scores")

    def game_word(self) -> Message:
        """Name one game of this stage ('Partie', 'Durchgang')."""
        return named(self.game_name, self.game_name_en)

    def title(self) -> Message:
        """Name the stage (the ruleset's German and English names)."""
        return named(self.name, self.name_en)

    def points_word(self, count: Fraction | int | None = None) -> Message:
        """Name this stage's points ('Siegpunkte'), for `count` of them ('1 Siegpunkt')."""
        if count == 1:
            return named(one_of(self.points_name, "punkte"), one_of(self.points_name_en, "points"))
        return named(self.points_name, self.points_name_en)


def stage_title(rule: StageRule, key: str) -> Message:
    """Name a stage played under `rule`; a repeated one gets its number ('Gruppenrunde 2')."""
    suffix = key[len(rule.id) :].lstrip("-")
    if not suffix:
        return rule.title()
    return msg("{stage} {number}", stage=rule.title(), number=suffix)


def one_of(word: str, plural: str) -> str:
    """A ruleset's word for points in the singular, where its ending says how ('Siegpunkte':
    'Siegpunkt', 'victory points': 'victory point'); any other word stays as it is ('TP')."""
    return word[:-1] if word.lower().endswith(plural) else word


@dataclass(frozen=True)
class Ruleset:
    """A whole format: its stages in order, plus where it came from."""

    name: str
    name_en: str
    format: str
    description: str
    stages: tuple[StageRule, ...]
    source: dict[str, Any] = field(default_factory=dict, compare=False)
    withdrawn: Withdrawn = _TOP["players.withdrawn"]  # ranked with their points, or last
    late_join: bool = _TOP["players.late_join"]  # a late player may join before a later draw
    family: str = _TOP["family"]  # the game family its games are rated in ("": the registry's)
    confirmation: Mode = _TOP["confirmation"]  # who makes a result entered at the table count
    rolloffs_at_table: bool = _TOP["rolloffs_at_table"]  # the table enters its roll-offs

    def stage(self, stage_id: str) -> StageRule:
        """Return the stage rule with this id."""
        for rule in self.stages:
            if rule.id == stage_id:
                return rule
        raise KeyError(stage_id)

    def played_title(self, key: str) -> Message:
        """Name a played stage by its key ('gruppenrunde-2' is 'Gruppenrunde 2')."""
        rule = self.played_rule(key)
        return stage_title(rule, key) if rule else Message("{stage}", {"stage": key})

    def played_rule(self, key: str) -> StageRule | None:
        """The rule a played stage's key belongs to, if any."""
        for rule in sorted(self.stages, key=lambda r: len(r.id), reverse=True):
            if key == rule.id or key.startswith(f"{rule.id}-"):
                return rule
        return None
