"""Read a declared key of a ruleset file: its type, bounds, default and words as declared."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import checked_text
from tafelrunde.engine.numbers import Num, parse_number
from tafelrunde.engine.rule_keys import REQUIRED, Level, RuleKey, allowed
from tafelrunde.engine.toml_reader import TableReader
from tafelrunde.i18n import msg


def number(value: Any, path: str) -> Num:
    """Read an exact number from a TOML value."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RuleError(msg("must be a number."), field=path)
    return parse_number(value, field=path)


def take(r: TableReader, k: RuleKey, default: Any = REQUIRED) -> Any:
    """Read a declared key of a plain kind from its table, as the declaration says.

    `default` stands in for the declared one where that depends on the file (a stage's
    name is its id).
    """
    name = k.path[-1]
    if default is REQUIRED:
        default = k.default
    required = default is REQUIRED
    if k.kind == "whole":
        low = int(k.low) if k.low is not None else 1
        assert k.high is not None, k.dotted
        return r.count(name, None if required else default, low=low, high=int(k.high),
                       required=required)  # fmt: skip
    if k.kind == "flag":
        return r.get(name, bool, default, required=required)
    if k.kind == "choice":
        if required and name not in r.data:
            raise r.fail(name, msg("is missing."))
        return r.choice(name, k.words(), default)
    if k.kind == "line":
        if required:
            return checked_text(r.get(name, str, required=True), field=r.at(name), empty=False)
        return r.line(name, default)
    if k.kind == "text":
        return r.get(name, str, default, required=required)
    if k.kind == "number":
        if name not in r.data:
            if required:
                raise r.fail(name, msg("is missing."))
            return default
        return number(r.data[name], r.at(name))
    raise ValueError(f"{k.dotted}: read by its own code ({k.kind})")


def nested(r: TableReader, level: Level, *path: str) -> TableReader:
    """The reader of a nested table, allowing exactly its declared keys."""
    return r.sub(path[-1], allowed(level, *path))
