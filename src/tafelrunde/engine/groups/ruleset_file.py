"""Read and validate a ruleset file (TOML); every mistake names its field and the reason."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from tafelrunde.engine.choices import FileFormat
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.ruleset import Entrants, Ruleset, StageRule, table_ranking_of
from tafelrunde.engine.groups.scoring import Scoring, losers_table
from tafelrunde.engine.groups.standings import Criterion
from tafelrunde.engine.key_reader import Keys, with_defaults
from tafelrunde.engine.limits import (
    MAX_CRITERIA,
    MAX_STAGES,
)
from tafelrunde.engine.numbers import Num, Rounding
from tafelrunde.engine.rule_keys import (
    RuleKey,
    allowed,
    replaced,
    under,
)
from tafelrunde.engine.tables import TableRule
from tafelrunde.engine.toml_reader import TableReader, read_toml
from tafelrunde.i18n import Message, msg

FORMATS = tuple(str(f) for f in FileFormat)  # format D has its own reader


class _Reader(TableReader):
    """The stage reader with ranking criteria."""

    def criteria(self, name: str, default: list[str] | None) -> tuple[Criterion, ...]:
        """Ranking criteria in order; the order-giving one must come last."""
        raw = self.get(name, list, default, required=default is None)
        if len(raw) > MAX_CRITERIA:
            raise self.fail(name, msg("at most {criteria} criteria.", criteria=MAX_CRITERIA))
        at = self.at(name)
        out = tuple(Criterion.parse(str(t), field=f"{at}[{i + 1}]") for i, t in enumerate(raw))
        for i, c in enumerate(out[:-1]):
            if c.orders:
                raise RuleError(
                    msg("roll-off and lot must be the last criterion."), field=f"{at}[{i + 1}]"
                )
        if not out:
            raise self.fail(name, msg("needs a criterion."))
        return out


def _fail(path: str, message: Message) -> RuleError:
    """Build the error for a field."""
    return RuleError(message, field=path)


def _rounding(keys: Keys, mode: RuleKey, step: RuleKey) -> Rounding:
    """Read a rounding rule {mode, step}."""
    value = keys.value(step.dotted)
    if value <= 0:
        raise keys.fail(step.dotted, msg("must be greater than 0."))
    return Rounding(keys.value(mode.dotted), value)


def _scoring(keys: Keys) -> Scoring:
    """Read the scoring table of a stage."""
    points = keys.value("scoring.points")
    loser = keys.value("scoring.rolloff_loser")
    malus = keys.value("scoring.rolloff_malus")
    return Scoring(
        points=points,
        tie=keys.value("scoring.tie"),
        rounding=_rounding(keys, *under("stage", "scoring", "rounding")),
        rolloff_loser=loser,
        rolloff_malus=malus,
        rolloff_losers=_losers(keys, points) or losers_table(points, loser, malus),
        game_point_factor=keys.value("scoring.game_point_factor"),
        game_point_rounding=_rounding(keys, *under("stage", "scoring", "game_point_rounding")),
        shared_last_is_loss=keys.value("scoring.shared_last_is_loss"),
    )


def _losers(keys: Keys, points: Mapping[int, tuple[Num, ...]]) -> dict[int, tuple[Num, ...]]:
    """Read the losers' points of roll-offs per table size (empty: the file gives the old keys)."""
    name = "scoring.rolloff_losers"
    if not keys.given(name):
        return {}
    old = [k.path[-1] for k in replaced("stage", name) if keys.given(k.dotted)]
    if old:
        said = msg("give either rolloff_losers or the older {old}, not both.", old=", ".join(old))
        raise keys.fail(name, said)
    out: dict[int, tuple[Num, ...]] = keys.value(name)
    for size, row in out.items():
        path = f"{keys.at(name)}.{size}"
        if size not in points:
            raise _fail(path, msg("no points are given for tables of {size}.", size=size))
        for i, (lost, won) in enumerate(zip(row, points[size], strict=False)):
            if lost > won:
                said = msg("the loser must not get more than place {place} gives.", place=i + 1)
                raise _fail(f"{path}[{i + 1}]", said)
    for size in points:
        if size not in out:
            said = msg("is missing for tables of {size}.", size=size)
            raise _fail(f"{keys.at(name)}.{size}", said)
    return out


def _tables(keys: Keys) -> TableRule:
    """Read the table sizes of a stage."""
    return TableRule(*(keys.value(k.dotted) for k in under("stage", "tables")))


def _entrants(keys: Keys, index: int) -> Entrants:
    """Read who enters a stage from the previous one."""
    entrants = Entrants(*(keys.value(k.dotted) for k in under("stage", "entrants")))
    if index > 0 and entrants.top is None and entrants.per_table is None:
        raise _fail(keys.table("entrants").path, msg("needs 'top' or 'per_table'."))
    return entrants


def _stage(data: Mapping[str, Any], path: str, index: int, earlier: list[str]) -> StageRule:
    """Read one stage (defaults already merged in)."""
    keys = Keys(_Reader(data, path, allowed("stage")), "stage")
    fields = keys.plain()
    sid = fields["id"]
    if sid in earlier:
        raise keys.fail("id", msg("'{sid}' exists already.", sid=sid))
    tables = _tables(keys)
    low, high = fields["score_min"], fields["score_max"]
    if low is not None and high is not None and low > high:
        raise keys.fail("result.score_min", msg("must not be above score_max."))
    scoring = _scoring(keys)
    for size in tables.sizes():
        if size not in scoring.points:
            said = msg("is missing for tables of {size}.", size=size)
            raise _fail(f"{keys.at('scoring.points')}.{size}", said)
    entrants = _entrants(keys, index)
    ranking = fields["ranking"]
    table_ranking = keys.value("table_ranking", [str(c) for c in table_ranking_of(ranking)])
    for c in (*ranking, *table_ranking):
        if c.key == "rank" and c.scope not in earlier:
            said = msg("'rank@{scope}': no earlier stage of that name.", scope=c.scope)
            raise keys.fail("ranking", said)
    reseat, games = fields["reseat_each_game"], fields["games"]
    if reseat and games > 1 and any(c.key == "table_place" for c in ranking):
        raise keys.fail("ranking", msg("'table_place' needs fixed tables."))
    return StageRule(
        name=keys.value("name", sid),
        tables=tables,
        scoring=scoring,
        table_ranking=table_ranking,
        entrants=entrants,
        **fields,
    )


def ruleset_from_dict(data: Mapping[str, Any]) -> Ruleset:
    """Validate a parsed ruleset and build it."""
    top = TableReader(data, "", allowed("top"))
    keys = Keys(top, "top")
    keys.value("schema")
    defaults: dict[str, Any] = top.get("defaults", dict, {})
    stages_raw: list[Any] = top.get("stages", list, required=True)
    if not 1 <= len(stages_raw) <= MAX_STAGES:
        raise _fail("stages", msg("needs 1 to {stages} stages.", stages=MAX_STAGES))
    stages: list[StageRule] = []
    for i, raw in enumerate(stages_raw):
        if not isinstance(raw, dict):
            raise _fail(f"stages[{i + 1}]", msg("must be a table."))
        merged = with_defaults(defaults, raw)
        stages.append(_stage(merged, f"stages[{i + 1}]", i, [s.id for s in stages]))
    return Ruleset(stages=tuple(stages), source=copy.deepcopy(dict(data)), **keys.plain())


def ruleset_from_toml(text: str, *, origin: str = "ruleset") -> Ruleset:
    """Parse TOML text and validate it."""
    return ruleset_from_dict(read_toml(text, origin=origin))
