"""Typed, validating access to a parsed TOML file: every mistake names its field and reason."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any, Self

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import (
    LONG_TEXT_LENGTH,
    MAX_RULESET_BYTES,
    TEXT_LENGTH,
    checked_size,
    checked_text,
    checked_tree,
)
from tafelrunde.i18n import Message, msg

_KIND_NAMES = {
    str: msg("must be a text."),
    bool: msg("must be true or false."),
    list: msg("must be a list."),
    dict: msg("must be a table."),
}


def read_toml(text: str, *, origin: str) -> dict[str, Any]:
    """Parse TOML text within its size, refusing a broken file with one clear message."""
    checked_size(len(text.encode("utf-8", "surrogatepass")), limit=MAX_RULESET_BYTES, field=origin)
    try:
        data = tomllib.loads(text)
    except ValueError as err:  # TOMLDecodeError, or a number too long to read
        said = msg("{file} is not valid TOML: {reason}", file=origin, reason=str(err))
        raise RuleError(said, field=origin) from None
    except RecursionError:
        said = msg("{file} is nested too deeply.", file=origin)
        raise RuleError(said, field=origin) from None
    checked_tree(data, field=origin)
    return data


class TableReader:
    """One table of the file with its dotted path; unknown keys are refused at once."""

    def __init__(self, data: Mapping[str, Any], path: str, allowed: set[str]) -> None:
        self.data, self.path = data, path
        for key in data:
            if key not in allowed:
                known = ", ".join(sorted(allowed))
                said = msg("unknown entry; allowed: {known}.", known=known)
                raise RuleError(said, field=self.at(key))

    def at(self, key: str) -> str:
        """Return the dotted path of a key."""
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, message: Message) -> RuleError:
        """Build the error for one key."""
        return RuleError(message, field=self.at(key))

    def get(self, key: str, kind: type, default: Any = None, *, required: bool = False) -> Any:
        """Return a value of the given type, or the default when absent."""
        if key not in self.data:
            if required:
                raise self.fail(key, msg("is missing."))
            return default
        value = self.data[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(key, msg("must be a whole number."))
        if kind is not int and not isinstance(value, kind):
            said = _KIND_NAMES.get(kind) or msg("must be {kind}.", kind=kind.__name__)
            raise self.fail(key, said)
        if isinstance(value, str):
            checked_text(value, field=self.at(key), length=LONG_TEXT_LENGTH, lines=True)
        return value

    def text(self, key: str, default: str) -> str:
        """Return a text (several lines allowed)."""
        value: str = self.get(key, str, default)
        return value

    def line(self, key: str, default: str) -> str:
        """Return a one-line text such as a name, at most TEXT_LENGTH characters."""
        value: str = self.get(key, str, default)
        return checked_text(value, field=self.at(key), length=TEXT_LENGTH)

    def flag(self, key: str, default: bool) -> bool:
        """Return true or false."""
        value: bool = self.get(key, bool, default)
        return value

    def count(
        self,
        key: str,
        default: int | None = None,
        *,
        low: int = 1,
        high: int,
        required: bool = False,
    ) -> int | None:
        """Return a whole number from `low` to `high`, or the default (maybe None)."""
        value: int | None = self.get(key, int, default, required=required)
        if value is not None and not low <= value <= high:
            said = msg(
                "must be between {low} and {high} (is: {value}).",
                low=low,
                high=high,
                value=str(value)[:20],
            )
            raise self.fail(key, said)
        return value

    def whole(self, key: str, default: int, *, low: int = 1, high: int) -> int:
        """Return a whole number from `low` to `high`, the default when absent."""
        value = self.count(key, default, low=low, high=high)
        assert value is not None
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str) -> str:
        """Return one of the allowed words."""
        value: str = self.get(key, str, default)
        if value not in options:
            value = value[:40]
            said = msg(
                "'{value}' is not allowed; possible: {options}.",
                value=value,
                options=", ".join(options),
            )
            raise self.fail(key, said)
        return value

    def sub(self, key: str, allowed: set[str]) -> Self:
        """Return a reader of the same kind for a nested table (empty when absent)."""
        return type(self)(self.get(key, dict, {}), self.at(key), allowed)
