"""Read and validate a season ruleset file (TOML); every mistake names its field and the reason."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import (
    MAX_EVENT_TYPES,
    MAX_PLAYERS,
    MAX_SEASON_EVENINGS,
    TEXT_LENGTH,
    checked_text,
)
from tafelrunde.engine.numbers import parse_number
from tafelrunde.engine.season.rules import (
    BELOW_MINIMUM,
    COUNT_MODES,
    DEFAULT_TIES,
    GUEST_MODES,
    POINT_SOURCES,
    TIE_RULES,
    Counting,
    Points,
    SeasonRules,
)
from tafelrunde.engine.toml_reader import TableReader, read_toml
from tafelrunde.i18n import msg

TOP_KEYS = {
    "schema", "name", "name_en", "description", "points", "count", "guests", "ties", "events",
}  # fmt: skip
DEFAULT_TABLE = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


def _points_value(value: Any, path: str) -> Fraction:
    """An exact number of points, 0 or more."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RuleError(msg("must be a number."), field=path)
    number = Fraction(
        parse_number(value if not isinstance(value, float) else repr(value), field=path)
    )
    if number < 0:
        raise RuleError(msg("must not be negative."), field=path)
    return number


def _points(top: TableReader) -> Points:
    """Read `[points]`: the source and, for the place table, the table and `beyond`."""
    p = top.sub("points", {"from", "table", "beyond"})
    source = p.choice("from", POINT_SOURCES, "place_table")
    if source != "place_table":
        for key in ("table", "beyond"):
            if key in p.data:
                said = msg('only with from = "place_table".')
                raise p.fail(key, said)
        return Points(source)
    raw: list[Any] = p.get("table", list, list(DEFAULT_TABLE))
    if not 1 <= len(raw) <= MAX_PLAYERS:
        said = msg("needs 1 to {most} values (place 1 first).", most=MAX_PLAYERS)
        raise p.fail("table", said)
    table = tuple(_points_value(v, f"{p.at('table')}[{i + 1}]") for i, v in enumerate(raw))
    if list(table) != sorted(table, reverse=True):
        raise p.fail("table", msg("better places must not get fewer points."))
    beyond = _points_value(p.data.get("beyond", 0), p.at("beyond"))
    if beyond > table[-1]:
        raise p.fail("beyond", msg("must not be more than the table's last value."))
    return Points(source, table, beyond)


def _counting(top: TableReader) -> Counting:
    """Read `[count]`: the mode and its number (n or min_evenings)."""
    c = top.sub("count", {"mode", "n", "min_evenings", "below_minimum"})
    mode = c.choice("mode", COUNT_MODES, "all")
    wanted = {"best": {"n"}, "all_but_worst": {"n"}, "average": {"min_evenings", "below_minimum"}}
    for key in ("n", "min_evenings", "below_minimum"):
        if key in c.data and key not in wanted.get(mode, set()):
            raise c.fail(key, msg('not used with mode = "{mode}".', mode=mode))
    if mode in ("best", "all_but_worst"):
        n = c.count("n", high=MAX_SEASON_EVENINGS, required=True)
        assert n is not None
        return Counting(mode, n=n)
    if mode == "average":
        return Counting(
            mode,
            min_evenings=c.whole("min_evenings", 1, high=MAX_SEASON_EVENINGS),
            below_minimum=c.choice("below_minimum", BELOW_MINIMUM, "behind"),
        )
    return Counting(mode)


def _ties(top: TableReader) -> tuple[str, ...]:
    """Read `ties`: distinct tie rules, "shared" last."""
    raw: list[Any] = top.get("ties", list, list(DEFAULT_TIES))
    path = top.at("ties")
    ties: list[str] = []
    for i, value in enumerate(raw):
        where = f"{path}[{i + 1}]"
        if not isinstance(value, str) or value not in TIE_RULES:
            said = msg(
                "'{value}' is not allowed; possible: {options}.",
                value=str(value)[:40],
                options=", ".join(TIE_RULES),
            )
            raise RuleError(said, field=where)
        if value in ties:
            raise RuleError(msg("'{value}' is named twice.", value=value), field=where)
        ties.append(value)
    if not ties or ties[-1] != "shared":
        raise RuleError(msg('the last entry must be "shared".'), field=path)
    return tuple(ties)


def _event_types(top: TableReader) -> tuple[str, ...]:
    """Read the optional `[events] types`: names of event types a season takes by default."""
    e = top.sub("events", {"types"})
    raw: list[Any] = e.get("types", list, [])
    if len(raw) > MAX_EVENT_TYPES:
        raise e.fail("types", msg("at most {most} entries.", most=MAX_EVENT_TYPES))
    path = e.at("types")
    return tuple(
        checked_text(v, field=f"{path}[{i + 1}]", length=TEXT_LENGTH, empty=False)
        for i, v in enumerate(raw)
    )


def season_rules_from_dict(data: Mapping[str, Any]) -> SeasonRules:
    """Validate a parsed season ruleset and build it."""
    top = TableReader(data, "", TOP_KEYS)
    if top.count("schema", 1, high=1_000_000) != 1:
        raise RuleError(msg("only version 1 is supported."), field="schema")
    return SeasonRules(
        name=checked_text(top.get("name", str, required=True), field="name", empty=False),
        name_en=top.line("name_en", ""),
        description=top.text("description", ""),
        points=_points(top),
        count=_counting(top),
        guests=top.choice("guests", GUEST_MODES, "ranked"),
        ties=_ties(top),
        event_types=_event_types(top),
        source=copy.deepcopy(dict(data)),
    )


def season_rules_from_toml(text: str, *, origin: str = "season ruleset") -> SeasonRules:
    """Parse TOML text and validate it as a season ruleset; a written one names its layout
    (`schema = 1`, see docs/seasons.md), a stored one may predate that rule."""
    data = read_toml(text, origin=origin)
    TableReader(data, "", TOP_KEYS).get("schema", int, required=True)
    return season_rules_from_dict(data)
