"""Which of a person's evening points count, and the total they make."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tafelrunde.engine.choices import CountMode
from tafelrunde.engine.season.rules import Counting


def counted(points: Sequence[Fraction | None], counting: Counting) -> tuple[bool, ...]:
    """Mark the counted evenings; among equal points the earlier evening is kept."""
    attended = [i for i, p in enumerate(points) if p is not None]
    keep = len(attended)
    if counting.mode == CountMode.BEST:
        keep = min(keep, counting.n or 0)
    elif (
        counting.mode == CountMode.ALL_BUT_WORST
    ):  # a missed evening is a worst result, dropped first
        keep = max(0, min(keep, len(points) - (counting.n or 0)))
    best_first = sorted(attended, key=lambda i: (-_value(points[i]), i))
    chosen = set(best_first[:keep])
    return tuple(i in chosen for i in range(len(points)))


def total(points: Sequence[Fraction | None], flags: Sequence[bool], counting: Counting) -> Fraction:
    """The sum of the counted points, or their exact average for mode "average"."""
    values = [_value(p) for p, on in zip(points, flags, strict=True) if on]
    whole = sum(values, Fraction(0))
    if counting.mode == CountMode.AVERAGE:
        return whole / len(values) if values else Fraction(0)
    return whole


def _value(points: Fraction | None) -> Fraction:
    """The points of an attended evening."""
    assert points is not None
    return points
