"""The plan's charts: well-formed SVG without inline styles, ticks inside, the hall's tables."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafelrunde.web.orga.charts import (
    HEIGHT,
    WIDTH,
    Labels,
    count_ticks,
    duration_histogram,
    tables_course,
    time_ticks,
)

pytestmark = pytest.mark.unit
NS = "{http://www.w3.org/2000/svg}"
LABELS = Labels("Titel <&>", "Dauer (hh:mm)", "Läufe")


def parsed(svg: str) -> ET.Element:
    """The chart as XML; no element carries a style (the security policy forbids them)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    assert all(el.get("style") is None for el in root.iter())
    assert not list(root.iter(f"{NS}style")) and not list(root.iter(f"{NS}script"))
    return root


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{NS}text")]


def inside(root: ET.Element) -> None:
    """Every text starts inside the picture."""
    for el in root.iter(f"{NS}text"):
        assert 0 <= float(el.get("x", "0")) <= WIDTH and 0 <= float(el.get("y", "0")) <= HEIGHT


@given(
    st.lists(st.floats(600, 20 * 3600), min_size=1, max_size=60),
)
def test_a_histogram_counts_every_run(durations: list[float]) -> None:
    median = sorted(durations)[(len(durations) - 1) // 2]
    root = parsed(duration_histogram(durations, median, LABELS, "Median"))
    inside(root)
    bars = [r for r in root.iter(f"{NS}rect") if r.get("fill") == "#d0d0d0"]
    assert 1 <= len(bars) <= len(durations)
    words = texts(root)
    assert "Dauer (hh:mm)" in words and "Läufe" in words and "Median" in words
    assert root.find(f"{NS}title").text == "Titel <&>"  # type: ignore[union-attr]


def test_the_hall_is_drawn_when_it_limits() -> None:
    steps = [[0.0, 3], [3600.0, 2], [5400.0, 0]]
    near = parsed(tables_course(steps, 5400, 3, LABELS, "3 Tische in der Halle"))
    assert "3 Tische in der Halle" in texts(near)
    assert any(line.get("stroke-dasharray") for line in near.iter(f"{NS}line"))
    far = parsed(tables_course(steps, 5400, 500, LABELS, "500 Tische in der Halle"))
    assert "500 Tische in der Halle" not in texts(far)  # the curve would be a flat line under it
    inside(near)


def test_ticks() -> None:
    assert [w for _, w in time_ticks(0, 4 * 3600)] == ["00:00", "01:00", "02:00", "03:00", "04:00"]
    assert time_ticks(8 * 3600 + 60, 10 * 3600 + 1800)[0][1] == "08:30"
    assert count_ticks(13) == [0, 5, 10, 15]
    assert count_ticks(1) == [0, 1]
    assert count_ticks(167) == [0, 50, 100, 150, 200]
