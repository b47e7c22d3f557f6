"""Exact numbers for points: parsing, rounding by a rule, and display."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from tafelrunde.engine.choices import RoundingMode
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import NUMBER_TEXT, SCORE_DIGITS
from tafelrunde.i18n import Text, msg, text_in

ROUNDING_MODES = tuple(RoundingMode)

Num = int | Fraction  # an exact number; whole numbers stay int because int arithmetic is fast

# the one way to write an exact number: 131, -2,5, 0.75, 4/3 (ASCII digits, one sign)
_DECIMAL = re.compile(r"([+-]?)([0-9]*)(?:[.,]([0-9]*))?", re.ASCII)
_FRACTION = re.compile(r"([+-]?)([0-9]+)\s*/\s*([0-9]+)", re.ASCII)
_LARGEST = 10**SCORE_DIGITS  # every number is below this and no finer than 1/this


def num(value: Num) -> Num:
    """Return a whole number as int, anything else as the exact Fraction."""
    return value.numerator if value.denominator == 1 else value


def parse_number(
    text: str | int | float | Fraction | Decimal, *, field: str, fractions: bool = True
) -> Num:
    """Read an exact number ('131', '2,5', '4/3') within the one set of limits; refuse the rest.

    A form a person types into passes fractions=False: a comma or a point, never '1/3'."""
    if not fractions and isinstance(text, str) and "/" in text:
        shown = text.strip()[:NUMBER_TEXT]
        said = msg(
            "'{value}' is not a number here: write decimals with a comma or a point (e.g. 2,5), "
            "no fractions.",
            value=shown,
        )
        raise RuleError(said, field=field)
    value = _value(text, field)
    if abs(value) >= _LARGEST or value.denominator > _LARGEST:
        shown = str(text)[:NUMBER_TEXT]
        said = msg(
            "'{value}' is too large or too fine (at most {digits} digits before and {digits} "
            "after the decimal point).",
            value=shown,
            digits=SCORE_DIGITS,
        )
        raise RuleError(said, field=field)
    return num(value)


def _value(text: str | int | float | Fraction | Decimal, field: str) -> Fraction:
    """The exact value of a number or of its text, before the limits."""
    if isinstance(text, bool):
        raise _no_number(str(text), field)
    if isinstance(text, Fraction | int):
        return Fraction(text)
    if isinstance(text, float | Decimal):
        if not math.isfinite(text):
            raise _no_number(str(text), field)
        return Fraction(Decimal(repr(text)) if isinstance(text, float) else text)
    raw = text.strip()
    if len(raw) > NUMBER_TEXT:
        raise _no_number(text, field)
    if m := _FRACTION.fullmatch(raw):
        sign, top, den = m.groups()
        if int(den) == 0:
            raise _no_number(text, field)
        return Fraction(int(sign + top), int(den))
    m = _DECIMAL.fullmatch(raw)
    if not m or not (m.group(2) or m.group(3)):
        raise _no_number(text, field)
    sign, whole, part = m.group(1), m.group(2) or "0", m.group(3) or ""
    return Fraction(int(sign + whole + part), 10 ** len(part))


def _no_number(text: str, field: str) -> RuleError:
    """The refusal of a text that is no number."""
    shown = text[:NUMBER_TEXT] + ("…" if len(text) > NUMBER_TEXT else "")
    return RuleError(msg("'{value}' is not a number.", value=shown), field=field)


@dataclass(frozen=True)
class Rounding:
    """Round to a multiple of `step`: 'floor', 'half_up' (commercial) or 'none'."""

    mode: RoundingMode = RoundingMode.NONE
    step: Num = 1

    def apply(self, value: Num) -> Num:
        """Round the value as the rule says."""
        if self.mode == RoundingMode.NONE:
            return num(value)
        units = value / self.step
        if self.mode == RoundingMode.FLOOR:
            whole = math.floor(units)
        else:
            whole = (
                math.floor(units + Fraction(1, 2))
                if units >= 0
                else -math.floor(-units + Fraction(1, 2))
            )
        return num(whole * self.step)


def exact_text(value: Num) -> str:
    """Write a number exactly: '2.5', '98', or '524/3' when it has no finite decimal form."""
    if value.denominator == 1:
        return str(value.numerator)
    den, twos, fives = value.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    digits = str(abs(value.numerator) * 10**places // value.denominator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0").rstrip(".")


def shown(value: Num, places: int = 2) -> Text:
    """A number for people: at most `places` decimals, the decimal separator of the language."""
    if value.denominator == 1:
        return str(value.numerator)
    q = Decimal(value.numerator) / Decimal(value.denominator)
    text = format(q.quantize(Decimal(1).scaleb(-places)), "f").rstrip("0").rstrip(".")
    if value.denominator not in (2, 4, 5, 10, 20, 25, 50, 100):
        text = "≈" + text
    whole, dot, fraction = text.partition(".")
    return msg("{whole}.{fraction}", whole=whole, fraction=fraction) if dot else whole


def display(value: Num, lang: str = "de", places: int = 2) -> str:
    """Show a number for people in one language: at most `places` decimals."""
    return text_in(shown(value, places), lang)


def file_number(value: Num | None) -> int | Decimal | None:
    """An exact number for files: whole as int, else a Decimal (4 places where it does not end)."""
    if value is None or isinstance(value, int):
        return value
    if value.denominator == 1:
        return value.numerator
    q = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(q) != value:  # no finite decimal form
        q = q.quantize(Decimal("0.0001"))
    return q.normalize()
