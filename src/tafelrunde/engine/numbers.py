"""Exact numbers for points: parsing, rounding by a rule, and display."""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from tafelrunde.engine.errors import RuleError

ROUNDING_MODES = ("none", "floor", "half_up")

LIMIT_DIGITS = 15  # a score has fewer than 15 digits before and after the decimal point

Num = int | Fraction  # an exact number; whole numbers stay int because int arithmetic is fast


def num(value: Num) -> Num:
    """Return a whole number as int, anything else as the exact Fraction."""
    return value.numerator if value.denominator == 1 else value


def parse_number(text: str | int | float | Fraction | Decimal, *, field: str) -> Num:
    """Read an exact number ('131', '2,5', '4/3'); refuse anything else."""
    if isinstance(text, Fraction | int):
        return num(text)
    if isinstance(text, float | Decimal):
        return num(Fraction(Decimal(str(text))))
    raw = text.strip().replace(",", ".")
    try:
        if "/" in raw:
            top, den = raw.split("/", 1)
            return num(Fraction(int(top), int(den)))
        value = Decimal(raw)
        if not value.is_finite():
            raise InvalidOperation
        if value and not -LIMIT_DIGITS <= value.adjusted() < LIMIT_DIGITS:
            raise RuleError(
                f"„{text}“ ist als Punktzahl zu groß oder zu fein.",
                f"'{text}' is too large or too fine for a score.",
                field=field,
            )
        return num(Fraction(value))
    except (ValueError, InvalidOperation, ZeroDivisionError):
        raise RuleError(
            f"„{text}“ ist keine Zahl.", f"'{text}' is not a number.", field=field
        ) from None


@dataclass(frozen=True)
class Rounding:
    """Round to a multiple of `step`: 'floor', 'half_up' (commercial) or 'none'."""

    mode: str = "none"
    step: Num = 1

    def apply(self, value: Num) -> Num:
        """Round the value as the rule says."""
        if self.mode == "none":
            return num(value)
        units = value / self.step
        if self.mode == "floor":
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


def display(value: Num, lang: str = "de", places: int = 2) -> str:
    """Show a number for people: at most `places` decimals, German decimal comma."""
    if value.denominator == 1:
        text = str(value.numerator)
    else:
        q = Decimal(value.numerator) / Decimal(value.denominator)
        text = format(q.quantize(Decimal(1).scaleb(-places)), "f").rstrip("0").rstrip(".")
        if value.denominator not in (2, 4, 5, 10, 20, 25, 50, 100):
            text = "≈" + text
    return text.replace(".", ",") if lang == "de" else text
