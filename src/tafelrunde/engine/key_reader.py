"""Read a declared key of a ruleset file: its type, bounds, default and words as declared."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import (
    MAX_TABLE_SIZE,
    TEXT_LENGTH,
    checked_text,
)
from tafelrunde.engine.numbers import Num, parse_number
from tafelrunde.engine.rule_keys import (
    LEVELS,
    REQUIRED,
    Level,
    RuleKey,
    allowed,
    key,
)
from tafelrunde.engine.toml_reader import TableReader
from tafelrunde.i18n import msg

_ID = re.compile(r"[A-Za-z0-9_-]+", re.ASCII)
_SIZE = re.compile(r"[0-9]{1,2}", re.ASCII)


def number(value: Any, path: str) -> Num:
    """Read an exact number from a TOML value."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RuleError(msg("must be a number."), field=path)
    return parse_number(value, field=path)


def take(r: TableReader, k: RuleKey, default: Any = REQUIRED) -> Any:
    """Read a declared key from its table, as the declaration says.

    `default` stands in for the declared one where that depends on the file (a stage's
    name is its id, its table ranking its ranking).
    """
    name = k.path[-1]
    if default is REQUIRED:
        default = k.default
    required = default is REQUIRED
    if k.kind in _TABLED:
        if name not in r.data:
            if required:
                raise r.fail(name, msg("is missing."))
            return default
        return _TABLED[k.kind](r, k)
    if k.kind == "whole":
        low = int(k.low) if k.low is not None else 1
        assert k.high is not None, k.dotted
        if k.low is not None and k.low == k.high:
            return _version(r, k)
        return r.count(name, None if required else default, low=low, high=int(k.high),
                       required=required)  # fmt: skip
    if k.kind == "flag":
        return r.get(name, bool, default, required=required)
    if k.kind == "choice":
        if required and name not in r.data:
            raise r.fail(name, msg("is missing."))
        if k.joined:
            return _joined(r, k, default)
        return r.choice(name, k.words(), default)
    if k.kind in ("line", "id"):
        if required:
            value = checked_text(r.get(name, str, required=True), field=r.at(name), empty=False)
        else:
            value = r.line(name, default)
        if k.kind == "id" and (not _ID.fullmatch(value) or len(value) > int(k.high or 0)):
            said = msg("1 to {high} characters: letters a–z, digits, - and _.", high=k.high)
            raise r.fail(name, said)
        return value
    if k.kind == "text":
        return r.get(name, str, default, required=required)
    if k.kind == "number":
        if name not in r.data:
            if required:
                raise r.fail(name, msg("is missing."))
            return default
        amount = number(r.data[name], r.at(name))
        if k.low is not None and amount < k.low:
            assert k.low == 0, k.dotted
            raise r.fail(name, msg("must not be negative."))
        return amount
    if k.kind in ("money", "time"):  # a reader of such a file has a method of the kind's name
        return getattr(r, k.kind)(name, default)
    if k.kind == "criteria":  # so has the reader of a family whose stages rank by criteria
        return getattr(r, k.kind)(name, None if required else list(default))
    raise ValueError(f"{k.dotted}: no reader of its kind ({k.kind})")


def _version(r: TableReader, k: RuleKey) -> int:
    """The layout's version: only the declared one is read."""
    version = r.whole(k.path[-1], int(k.default), high=1_000_000)
    if version != k.high:
        raise r.fail(k.path[-1], msg("only version {version} is supported.", version=k.high))
    return version


def _joined(r: TableReader, k: RuleKey, default: Any) -> tuple[str, ...]:
    """A choice the file writes as a list ('score', 'pips'): at most as many entries as the
    longest declared joining, each a part of one."""
    name = k.path[-1]
    value = tuple(r.get(name, list, list(default)))
    parts = sorted({part for word in k.words() for part in word.split(",")})
    most = max(len(word.split(",")) for word in k.words())
    if len(value) > most:
        raise r.fail(name, msg("at most {n} entries.", n=most))
    for i, part in enumerate(value):
        if part not in parts:
            said = msg(
                "'{value}' is not allowed; possible: {options}.",
                value=str(part)[:40],
                options=", ".join(parts),
            )
            raise RuleError(said, field=f"{r.at(name)}[{i + 1}]")
    return value


def _sizes(r: TableReader, k: RuleKey) -> tuple[int, ...]:
    """Table sizes: a list of whole numbers from 2 to the largest table."""
    sizes = r.get(k.path[-1], list)
    if len(sizes) > MAX_TABLE_SIZE or not all(
        isinstance(a, int) and not isinstance(a, bool) and 2 <= a <= MAX_TABLE_SIZE for a in sizes
    ):
        said = msg("must be a list of table sizes from 2 to {high}.", high=MAX_TABLE_SIZE)
        raise r.fail(k.path[-1], said)
    return tuple(sizes)


def _per_size(r: TableReader, name: str) -> dict[int, Any]:
    """A table of the file keyed by table size ('3', '4')."""
    raw: dict[str, Any] = r.get(name, dict, {})
    out: dict[int, Any] = {}
    for size, value in raw.items():
        if not _SIZE.fullmatch(str(size)) or not 2 <= int(size) <= MAX_TABLE_SIZE:
            raise RuleError(
                msg("the key must be a table size (2 to {table_size}).", table_size=MAX_TABLE_SIZE),
                field=r.at(name) + f".{str(size)[:10]}",
            )
        out[int(size)] = value
    return out


def _factors(r: TableReader, k: RuleKey) -> dict[int, Num]:
    """One exact number for each table size."""
    name = k.path[-1]
    return {size: number(v, f"{r.at(name)}.{size}") for size, v in _per_size(r, name).items()}


def _rows(r: TableReader, k: RuleKey) -> dict[int, tuple[Num, ...]]:
    """For each table size a row of points, better places first: a place's points (`points`)
    or those of the loser of the roll-off for each place (`losers`, one fewer)."""
    name = k.path[-1]
    out: dict[int, tuple[Num, ...]] = {}
    for size, values in _per_size(r, name).items():
        path = f"{r.at(name)}.{size}"
        if k.kind == "points" and (not isinstance(values, list) or len(values) != size):
            raise RuleError(
                msg("needs exactly {size} values (places 1 to {size}).", size=size), field=path
            )
        if k.kind == "losers" and (not isinstance(values, list) or len(values) != size - 1):
            said = msg("needs exactly {n} values (the roll-offs for places 1 to {n}).", n=size - 1)
            raise RuleError(said, field=path)
        out[size] = tuple(number(v, f"{path}[{i + 1}]") for i, v in enumerate(values))
        if list(out[size]) != sorted(out[size], reverse=True):
            raise RuleError(msg("better places must not get fewer points."), field=path)
    if not out and k.default is REQUIRED:
        raise r.fail(name, msg("is missing."))
    return out


def _lines(r: TableReader, k: RuleKey) -> tuple[str, ...]:
    """At most `high` one-line texts (with `low`: none empty)."""
    name, most = k.path[-1], int(k.high or 0)
    lines = r.get(name, list)
    if len(lines) > most or not all(isinstance(p, str) for p in lines):
        raise r.fail(name, msg("must be a list of at most {high} texts.", high=most))
    for i, line in enumerate(lines):
        at = f"{r.at(name)}[{i + 1}]"
        checked_text(line, field=at, length=TEXT_LENGTH, empty=not k.low)
    return tuple(lines)


def _order(r: TableReader, k: RuleKey) -> tuple[str, ...]:
    """Several of the declared words in order, each once."""
    name = k.path[-1]
    words: list[str] = []
    for i, value in enumerate(r.get(name, list)):
        at = f"{r.at(name)}[{i + 1}]"
        if not isinstance(value, str) or value not in k.words():
            said = msg(
                "'{value}' is not allowed; possible: {options}.",
                value=str(value)[:40],
                options=", ".join(k.words()),
            )
            raise RuleError(said, field=at)
        if value in words:
            raise RuleError(msg("'{value}' is named twice.", value=value), field=at)
        words.append(value)
    return tuple(k.enum(w) for w in words) if k.enum is not None else tuple(words)


def _places(r: TableReader, k: RuleKey) -> tuple[Num, ...]:
    """Points for place 1, 2, …: `low` to `high` exact numbers, none negative, none rising."""
    name, most = k.path[-1], int(k.high or 0)
    raw = r.get(name, list)
    if not int(k.low or 0) <= len(raw) <= most:
        raise r.fail(name, msg("needs 1 to {most} values (place 1 first).", most=most))
    row = tuple(number(v, f"{r.at(name)}[{i + 1}]") for i, v in enumerate(raw))
    for i, value in enumerate(row):
        if value < 0:
            raise RuleError(msg("must not be negative."), field=f"{r.at(name)}[{i + 1}]")
    if list(row) != sorted(row, reverse=True):
        raise r.fail(name, msg("better places must not get fewer points."))
    return row


_TABLED = {
    "sizes": _sizes,
    "points": _rows,
    "losers": _rows,
    "factors": _factors,
    "lines": _lines,
    "order": _order,
    "places": _places,
}


def plain(k: RuleKey) -> bool:
    """Say whether the reader takes a key as declared into its own field of the rules (not
    one within an object of the rules, an old key, or one the reader's own code takes)."""
    return not (k.by_hand or k.replaced_by or "." in k.field)


class Keys:
    """The declared keys of one level of a file (the file, a stage), each read as declared;
    a nested table is opened (and its unknown keys refused) when a key of it is read."""

    def __init__(self, r: TableReader, level: Level) -> None:
        self.level = level
        self._tables: dict[tuple[str, ...], TableReader] = {(): r}

    def table(self, *path: str) -> TableReader:
        """The reader of a table of the file, allowing exactly its declared keys."""
        if path not in self._tables:
            self._tables[path] = self.table(*path[:-1]).sub(path[-1], allowed(self.level, *path))
        return self._tables[path]

    def value(self, dotted: str, default: Any = REQUIRED) -> Any:
        """A declared key's value (`default`: one that depends on the file)."""
        k = key(self.level, dotted)
        value = take(self.table(*k.path[:-1]), k, default)
        return k.enum(value) if k.enum and k.kind == "choice" and value is not None else value

    def given(self, dotted: str) -> bool:
        """Say whether the file gives the key."""
        k = key(self.level, dotted)
        return k.path[-1] in self.table(*k.path[:-1]).data

    def at(self, dotted: str) -> str:
        """The key's place in the file, as errors name it ('stages[2].scoring.tie')."""
        k = key(self.level, dotted)
        return self.table(*k.path[:-1]).at(k.path[-1])

    def fail(self, dotted: str, said: Any) -> RuleError:
        """The error for a key."""
        return RuleError(said, field=self.at(dotted))

    def plain(self) -> dict[str, Any]:
        """Every plain key of the level (see `plain`), by the field of the rules it fills."""
        return {k.field: self.value(k.dotted) for k in LEVELS[self.level] if plain(k)}


def whole_table(at: tuple[str, ...]) -> bool:
    """Say whether a table of a stage is replaced as a whole by a stage that gives it (the
    points per place: a stage's own replace those of the defaults)."""
    return any(k.path == at and k.kind == "points" for k in LEVELS["stage"])


def with_defaults(
    base: Mapping[str, Any], over: Mapping[str, Any], at: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Deep-merge stage settings over the defaults (the points per place are replaced as a
    whole)."""
    out = copy.deepcopy(dict(base))
    for name, value in over.items():
        inner = (*at, name)
        if (
            isinstance(value, Mapping)
            and isinstance(out.get(name), Mapping)
            and not whole_table(inner)
        ):
            out[name] = with_defaults(out[name], value, inner)
        else:
            out[name] = copy.deepcopy(value)
    return out
