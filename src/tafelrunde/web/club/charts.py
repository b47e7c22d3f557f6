"""Charts of the club's pages as SVG made on the server: a line and a bar chart.

Black and grey on white (readable in greyscale and on paper), only presentation attributes
(the pages' security policy allows no inline styles), every text escaped. The chart scales
to the width of the page (viewBox, width 100%); the texts come in already translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tafelrunde.web.core.svg_chart import Canvas, Labels

__all__ = ["Labels", "Point", "bar_chart", "line_chart"]

WIDTH, HEIGHT = 480, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 30, 44  # margins around the plot
FONT_SIZE = 12


@dataclass(frozen=True)
class Point:
    """One value: where on the x axis (its label), the value, and the tooltip."""

    label: str
    value: float
    tip: str = ""


def empty() -> str:
    """What stands instead of a chart without data."""
    words = escape(_("No data yet."))
    return f'<p class="muted chart-empty">{words}</p>'


def number(value: float) -> str:
    """A value as a tick label in the page's language: whole numbers without decimals, else
    one decimal (7,2 in German)."""
    places = 0 if float(value).is_integer() else 1
    return number_format(round(float(value), places) + 0.0, places, use_l10n=True)  # no -0


class Plot(Canvas):
    """A plot area: data coordinates to SVG coordinates, axes with min/max ticks."""

    def __init__(self, count: int, low: float, high: float, labels: Labels, ident: str) -> None:
        super().__init__((WIDTH, HEIGHT), FONT_SIZE, labels, ident)
        if high - low < 1e-9:
            low, high = low - 1, high + 1
        self.count, self.low, self.high = count, low, high

    def x(self, index: float) -> float:
        """The SVG x of the index-th value (0 …), spread over the width."""
        span = WIDTH - LEFT - RIGHT
        if self.count <= 1:
            return round(LEFT + span / 2, 1)
        return round(LEFT + span * index / (self.count - 1), 1)

    def y(self, value: float) -> float:
        """The SVG y of a value."""
        share = (value - self.low) / (self.high - self.low)
        return round(HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * share, 1)

    def axes(self, first: str, last: str) -> None:
        """Both axes: min and max ticks on y, the first and last label on x, axis labels."""
        bottom = HEIGHT - BOTTOM
        for value in (self.low, self.high):
            y = self.y(value)
            self.add(
                f'<line x1="{LEFT}" y1="{y}" x2="{WIDTH - RIGHT}" y2="{y}" '
                'stroke="#bbb" stroke-width="0.6"/>'
            )
            self.text(LEFT - 6, y + 4, number(value), "end", ' class="tick-y"')
        self.text(LEFT, bottom + 16, first, "start", ' class="tick-x"')
        if self.count > 1:
            self.text(WIDTH - RIGHT, bottom + 16, last, "end", ' class="tick-x"')
        self.add(
            f'<path d="M{LEFT} {TOP - 8} V{bottom} H{WIDTH - RIGHT}" fill="none" '
            'stroke="#000" stroke-width="1.2"/>'
        )
        self.text((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 6, self.labels.x)
        self.text(4, 14, self.labels.y, "start")


def line_chart(
    points: Sequence[Point], labels: Labels, ident: str, *, from_zero: bool = False
) -> str:
    """The values in order as a line with a marked point each (tooltip: its <title>); counts
    (`from_zero`) on an axis that starts at 0."""
    if not points:
        return empty()
    values = [p.value for p in points]
    low = min(0.0, *values) if from_zero else min(values)
    plot = Plot(len(points), low, max(values), labels, ident)
    plot.axes(points[0].label, points[-1].label)
    coords = [(plot.x(i), plot.y(p.value)) for i, p in enumerate(points)]
    if len(coords) > 1:
        line = " ".join(f"{x},{y}" for x, y in coords)
        plot.add(f'<polyline points="{line}" fill="none" stroke="#000" stroke-width="1.6"/>')
    radius = 3 if len(points) <= 60 else 1.5
    for (x, y), p in zip(coords, points, strict=True):
        tip = p.tip or f"{p.label}: {number(p.value)}"
        plot.add(
            f'<circle cx="{x}" cy="{y}" r="{radius}" fill="#fff" stroke="#000" '
            f'stroke-width="1.2" data-value="{p.value}"><title>{escape(tip)}</title></circle>'
        )
    return plot.svg()


def bar_chart(points: Sequence[Point], labels: Labels, ident: str) -> str:
    """One grey bar per value from zero (tooltip: its <title>), the value above it."""
    if not points:
        return empty()
    values = [p.value for p in points]
    plot = Plot(len(points), min(0.0, *values), max(0.0, *values), labels, ident)
    plot.axes(points[0].label, points[-1].label)
    span = (WIDTH - LEFT - RIGHT) / len(points)
    width = round(max(span * 0.7, 1.0), 1)
    zero = plot.y(0)
    for i, p in enumerate(points):
        x = round(LEFT + span * i + (span - width) / 2, 1)
        y = plot.y(p.value)
        top, height = min(y, zero), round(abs(zero - y), 1)
        tip = p.tip or f"{p.label}: {number(p.value)}"
        plot.add(
            f'<rect x="{x}" y="{top}" width="{width}" height="{height}" fill="#c8c8c8" '
            f'stroke="#000" stroke-width="1" data-value="{p.value}">'
            f"<title>{escape(tip)}</title></rect>"
        )
        if len(points) <= 20:
            plot.text(round(x + width / 2, 1), round(top - 3, 1), number(p.value))
    return plot.svg()
