"""The HTML5 guard of the page fuzz finds what broke the standings page: a stray '<' that made
the table a link; it passes a clean page and a fragment (the projector's slides)."""

from __future__ import annotations

import pytest
from htmlcheck import html_problems

pytestmark = pytest.mark.unit

TABLE = "<table><tr><td>1</td></tr></table>"
PAGE = '<!DOCTYPE html><html lang="de"><head><title>Stand</title></head><body>{}</body></html>'


def test_a_stray_angle_bracket_before_a_link_text_is_found() -> None:
    broken = PAGE.format(f'<p><a href="/drucken/"><Drucken</a></p>\n<section>{TABLE}</section>')
    problems = html_problems(broken.encode())
    assert any("wraps a table" in p for p in problems), problems
    assert any("unexpected" in p for p in problems), problems


def test_a_clean_page_and_a_fragment_pass() -> None:
    clean = PAGE.format(f'<p><a href="/drucken/">Drucken</a></p>{TABLE}')
    assert html_problems(clean.encode()) == ()
    assert html_problems(b'<div class="slide"><h2>Tische</h2></div>') == ()


def test_a_control_character_in_a_page_is_found() -> None:
    assert html_problems(PAGE.format("<p>a\x00b</p>").encode())
