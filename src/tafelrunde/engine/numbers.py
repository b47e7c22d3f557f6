"""Exact numbers for points: parsing, rounding by a rule, and display."""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from tafelrunde.engine.errors import RuleError

ROUNDING_MODES = ("none", "floor", "half_up")


def parse_number(text: str | int | float | Fraction | Decimal, *, field: str) -> Fraction:
    """Read an exact number ('131', '2,5', '4/3'); refuse anything else."""
    if isinstance(text, Fraction | int):
        return Fraction(text)
    if isinstance(text, float | Decimal):
        return Fraction(Decimal(str(text)))
    raw = text.strip().replace(",", ".")
    try:
        if "/" in raw:
            num, den = raw.split("/", 1)
            return Fraction(int(num), int(den))
        value = Decimal(raw)
        if not value.is_finite():
            raise InvalidOperation
        return Fraction(value)
    except (ValueError, InvalidOperation, ZeroDivisionError):
        raise RuleError(
            f"„{text}“ ist keine Zahl.", f"'{text}' is not a number.", field=field
        ) from None


@dataclass(frozen=True)
class Rounding:
    """Round to a multiple of `step`: 'floor', 'half_up' (commercial) or 'none'."""

    mode: str = "none"
    step: Fraction = Fraction(1)

    def apply(self, value: Fraction) -> Fraction:
        """Round the value as the rule says."""
        if self.mode == "none":
            return value
        units = value / self.step
        if self.mode == "floor":
            whole = math.floor(units)
        else:
            whole = math.floor(units + Fraction(1, 2)) if units >= 0 else -math.floor(
                -units + Fraction(1, 2)
            )
        return whole * self.step


def exact_text(value: Fraction) -> str:
    """Write a number exactly: '2.5', '98', or '524/3' when it has no finite decimal form."""
    if value.denominator == 1:
        return str(value.numerator)
    den = value.denominator
    for p in (2, 5):
        while den % p == 0:
            den //= p
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def display(value: Fraction, lang: str = "de", places: int = 2) -> str:
    """Show a number for people: at most `places` decimals, German decimal comma."""
    if value.denominator == 1:
        text = str(value.numerator)
    else:
        q = Decimal(value.numerator) / Decimal(value.denominator)
        text = format(q.quantize(Decimal(1).scaleb(-places)), "f").rstrip("0").rstrip(".")
        if value.denominator not in (2, 4, 5, 10, 20, 25, 50, 100):
            text = "≈" + text
    return text.replace(".", ",") if lang == "de" else text
