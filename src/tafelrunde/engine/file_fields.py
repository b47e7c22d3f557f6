"""Typed, bounded reading of a tournament file's fields: a misfit raises RuleError."""

from __future__ import annotations

import re
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import (
    MAX_FACT_NUMBER,
    MAX_FACTS,
    MAX_SEED,
    MAX_TABLE_SIZE,
    MAX_WHOLE,
    TEXT_LENGTH,
    checked_count,
    checked_name,
    checked_text,
    whole_number,
)
from tafelrunde.i18n import msg

_ID = re.compile(r"[A-Za-z0-9_-]{1,40}", re.ASCII)
_REQUIRED = object()


def _get(d: dict[str, Any], key: str, default: Any, where: str) -> Any:
    """Return a field's value, or the default; refuse a missing required field."""
    if not isinstance(d, dict):
        raise RuleError(msg("must be a table."), field=where)
    if key in d:
        return d[key]
    if default is _REQUIRED:
        raise RuleError(msg("is missing."), field=f"{where}.{key}")
    return default


def whole(
    d: dict[str, Any],
    key: str,
    *,
    where: str,
    low: int = 0,
    high: int = MAX_WHOLE,
    default: Any = _REQUIRED,
) -> Any:
    """A whole number (a JSON integer) from `low` to `high`, or the default when absent."""
    value = _get(d, key, default, where)
    if value is default and default is not _REQUIRED:
        return value
    return whole_value(value, where=f"{where}.{key}", low=low, high=high)


def whole_value(value: Any, *, where: str, low: int = 0, high: int = MAX_WHOLE) -> int:
    """A JSON integer from `low` to `high`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(msg("must be a whole number."), field=where)
    return whole_number(value, field=where, low=low, high=high)


def fact_list(data: dict[str, Any]) -> list[Any]:
    """The raw facts of a file: a list of at most MAX_FACTS entries."""
    facts = data.get("facts")
    if not isinstance(facts, list):
        raise RuleError(msg("must be a list."), field="facts")
    checked_count(len(facts), limit=MAX_FACTS, field="facts", what=msg("entries"))
    return facts


def number(d: dict[str, Any], *, where: str) -> int:
    """The number `n` of a fact."""
    value: int = whole(d, "n", where=where, low=1, high=MAX_FACT_NUMBER)
    return value


def seed(d: dict[str, Any], key: str, *, where: str, default: Any = _REQUIRED) -> Any:
    """A lot seed from 0 to MAX_SEED (or the default when absent)."""
    return whole(d, key, where=where, low=0, high=MAX_SEED, default=default)


def text(
    d: dict[str, Any], key: str, *, where: str, length: int = TEXT_LENGTH, default: Any = _REQUIRED
) -> str:
    """A one-line text of at most `length` characters (or the default when absent)."""
    value = _get(d, key, default, where)
    if value is default and default is not _REQUIRED and key not in d:
        return value  # type: ignore[no-any-return]
    return checked_text(value, field=f"{where}.{key}", length=length)


def phone(d: dict[str, Any], *, where: str) -> str:
    """The phone a table fact came from: 1 to 64 digits 0–9 and letters a–f ("" when absent)."""
    value = _get(d, "phone", "", where)
    if value == "":
        return ""
    if not isinstance(value, str) or not 0 < len(value) <= 64 or value.strip("0123456789abcdef"):
        raise RuleError(msg("must be a phone's mark (digits and letters a–f)."), field=where)
    return value


def flag(d: dict[str, Any], key: str, *, where: str, default: bool = False) -> bool:
    """true or false."""
    value = _get(d, key, default, where)
    if not isinstance(value, bool):
        raise RuleError(msg("must be true or false."), field=where)
    return value


def ident(value: Any, *, where: str) -> str:
    """A player id: 1 to 40 letters a–z, digits, - or _."""
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise RuleError(
            msg("is not a player id (1–40 characters: a–z, 0–9, - and _)."), field=where
        )
    return value


def idents(value: Any, *, where: str, most: int) -> tuple[str, ...]:
    """A list of distinct player ids, at most `most` of them."""
    if not isinstance(value, list) or len(value) > most:
        said = msg("must be a list of at most {most} player ids.", most=most)
        raise RuleError(said, field=where)
    ids = tuple(ident(v, where=where) for v in value)
    if len(set(ids)) != len(ids):
        raise RuleError(msg("names a player twice."), field=where)
    return ids


def by_player(value: Any, *, where: str) -> dict[str, Any]:
    """A table of values by player id (at most one table's worth)."""
    if not isinstance(value, dict) or len(value) > MAX_TABLE_SIZE:
        said = msg("must be a table of at most {most} players.", most=MAX_TABLE_SIZE)
        raise RuleError(said, field=where)
    return {ident(k, where=where): v for k, v in value.items()}


def name(value: Any, *, where: str) -> str:
    """A player's name."""
    return checked_name(value, field=where)


def misfit(err: RuleError) -> RuleError:
    """A replay's refusal as the refusal of the whole file."""
    return RuleError(
        msg("the file's entries do not fit together: {reason}", reason=err.msg),
        field=err.field,
    )
