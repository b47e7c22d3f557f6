"""Charts of a plan as SVG made on the server: black on white, readable on paper and phones.

Only presentation attributes are used (the pages' security policy allows no inline styles);
the texts come in already translated. Times are seconds, shown as hh:mm.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tafelrunde.sim.tour_model import hours_minutes
from tafelrunde.web.core.svg_chart import Canvas, Labels

__all__ = ["Labels", "count_ticks", "duration_histogram", "tables_course", "time_ticks"]

WIDTH, HEIGHT = 480, 270
LEFT, RIGHT, TOP, BOTTOM = 50, 24, 44, 50  # margins around the plot
FONT_SIZE = 13
MINUTE_STEPS = (5, 10, 15, 20, 30, 60, 120, 180, 240, 360, 480, 720, 1440)
COUNT_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


def nice_step(span: float, most: int, steps: Sequence[float]) -> float:
    """Return the smallest step from `steps` that cuts `span` into at most `most` parts."""
    for step in steps:
        if span / step <= most:
            return step
    return steps[-1] * math.ceil(span / (steps[-1] * most))


class Frame(Canvas):
    """A plot area: data coordinates to SVG coordinates, and its axes with ticks."""

    def __init__(
        self, x_span: tuple[float, float], y_max: float, labels: Labels, ident: str
    ) -> None:
        super().__init__((WIDTH, HEIGHT), FONT_SIZE, labels, ident)
        self.x_min, self.x_len = x_span[0], max(x_span[1] - x_span[0], 1e-9)
        self.y_max = max(y_max, 1e-9)

    def x(self, value: float) -> float:
        """The SVG x of a data value."""
        return round(LEFT + (WIDTH - LEFT - RIGHT) * (value - self.x_min) / self.x_len, 1)

    def y(self, value: float) -> float:
        """The SVG y of a data value."""
        return round(HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * value / self.y_max, 1)

    def axes(self, x_ticks: Sequence[tuple[float, str]], y_ticks: Sequence[float]) -> None:
        """Draw both axes with their ticks, tick labels and axis labels."""
        bottom, left = HEIGHT - BOTTOM, LEFT
        for value in y_ticks:
            y = self.y(value)
            self.add(
                f'<line x1="{left}" y1="{y}" x2="{WIDTH - RIGHT}" y2="{y}" '
                'stroke="#bbb" stroke-width="0.6"/>'
            )
            self.text(left - 6, y + 4, f"{value:g}", "end")
        for value, words in x_ticks:
            x = self.x(value)
            self.add(f'<line x1="{x}" y1="{bottom}" x2="{x}" y2="{bottom + 5}" stroke="#000"/>')
            self.text(x, bottom + 19, words)
        self.add(
            f'<path d="M{left} {TOP - 10} V{bottom} H{WIDTH - RIGHT}" fill="none" '
            'stroke="#000" stroke-width="1.2"/>'
        )
        self.text((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 8, self.labels.x)
        self.text(LEFT - 40, 16, self.labels.y, "start")


def time_ticks(start: float, end: float, most: int = 6) -> list[tuple[float, str]]:
    """Ticks on a time axis from `start` to `end` seconds, on whole steps of minutes."""
    step = nice_step((end - start) / 60, most, MINUTE_STEPS) * 60
    first = math.ceil(start / step) * step
    count = int((end - first) // step) + 1
    return [(first + k * step, hours_minutes(first + k * step)) for k in range(count)]


def count_ticks(top: float, most: int = 5) -> list[float]:
    """Ticks on a count axis from 0 to `top` or just above."""
    step = nice_step(top, most, COUNT_STEPS)
    return [k * step for k in range(math.ceil(top / step) + 1)]


def duration_histogram(
    durations: Sequence[float], median: float, labels: Labels, median_word: str
) -> str:
    """Draw how many runs took how long: bars over time slices, the median marked."""
    low, high = min(durations), max(durations)
    width = nice_step(max(high - low, 60.0) / 60, 10, MINUTE_STEPS) * 60
    first = math.floor(low / width) * width
    bins = max(1, math.ceil((high - first) / width + 1e-9))
    if first + bins * width <= high:
        bins += 1
    counts = [0] * bins
    for d in durations:
        counts[min(bins - 1, int((d - first) // width))] += 1
    top = max(counts)
    y_ticks = count_ticks(top)
    frame = Frame((first, first + bins * width), max(top, y_ticks[-1]), labels, "duration")
    x_ticks = time_ticks(first, first + bins * width, most=5)
    frame.axes(x_ticks, y_ticks)
    for k, n in enumerate(counts):
        if not n:
            continue
        x0, x1 = frame.x(first + k * width), frame.x(first + (k + 1) * width)
        y = frame.y(n)
        frame.add(
            f'<rect x="{x0}" y="{y}" width="{round(x1 - x0, 1)}" '
            f'height="{round(frame.y(0) - y, 1)}" fill="#d0d0d0" stroke="#000" stroke-width="1"/>'
        )
    mx = frame.x(median)
    frame.add(
        f'<line x1="{mx}" y1="{TOP - 16}" x2="{mx}" y2="{HEIGHT - BOTTOM}" stroke="#000" '
        'stroke-width="2" stroke-dasharray="6 3"/>'
    )
    anchor = "end" if mx > WIDTH * 0.7 else "start"
    frame.text(
        mx + (-4 if anchor == "end" else 4), TOP - 8, median_word, anchor, ' font-weight="700"'
    )
    return frame.svg()


def tables_course(
    steps: Sequence[Sequence[float]], end: float, limit: int | None, labels: Labels, limit_word: str
) -> str:
    """Draw the tables in use over time as steps, and the hall's tables as a dashed line."""
    used = max((int(n) for _, n in steps), default=0)
    top = float(max(used, 1))
    show_limit = limit is not None and limit <= max(used * 1.5, used + 2)
    if show_limit and limit is not None:
        top = max(top, float(limit))
    y_ticks = count_ticks(top)
    frame = Frame((0.0, end), max(top * 1.08, y_ticks[-1]), labels, "tables")
    frame.axes(time_ticks(0, end), y_ticks)
    path = [f"M{frame.x(0)} {frame.y(0)}"]
    for t, n in steps:
        path.append(f"H{frame.x(float(t))} V{frame.y(float(n))}")
    path.append(f"H{frame.x(end)} V{frame.y(0)}")
    line = " ".join(path)
    frame.add(f'<path d="{line} Z" fill="#e4e4e4" stroke="none"/>')
    frame.add(f'<path d="{line}" fill="none" stroke="#000" stroke-width="1.8"/>')
    if show_limit and limit is not None:
        y = frame.y(limit)
        frame.add(
            f'<line x1="{LEFT}" y1="{y}" x2="{WIDTH - RIGHT}" y2="{y}" stroke="#000" '
            'stroke-width="1.6" stroke-dasharray="8 4"/>'
        )
        frame.text(WIDTH - RIGHT - 2, y - 5, limit_word, "end", ' font-weight="700"')
    return frame.svg()
