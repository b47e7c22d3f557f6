"""The club's charts: well-formed SVG, values placed right, text escaped, German when empty."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from tafelrunde.web.club.charts import (
    BOTTOM,
    HEIGHT,
    LEFT,
    RIGHT,
    TOP,
    WIDTH,
    Labels,
    Point,
    bar_chart,
    line_chart,
)

pytestmark = pytest.mark.unit
NS = "{http://www.w3.org/2000/svg}"
LABELS = Labels('Titel <&> "x"', "Spiele", "Wert")


def parsed(svg: str) -> ET.Element:
    """The chart as XML: scales to the width, an image with a title, no inline style."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    assert root.get("width") == "100%" and root.get("role") == "img"
    assert root.get("aria-label") == LABELS.title
    title = root.find(f"{NS}title")
    assert title is not None and title.text == LABELS.title
    assert all(el.get("style") is None for el in root.iter())
    return root


def test_a_line_chart_places_the_lowest_value_at_the_bottom_and_the_highest_at_the_top() -> None:
    points = [Point("01.01.2026", 3.0), Point("02.01.2026", -1.5), Point("<b>&", 7.25, "Tipp <i>")]
    root = parsed(line_chart(points, LABELS, "t"))
    dots = root.findall(f"{NS}circle")
    assert [float(d.get("data-value", "")) for d in dots] == [3.0, -1.5, 7.25]
    ys = [float(d.get("cy", "")) for d in dots]
    xs = [float(d.get("cx", "")) for d in dots]
    assert ys[1] == HEIGHT - BOTTOM and ys[2] == TOP and ys[2] < ys[0] < ys[1]
    assert xs == sorted(xs) and xs[0] == LEFT and xs[-1] == WIDTH - RIGHT
    tips = [d.find(f"{NS}title") for d in dots]
    assert [t.text for t in tips if t is not None] == [
        "01.01.2026: 3",
        "02.01.2026: -1,5",  # the page's language: a decimal comma in German
        "Tipp <i>",
    ]
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "<b>&" in texts and "7,2" in texts  # an escaped label, the max tick


def test_a_bar_chart_draws_bars_from_zero_proportional_to_the_values() -> None:
    points = [Point("Anna", 4), Point("Bert <script>", 2), Point("Cleo", 1)]
    svg = bar_chart(points, LABELS, "b")
    assert "<script>" not in svg
    root = parsed(svg)
    bars = [r for r in root.findall(f"{NS}rect") if r.get("data-value")]
    heights = [float(r.get("height", "")) for r in bars]
    assert heights[0] == HEIGHT - TOP - BOTTOM
    assert heights[0] == pytest.approx(2 * heights[1], abs=0.2)
    assert heights[1] == pytest.approx(2 * heights[2], abs=0.2)


@given(st.lists(st.floats(-1000, 1000, allow_nan=False), min_size=1, max_size=40),
       st.text(max_size=20))  # fmt: skip
def test_any_values_and_labels_give_well_formed_charts_inside_the_frame(
    values: list[float], label: str
) -> None:
    points = [Point(label, v, label) for v in values]
    for chart in (line_chart, bar_chart):
        try:
            root = ET.fromstring(chart(points, LABELS, "h"))
        except ET.ParseError:  # a control character XML does not allow: not made by people
            assert any(ord(c) < 32 for c in label)
            continue
        for el in root.iter():
            for attr in ("cy", "y"):
                if el.get(attr) is not None and el.tag != f"{NS}text":
                    assert 0 <= float(el.get(attr, "")) <= HEIGHT


def test_no_data_says_so_in_german_instead_of_a_chart() -> None:
    with translation.override("de"):
        for chart in (line_chart, bar_chart):
            assert chart([], LABELS, "e") == '<p class="muted chart-empty">Noch keine Daten.</p>'


def test_counts_start_their_axis_at_zero_and_no_tick_says_minus_zero() -> None:
    points = [Point("01.01.2026", 12.0), Point("08.01.2026", 16.0)]
    root = parsed(line_chart(points, LABELS, "t", from_zero=True))
    ys = [float(d.get("cy", "")) for d in root.findall(f"{NS}circle")]
    assert ys[0] > TOP and ys[1] == TOP  # 12 is not at the bottom: the bottom is 0
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "0" in texts and "16" in texts
    tiny = parsed(line_chart([Point("a", -0.04), Point("b", 0.9)], LABELS, "u"))
    assert "-0" not in [t.text for t in tiny.iter(f"{NS}text")]
