"""Read and validate a ruleset file (TOML); every mistake names its field and the reason."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from tafelrunde.engine.choices import FileFormat, Tie
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.key_reader import nested, number, read_plain, take
from tafelrunde.engine.limits import (
    MAX_CRITERIA,
    MAX_STAGES,
    MAX_TABLE_SIZE,
)
from tafelrunde.engine.numbers import Num, Rounding
from tafelrunde.engine.rule_keys import allowed, replaced, under
from tafelrunde.engine.rule_keys import key as declared
from tafelrunde.engine.ruleset import Entrants, Ruleset, StageRule
from tafelrunde.engine.scoring import Scoring, losers_table
from tafelrunde.engine.standings import Criterion
from tafelrunde.engine.tables import TableRule
from tafelrunde.engine.toml_reader import TableReader, read_toml
from tafelrunde.i18n import Message, msg

FORMATS = tuple(str(f) for f in FileFormat)  # format D has its own reader


def _fail(path: str, message: Message) -> RuleError:
    """Build the error for a field."""
    return RuleError(message, field=path)


def with_defaults(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge stage settings over the defaults (`points` is replaced as a whole)."""
    out = copy.deepcopy(dict(base))
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) and key != "points":
            out[key] = with_defaults(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _rounding(r: TableReader, key: str) -> Rounding:
    """Read a rounding rule {mode, step}."""
    sub = nested(r, "stage", "scoring", key)
    mode = take(sub, declared("stage", f"scoring.{key}.mode"))
    step = take(sub, declared("stage", f"scoring.{key}.step"))
    if step <= 0:
        raise _fail(sub.at("step"), msg("must be greater than 0."))
    return Rounding(mode, step)


def _sizes(r: TableReader, key: str) -> dict[int, Any]:
    """Read a table keyed by table size ('3', '4')."""
    raw: dict[str, Any] = r.get(key, dict, {})
    out: dict[int, Any] = {}
    for size, value in raw.items():
        if not re.fullmatch(r"[0-9]{1,2}", str(size)) or not 2 <= int(size) <= MAX_TABLE_SIZE:
            raise _fail(
                r.at(key) + f".{str(size)[:10]}",
                msg("the key must be a table size (2 to {table_size}).", table_size=MAX_TABLE_SIZE),
            )
        out[int(size)] = value
    return out


def _scoring(r: TableReader) -> Scoring:
    """Read the scoring table of a stage."""
    s = nested(r, "stage", "scoring")
    points: dict[int, tuple[Num, ...]] = {}
    for size, values in _sizes(s, "points").items():
        path = s.at("points") + f".{size}"
        if not isinstance(values, list) or len(values) != size:
            raise _fail(path, msg("needs exactly {size} values (places 1 to {size}).", size=size))
        points[size] = tuple(number(v, f"{path}[{i + 1}]") for i, v in enumerate(values))
        if list(points[size]) != sorted(points[size], reverse=True):
            raise _fail(path, msg("better places must not get fewer points."))
    if not points:
        raise _fail(s.at("points"), msg("is missing."))
    factors = {
        k: number(v, s.at("game_point_factor") + f".{k}")
        for k, v in _sizes(s, "game_point_factor").items()
    }
    malus = s.data.get("rolloff_malus", declared("stage", "scoring.rolloff_malus").default)
    loser = take(s, declared("stage", "scoring.rolloff_loser"))
    malus = number(malus, s.at("rolloff_malus"))
    return Scoring(
        points=points,
        tie=Tie(take(s, declared("stage", "scoring.tie"))),
        rounding=_rounding(s, "rounding"),
        rolloff_loser=loser,
        rolloff_malus=malus,
        rolloff_losers=_losers(s, points) or losers_table(points, loser, malus),
        game_point_factor=factors,
        game_point_rounding=_rounding(s, "game_point_rounding"),
        shared_last_is_loss=take(s, declared("stage", "scoring.shared_last_is_loss")),
    )


def _losers(s: TableReader, points: Mapping[int, tuple[Num, ...]]) -> dict[int, tuple[Num, ...]]:
    """Read the losers' points of roll-offs per table size (empty: the file gives the old keys)."""
    if "rolloff_losers" not in s.data:
        return {}
    old = [k.path[-1] for k in replaced("stage", "scoring.rolloff_losers") if k.path[-1] in s.data]
    if old:
        said = msg("give either rolloff_losers or the older {old}, not both.", old=", ".join(old))
        raise _fail(s.at("rolloff_losers"), said)
    table = _sizes(s, "rolloff_losers")
    out: dict[int, tuple[Num, ...]] = {}
    for size, values in table.items():
        path = s.at("rolloff_losers") + f".{size}"
        if size not in points:
            raise _fail(path, msg("no points are given for tables of {size}.", size=size))
        if not isinstance(values, list) or len(values) != size - 1:
            said = msg("needs exactly {n} values (the roll-offs for places 1 to {n}).", n=size - 1)
            raise _fail(path, said)
        row = tuple(number(v, f"{path}[{i + 1}]") for i, v in enumerate(values))
        if list(row) != sorted(row, reverse=True):
            raise _fail(path, msg("better places must not get fewer points."))
        for i, (lost, won) in enumerate(zip(row, points[size], strict=False)):
            if lost > won:
                said = msg("the loser must not get more than place {place} gives.", place=i + 1)
                raise _fail(f"{path}[{i + 1}]", said)
        out[size] = row
    for size in points:
        if size not in out:
            raise _fail(
                s.at("rolloff_losers") + f".{size}",
                msg("is missing for tables of {size}.", size=size),
            )
    return out


def _criteria(r: TableReader, key: str, default: list[str] | None) -> tuple[Criterion, ...]:
    """Read a list of ranking criteria; the order-giving one must come last."""
    raw = r.get(key, list, default, required=default is None)
    if len(raw) > MAX_CRITERIA:
        raise _fail(r.at(key), msg("at most {criteria} criteria.", criteria=MAX_CRITERIA))
    out = tuple(Criterion.parse(str(t), field=f"{r.at(key)}[{i + 1}]") for i, t in enumerate(raw))
    for i, c in enumerate(out[:-1]):
        if c.orders:
            raise _fail(
                f"{r.at(key)}[{i + 1}]", msg("roll-off and lot must be the last criterion.")
            )
    if not out:
        raise _fail(r.at(key), msg("needs a criterion."))
    return out


def _tables(r: TableReader) -> TableRule:
    """Read the table sizes of a stage."""
    t = nested(r, "stage", "tables")
    allow = t.get("allow", list, list(declared("stage", "tables.allow").default))
    if (
        not all(
            isinstance(a, int) and not isinstance(a, bool) and 2 <= a <= MAX_TABLE_SIZE
            for a in allow
        )
        or len(allow) > MAX_TABLE_SIZE
    ):
        raise _fail(
            t.at("allow"),
            msg("a list of table sizes from 2 to {table_size}.", table_size=MAX_TABLE_SIZE),
        )
    return TableRule(
        take(t, declared("stage", "tables.prefer")),
        tuple(allow),
        take(t, declared("stage", "tables.max_other")),
    )


def _entrants(r: TableReader, index: int) -> Entrants:
    """Read who enters a stage from the previous one."""
    e = nested(r, "stage", "entrants")
    entrants = Entrants(*(take(e, k) for k in under("stage", "entrants")))
    if index > 0 and entrants.top is None and entrants.per_table is None:
        raise _fail(r.at("entrants"), msg("needs 'top' or 'per_table'."))
    return entrants


def _placement_by(r: TableReader) -> tuple[str, ...]:
    """Read what decides the places of a game: score and/or pips, in order."""
    placement_by = tuple(r.get("placement_by", list, ["score"]))
    if len(placement_by) > 2:
        raise _fail(r.at("placement_by"), msg("at most 2 entries."))
    for i, key in enumerate(placement_by):
        if key not in ("score", "pips"):
            raise _fail(f"{r.at('placement_by')}[{i + 1}]", msg("only 'score' and 'pips'."))
    return placement_by


def _stage(data: Mapping[str, Any], path: str, index: int, earlier: list[str]) -> StageRule:
    """Read one stage (defaults already merged in)."""
    r = TableReader(data, path, allowed("stage"))
    sid: str = r.get("id", str, required=True)
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", sid):
        raise _fail(r.at("id"), msg("1 to 40 characters: letters a–z, digits, - and _."))
    if sid in earlier:
        raise _fail(r.at("id"), msg("'{sid}' exists already.", sid=sid))
    tables = _tables(r)
    fields = read_plain(r, "stage")
    low, high = fields["score_min"], fields["score_max"]
    if low is not None and high is not None and low > high:
        raise _fail(r.at("result") + ".score_min", msg("must not be above score_max."))
    scoring = _scoring(r)
    for size in tables.sizes():
        if size not in scoring.points:
            raise _fail(
                f"{r.at('scoring')}.points.{size}",
                msg("is missing for tables of {size}.", size=size),
            )
    entrants = _entrants(r, index)
    placement_by = _placement_by(r)
    ranking = _criteria(r, "ranking", None)
    table_ranking = _criteria(
        r, "table_ranking", [str(c) for c in ranking if c.key != "table_place"]
    )
    for c in (*ranking, *table_ranking):
        if c.key == "rank" and c.scope not in earlier:
            raise _fail(
                r.at("ranking"),
                msg("'rank@{scope}': no earlier stage of that name.", scope=c.scope),
            )
    reseat, games = fields["reseat_each_game"], fields["games"]
    if reseat and games > 1 and any(c.key == "table_place" for c in ranking):
        raise _fail(r.at("ranking"), msg("'table_place' needs fixed tables."))
    return StageRule(
        id=sid,
        name=take(r, declared("stage", "name"), sid),
        tables=tables,
        placement_by=placement_by,
        scoring=scoring,
        table_ranking=table_ranking,
        ranking=ranking,
        entrants=entrants,
        **fields,
    )


def ruleset_from_dict(data: Mapping[str, Any]) -> Ruleset:
    """Validate a parsed ruleset and build it."""
    top = TableReader(data, "", allowed("top"))
    if top.count("schema", 1, high=1_000_000) != 1:
        raise _fail("schema", msg("only version 1 is supported."))
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
    fields = read_plain(top, "top")
    return Ruleset(stages=tuple(stages), source=copy.deepcopy(dict(data)), **fields)


def ruleset_from_toml(text: str, *, origin: str = "ruleset") -> Ruleset:
    """Parse TOML text and validate it."""
    return ruleset_from_dict(read_toml(text, origin=origin))
