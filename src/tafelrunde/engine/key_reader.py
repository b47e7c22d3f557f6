"""Read a declared key of a ruleset file: its type, bounds, default and words as declared."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import checked_text
from tafelrunde.engine.numbers import Num, parse_number
from tafelrunde.engine.rule_keys import LEVELS, REQUIRED, Level, RuleKey, allowed
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
    if k.kind in ("money", "time"):  # a reader of such a file has a method of the kind's name
        return getattr(r, k.kind)(name, default)
    raise ValueError(f"{k.dotted}: read by its own code ({k.kind})")


PLAIN = ("whole", "flag", "choice", "line", "text", "number", "money", "time")


def plain(k: RuleKey) -> bool:
    """Say whether the reader takes a key as declared into its own field of the rules."""
    return not (k.by_hand or k.replaced_by or k.joined or "." in k.field) and k.kind in PLAIN


def read_plain(r: TableReader, level: Level) -> dict[str, Any]:
    """Every plain key of a level (see `plain`), by the field of the rules it fills."""
    readers: dict[tuple[str, ...], TableReader] = {(): r}
    out: dict[str, Any] = {}
    for k in LEVELS[level]:
        if not plain(k):
            continue
        table = k.path[:-1]
        for n in range(1, len(table) + 1):
            if table[:n] not in readers:
                readers[table[:n]] = readers[table[: n - 1]].sub(
                    table[n - 1], allowed(level, *table[:n])
                )
        value = take(readers[table], k)
        out[k.field] = k.enum(value) if k.enum is not None else value
    return out


def nested(r: TableReader, level: Level, *path: str) -> TableReader:
    """The reader of a nested table, allowing exactly its declared keys."""
    return r.sub(path[-1], allowed(level, *path))
