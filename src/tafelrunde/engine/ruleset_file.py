"""Read and validate a ruleset file (TOML); every mistake names its field and the reason."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, cast

from tafelrunde.engine.confirmation import MODES, Mode
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import (
    MAX_CRITERIA,
    MAX_GAMES,
    MAX_PLAYERS,
    MAX_STAGES,
    MAX_TABLE_SIZE,
    checked_text,
)
from tafelrunde.engine.numbers import ROUNDING_MODES, Num, Rounding, parse_number
from tafelrunde.engine.ruleset import (
    SCORE_MODES,
    SEAT_ORDERS,
    SEATINGS,
    WITHDRAWN_MODES,
    Entrants,
    Ruleset,
    StageRule,
)
from tafelrunde.engine.scoring import Scoring
from tafelrunde.engine.standings import Criterion
from tafelrunde.engine.tables import TableRule
from tafelrunde.engine.toml_reader import TableReader, read_toml
from tafelrunde.i18n import Message, msg

TOP_KEYS = {
    "schema", "name", "name_en", "format", "description", "confirmation", "players", "defaults",
    "stages",
}  # fmt: skip
PLAYER_KEYS = {"withdrawn", "late_join"}
FORMATS = ("", "A", "B", "C")  # format D has its own reader
STAGE_KEYS = {
    "id", "name", "name_en", "games", "tables", "seating", "reseat_each_game", "keep_apart",
    "avoid_repeats", "three_to_four", "seat_order", "result", "placement_by", "scoring",
    "rolloffs", "table_ranking", "ranking", "entrants", "play_if", "repeat", "note",
    "game_name", "game_name_en", "points_name", "points_name_en",
}  # fmt: skip
SCORING_KEYS = {
    "tie", "rounding", "points", "rolloff_loser", "rolloff_malus", "game_point_factor",
    "game_point_rounding", "shared_last_is_loss",
}  # fmt: skip


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


def _number(value: Any, path: str) -> Num:
    """Read an exact number from a TOML value."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise _fail(path, msg("must be a number."))
    return parse_number(value, field=path)


def _rounding(r: TableReader, key: str) -> Rounding:
    """Read a rounding rule {mode, step}."""
    sub = r.sub(key, {"mode", "step"})
    mode = sub.choice("mode", ROUNDING_MODES, "none")
    step = _number(sub.data.get("step", 1), sub.at("step"))
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


def _score_bound(r: TableReader, key: str) -> Fraction | int | None:
    """A bound of one table score (`result.score_min`, `result.score_max`): an exact number."""
    raw = r.data.get(key)
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise r.fail(key, msg("must be a number."))
    return parse_number(raw if not isinstance(raw, float) else repr(raw), field=r.at(key))


def _scoring(r: TableReader) -> Scoring:
    """Read the scoring table of a stage."""
    s = r.sub("scoring", SCORING_KEYS)
    points: dict[int, tuple[Num, ...]] = {}
    for size, values in _sizes(s, "points").items():
        path = s.at("points") + f".{size}"
        if not isinstance(values, list) or len(values) != size:
            raise _fail(path, msg("needs exactly {size} values (places 1 to {size}).", size=size))
        points[size] = tuple(_number(v, f"{path}[{i + 1}]") for i, v in enumerate(values))
        if list(points[size]) != sorted(points[size], reverse=True):
            raise _fail(path, msg("better places must not get fewer points."))
    if not points:
        raise _fail(s.at("points"), msg("is missing."))
    factors = {
        k: _number(v, s.at("game_point_factor") + f".{k}")
        for k, v in _sizes(s, "game_point_factor").items()
    }
    return Scoring(
        points=points,
        tie=s.choice("tie", ("split", "rolloff"), "split"),
        rounding=_rounding(s, "rounding"),
        rolloff_loser=s.choice("rolloff_loser", ("minus", "next_place"), "minus"),
        rolloff_malus=_number(s.data.get("rolloff_malus", 1), s.at("rolloff_malus")),
        game_point_factor=factors,
        game_point_rounding=_rounding(s, "game_point_rounding"),
        shared_last_is_loss=s.get("shared_last_is_loss", bool, True),
    )


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


def _stage(data: Mapping[str, Any], path: str, index: int, earlier: list[str]) -> StageRule:
    """Read one stage (defaults already merged in)."""
    r = TableReader(data, path, STAGE_KEYS)
    sid: str = r.get("id", str, required=True)
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", sid):
        raise _fail(r.at("id"), msg("1 to 40 characters: letters a–z, digits, - and _."))
    if sid in earlier:
        raise _fail(r.at("id"), msg("'{sid}' exists already.", sid=sid))
    t = r.sub("tables", {"prefer", "allow", "max_other"})
    allow = t.get("allow", list, [3])
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
    tables = TableRule(
        t.whole("prefer", 4, low=2, high=MAX_TABLE_SIZE),
        tuple(allow),
        t.count("max_other", None, low=0, high=MAX_PLAYERS),
    )
    res = r.sub("result", {"score", "pips", "negative", "score_min", "score_max"})
    low, high = _score_bound(res, "score_min"), _score_bound(res, "score_max")
    if low is not None and high is not None and low > high:
        raise res.fail("score_min", msg("must not be above score_max."))
    scoring = _scoring(r)
    for size in tables.sizes():
        if size not in scoring.points:
            raise _fail(
                f"{r.at('scoring')}.points.{size}",
                msg("is missing for tables of {size}.", size=size),
            )
    e = r.sub("entrants", {"top", "per_table", "fill_multiple", "fill_target"})
    entrants = Entrants(
        e.count("top", None, high=MAX_PLAYERS),
        e.count("per_table", None, high=MAX_TABLE_SIZE),
        e.count("fill_multiple", None, high=MAX_PLAYERS),
        e.count("fill_target", None, high=MAX_PLAYERS),
    )
    if index > 0 and entrants.top is None and entrants.per_table is None:
        raise _fail(r.at("entrants"), msg("needs 'top' or 'per_table'."))
    play_if = r.sub("play_if", {"players_at_least", "entrants_at_least"})
    roll = r.sub("rolloffs", {"stechen", "herzog"})
    placement_by = tuple(r.get("placement_by", list, ["score"]))
    if len(placement_by) > 2:
        raise _fail(r.at("placement_by"), msg("at most 2 entries."))
    for i, key in enumerate(placement_by):
        if key not in ("score", "pips"):
            raise _fail(f"{r.at('placement_by')}[{i + 1}]", msg("only 'score' and 'pips'."))
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
    reseat = r.get("reseat_each_game", bool, False)
    games = r.count("games", high=MAX_GAMES, required=True) or 1
    if reseat and games > 1 and any(c.key == "table_place" for c in ranking):
        raise _fail(r.at("ranking"), msg("'table_place' needs fixed tables."))
    return StageRule(
        id=sid,
        name=r.line("name", sid),
        name_en=r.line("name_en", ""),
        games=games,
        tables=tables,
        seating=r.choice("seating", SEATINGS, "draw"),
        reseat_each_game=reseat,
        keep_apart=r.get("keep_apart", bool, False),
        avoid_repeats=r.get("avoid_repeats", bool, True),
        three_to_four=r.get("three_to_four", bool, True),
        seat_order=r.choice("seat_order", SEAT_ORDERS, "drawn"),
        score=res.choice("score", SCORE_MODES, "required"),
        pips=res.get("pips", bool, False),
        placement_by=placement_by,
        scoring=scoring,
        stechen=roll.line("stechen", "stechen"),
        herzog=roll.line("herzog", "herzog"),
        table_ranking=table_ranking,
        ranking=ranking,
        entrants=entrants,
        players_at_least=play_if.count("players_at_least", 0, low=0, high=MAX_PLAYERS) or 0,
        entrants_at_least=play_if.count("entrants_at_least", 0, low=0, high=MAX_PLAYERS) or 0,
        repeat=r.get("repeat", bool, False),
        note=r.get("note", str, ""),
        game_name=r.line("game_name", "Partie"),
        game_name_en=r.line("game_name_en", "game"),
        points_name=r.line("points_name", "Punkte"),
        points_name_en=r.line("points_name_en", "points"),
        negative_scores=res.get("negative", bool, False),
        score_min=low,
        score_max=high,
    )


def ruleset_from_dict(data: Mapping[str, Any]) -> Ruleset:
    """Validate a parsed ruleset and build it."""
    top = TableReader(data, "", TOP_KEYS)
    if top.count("schema", 1, high=1_000_000) != 1:
        raise _fail("schema", msg("only version 1 is supported."))
    defaults: dict[str, Any] = top.get("defaults", dict, {})
    stages_raw: list[Any] = top.get("stages", list, required=True)
    if not 1 <= len(stages_raw) <= MAX_STAGES:
        raise _fail("stages", msg("needs 1 to {stages} stages.", stages=MAX_STAGES))
    players = top.sub("players", PLAYER_KEYS)
    stages: list[StageRule] = []
    for i, raw in enumerate(stages_raw):
        if not isinstance(raw, dict):
            raise _fail(f"stages[{i + 1}]", msg("must be a table."))
        merged = with_defaults(defaults, raw)
        stages.append(_stage(merged, f"stages[{i + 1}]", i, [s.id for s in stages]))
    return Ruleset(
        name=checked_text(top.get("name", str, required=True), field="name", empty=False),
        name_en=top.line("name_en", ""),
        format=top.choice("format", FORMATS, ""),
        description=top.get("description", str, ""),
        stages=tuple(stages),
        source=copy.deepcopy(dict(data)),
        withdrawn=players.choice("withdrawn", WITHDRAWN_MODES, "keep"),
        late_join=players.flag("late_join", False),
        confirmation=cast(Mode, top.choice("confirmation", MODES, "table")),
    )


def ruleset_from_toml(text: str, *, origin: str = "ruleset") -> Ruleset:
    """Parse TOML text and validate it."""
    return ruleset_from_dict(read_toml(text, origin=origin))
