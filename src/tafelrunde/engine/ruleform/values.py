"""A parameter's value as the form's texts, and typed texts back as a value and a file entry.

The form sends texts (`Raw`: each input's name and its values). Reading them gives the
value to compare with the one in force and the entry to write into the ruleset file; a
text that is no value is written as it is, so that the ruleset refuses it with the same
message as in the file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from tafelrunde.engine.clock import clock_text, time_of_day
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.numbers import Num, exact_text, parse_number
from tafelrunde.engine.ruleform.params import TABLE_SIZES, Param

Raw = Mapping[str, Sequence[str]]
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}", re.ASCII)
_SIZE = re.compile(r"[2-8]", re.ASCII)


class _Mark:
    """A mark in place of a value: ABSENT (left out of the file), INVALID (no value)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


ABSENT: Any = _Mark("ABSENT")
INVALID: Any = _Mark("INVALID")


@dataclass(frozen=True)
class Reading:
    """What the form says for one parameter: its value (INVALID: none) and its file entry."""

    value: Any
    entry: Any

    def changes(self, param: Param) -> bool:
        """Say whether it differs from the value in force."""
        if self.value is INVALID:
            return True
        if param.kind == "sizes":
            return sorted(self.value) != sorted(param.value)
        return bool(self.value != param.value)


# -- the texts the form shows ----------------------------------------------------------


def number_text(value: Num | Decimal | None, decimal: str = ".") -> str:
    """An exact number as typed: '2', '0,75', '4/3' (empty: none)."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        text = f"{value:.2f}" if value != value.to_integral_value() else str(int(value))
    else:
        text = exact_text(value)
    return text.replace(".", decimal)


def time_text(seconds: int) -> str:
    """A time of day as a time field holds it: 16:45 (16:45:30 with seconds)."""
    return clock_text(seconds) + (f":{seconds % 60:02d}" if seconds % 60 else "")


def raw_of(params: Sequence[Param], decimal: str = ".") -> dict[str, list[str]]:
    """The texts the form shows for the values in force."""
    raw: dict[str, list[str]] = {}
    for p in params:
        v, name = p.value, p.name
        if p.kind in ("whole", "number", "money"):
            raw[name] = [number_text(v, decimal)]
        elif p.kind == "time":
            raw[name] = [time_text(v)]
        elif p.kind == "flag":
            raw[name] = ["on"] if v else []
        elif p.kind == "sizes":
            raw[name] = [str(s) for s in v]
        elif p.kind in ("points", "losers"):
            for size, row in v.items():
                for place, points in enumerate(row, start=1):
                    raw[f"{name}.{size}.{place}"] = [number_text(points, decimal)]
        elif p.kind == "factors":
            for size, factor in v.items():
                raw[f"{name}.{size}"] = [number_text(factor, decimal)]
        elif p.kind == "criteria":
            for k, word in enumerate(v, start=1):
                raw[f"{name}.{k}"] = [word]
        elif p.kind == "lines":
            raw[name] = ["\n".join(v)]
        else:
            raw[name] = [str(v)]
    return raw


# -- reading typed texts -----------------------------------------------------------------


def first(raw: Raw, name: str) -> str:
    """The first text sent under a name ('' when none)."""
    values = raw.get(name) or [""]
    return str(values[0])


def _number(text: str) -> tuple[Num | None, Any]:
    """An exact number and its file entry; (None, the text) when it is none."""
    try:
        value = parse_number(text, field="")
    except RuleError:
        return None, text
    return value, value if isinstance(value, int) else exact_text(value)


def _scalar(p: Param, text: str) -> Reading:
    """A number, an amount or a time from its text."""
    text = text.strip()
    if not text and p.optional:
        return Reading(None, ABSENT)
    if p.kind == "whole":
        return Reading(int(text), int(text)) if _WHOLE.fullmatch(text) else Reading(INVALID, text)
    if p.kind == "time":
        try:
            seconds = int(time_of_day(text))
        except RuleError:
            return Reading(INVALID, text)
        return Reading(seconds, time_text(seconds))
    value, entry = _number(text)
    if value is None:
        return Reading(INVALID, entry)
    if p.kind == "money":
        if (value * 100).denominator != 1 or not 0 <= value <= Fraction(p.high or 0):
            return Reading(INVALID, entry)
        return Reading(Decimal(int(value * 100)) / 100, entry)
    return Reading(value, entry)


def _table(p: Param, raw: Raw) -> Reading:
    """A points, losers' points or factor table: a row per table size (an empty row: none)."""
    value: dict[int, Any] = {}
    entry: dict[str, Any] = {}
    ok = True
    order = [*p.value, *(s for s in TABLE_SIZES if s not in p.value)]
    for size in order:
        places = range(1, size + 1) if p.kind == "points" else (0,)
        if p.kind == "losers":
            places = range(1, size)
        names = [f"{p.name}.{size}.{k}" if k else f"{p.name}.{size}" for k in places]
        texts = [first(raw, n).strip() for n in names]
        if not any(texts):
            continue
        read = [_number(t) for t in texts]
        ok = ok and all(v is not None for v, _ in read)
        if p.kind in ("points", "losers"):
            value[size], entry[str(size)] = tuple(v for v, _ in read), [e for _, e in read]
        else:
            value[size], entry[str(size)] = read[0]
    if not ok:
        return Reading(INVALID, entry)
    return Reading(value, entry if entry or p.kind == "points" else ABSENT)


def read(p: Param, raw: Raw) -> Reading:
    """Read one parameter from the form's texts."""
    if p.kind in ("whole", "number", "money", "time"):
        return _scalar(p, first(raw, p.name))
    if p.kind == "flag":
        return Reading(bool(first(raw, p.name)), bool(first(raw, p.name)))
    if p.kind == "sizes":
        texts = [str(t) for t in raw.get(p.name, [])]
        if all(_SIZE.fullmatch(t) for t in texts):
            sizes = [int(t) for t in dict.fromkeys(texts)]
            return Reading(tuple(sizes), sizes)
        return Reading(INVALID, texts)
    if p.kind in ("points", "losers", "factors"):
        return _table(p, raw)
    if p.kind == "criteria":
        words = [first(raw, f"{p.name}.{k}").strip() for k in range(1, p.slots + 1)]
        words = [w for w in words if w]
        return Reading(tuple(words), words)
    text = first(raw, p.name).replace("\r\n", "\n")
    if p.joined:
        return Reading(text, text.split(","))
    if p.kind == "lines":  # one a line; empty lines at the end are none
        lines = text.split("\n")
        while lines and not lines[-1].strip():
            lines.pop()
        return Reading(tuple(lines), lines)
    return Reading(text, text)


def readings(params: Sequence[Param], raw: Raw) -> list[tuple[Param, Reading]]:
    """Every parameter read from the form's texts."""
    return [(p, read(p, raw)) for p in params]
