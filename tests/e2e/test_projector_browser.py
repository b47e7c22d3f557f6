"""The projector in Chromium at 1920×1080 (dark and light) and 1280×720: it rotates by
itself (and pauses when asked), the text is large enough to read from 10 m, every slide fits
the screen and no text on it is cut."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2ehelpers import login, shoot, submit
from playwright.sync_api import Page, expect
from projectorpages import (
    card_faults,
    choose,
    cut_texts,
    drawn_group,
    hall_group,
    knockout,
    long_group,
    long_knockout,
    open_projector,
    overflowing,
    shown_key,
    spent_contrast,
)

from tafelrunde.engine.families import FAMILIES
from tafelrunde.web.live.publish import touch
from tafelrunde.web.live.slide_kinds import kinds_for

pytestmark = [pytest.mark.e2e]


def font_px(page: Page, selector: str) -> float:
    """The computed font size of the first visible element matching the selector."""
    return float(
        page.locator(f".slide:not([hidden]) {selector}").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
    )


def show(page: Page, key: str) -> None:
    """Show one slide (as the rotation would), to look at it and take its picture."""
    page.evaluate(
        "k => document.querySelectorAll('.slide')"
        ".forEach(s => { s.hidden = s.dataset.slideKey !== k; })",
        key,
    )


def test_it_rotates_by_itself_with_large_text_in_dark(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(95)
    choose(pk, ["seating", "tables"], seconds=5)
    open_projector(page, live_server_url, pk)
    expect(page.locator("body")).to_have_class("projector theme-dark")
    assert shown_key(page) == "seating-1"
    expect(page.locator("#projector-page")).to_have_text("1/5")  # 3 seating, 2 of tables (24)
    assert font_px(page, ".seat-row .name") >= 36
    assert font_px(page, "h1") > font_px(page, ".seat-row .name")
    assert page.evaluate("getComputedStyle(document.body).cursor") == "none"
    shoot(page, shots, "projector-1920-dark-seating")
    expect(page.locator("#projector-page")).to_have_text("2/5", timeout=8000)
    assert shown_key(page) == "seating-2"
    show(page, "tables-1")
    assert font_px(page, ".names li") >= 36
    shoot(page, shots, "projector-1920-dark-tables")
    assert overflowing(page) == []
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080


def test_format_d_in_light_shows_chips_lives_and_the_countdown(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = knockout(14, minutes_ago=3)
    choose(pk, ["seating", "queues", "ko_tables", "grand_final"], seconds=60, theme="light")
    open_projector(page, live_server_url, pk)
    expect(page.locator("body")).to_have_class("projector theme-light")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(255, 255, 255)"
    shoot(page, shots, "projector-1920-light-seating")
    show(page, "ko_tables-1")
    card = page.locator(".ko-card").first
    expect(card.locator(".chips").first).to_have_text("●●")
    expect(card.locator("[data-clock-countdown]")).to_have_text(re.compile(r"^1[12]:\d\d$"))
    assert font_px(page, ".ko-seat .name") >= 36
    shoot(page, shots, "projector-1920-light-ko-tables")
    assert overflowing(page) == []


def test_a_smaller_screen_shows_the_same_slides_scaled(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(40, "king-lui")
    open_projector(page, live_server_url, pk, 1280, 720)
    shoot(page, shots, "projector-1280-seating")
    size = font_px(page, ".seat-row .name")
    assert 24 <= size <= 30  # the same share of the screen as 41 px at 1080
    show(page, "tables-1")
    shoot(page, shots, "projector-1280-tables")
    assert overflowing(page) == []


def test_a_change_swaps_the_slides_in_place_keeping_the_slide_on_show(
    page: Page, live_server_url: str
) -> None:
    pk = drawn_group(95)
    choose(pk, ["seating", "tables"], seconds=60)
    open_projector(page, live_server_url, pk)
    page.evaluate(
        "() => { window.notReloaded = true; window.swaps = 0;"
        " document.addEventListener('tafelrunde:swapped', () => { window.swaps += 1; }); }"
    )
    show(page, "seating-2")
    choose(pk, ["seating", "tables", "standings"], seconds=30, theme="light")
    touch(pk)  # the event stream tells the open projector
    expect(page.locator("body")).to_have_class("projector theme-light")
    expect(page.locator("#slides")).to_have_attribute("data-seconds", "30")
    assert page.evaluate("window.swaps") == 1 and page.evaluate("window.notReloaded")
    assert page.locator(".slide:not([hidden])").get_attribute("data-slide-key") == "seating-2"


def test_the_organiser_chooses_what_rotates_from_the_overview(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(13)
    login(page, live_server_url)
    page.goto(f"{live_server_url}/turniere/{pk}/")
    submit(page, page.get_by_role("link", name="Beamer einstellen"))
    form = page.locator("#projector-form")
    expect(form.get_by_label("Wer sitzt wo")).to_be_checked()
    form.get_by_label("Sekunden je Folie").fill("3")
    submit(page, form.get_by_role("button", name="Speichern"))
    expect(page.locator("#projector-form .errorlist")).to_have_text(
        "Sekunden je Folie: bitte eine ganze Zahl von 5 bis 120 eingeben."
    )
    shoot(page, shots, "projector-settings-refused")
    form = page.locator("#projector-form")
    form.get_by_label("Sekunden je Folie").fill("20")
    form.get_by_label("Stand", exact=True).uncheck()
    form.get_by_label("hell").check()
    submit(page, form.get_by_role("button", name="Speichern"))
    expect(page.locator(".messages")).to_contain_text("Gespeichert")
    shoot(page, shots, "projector-settings")
    page.goto(f"{live_server_url}/turniere/{pk}/beamer/")
    expect(page.locator("body")).to_have_class("projector theme-light")
    expect(page.locator("#slides")).to_have_attribute("data-seconds", "20")


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_every_card_fits_its_slide_and_the_slides_use_the_screen(
    page: Page, live_server_url: str, shots: Path, width: int, height: int
) -> None:
    halls = {"a40": hall_group(40), "a95": hall_group(95), "a16": hall_group(16)}
    for pk in halls.values():
        choose(pk, ["tables", "standings"], seconds=60)
    halls["d30"] = knockout(30, minutes_ago=3)
    choose(halls["d30"], ["ko_tables", "queues"], seconds=60)
    for tag, pk in halls.items():
        open_projector(page, live_server_url, pk, width, height)
        keys = page.locator(".slide").evaluate_all("s => s.map(x => x.dataset.slideKey)")
        for key in keys:
            show(page, key)
            shoot(page, shots, f"projector-{width}-{tag}-{key}")
        assert card_faults(page) == [], tag
        assert overflowing(page) == [], tag
        sizes = page.locator(".slide .cards").evaluate_all("o => o.map(x => x.children.length)")
        assert max(sizes, default=0) - min(sizes, default=0) <= 1, (tag, sizes)  # balanced
        if tag == "a16":  # 16 players: one standings slide, not 12 and 4
            assert [k for k in keys if k.startswith("standings")] == ["standings-1"]
            expect(page.locator("#slide-standings-1 tbody tr")).to_have_count(16)


def test_no_text_is_cut_on_any_slide_of_any_format_with_long_names(
    page: Page, live_server_url: str, shots: Path
) -> None:
    halls = {
        "a-herzog": long_group("gruppenmodus", 16, 3, "herzog"),  # tables, roll-off lines
        "b-standings": long_group("alhambra", 24, 4, "standings"),
        "c-over": long_group("king-lui", 16, 5, "end"),  # the final ranking
        "d-open": long_knockout(30, "open"),  # open tables, chips spent
        "d-final": long_knockout(14, "final"),
        "d-over": long_knockout(10, "end"),  # the ranking with prizes
    }
    for pk in halls.values():
        every = sorted({kind for family in FAMILIES for kind in kinds_for(family)})
        choose(pk, every, seconds=120)  # none turning while measured
    cut, contrast = [], {}
    for width, height in ((1920, 1080), (1280, 720)):
        for tag, pk in halls.items():
            open_projector(page, live_server_url, pk, width, height)
            cut += [f"{tag} at {width}: {what}" for what in cut_texts(page)]
            if tag == "d-open" and width == 1920:
                show(page, "ko_tables-1")
                for theme in ("dark", "light"):
                    contrast[theme] = spent_contrast(page, theme)
                    shoot(page, shots, f"projector-{width}-long-{tag}-{theme}")
            for key in page.locator(".slide").evaluate_all("s => s.map(x => x.dataset.slideKey)"):
                show(page, key)
                shoot(page, shots, f"projector-{width}-long-{tag}-{key}")
    assert cut == [], "\n".join(cut)
    assert min(contrast.values()) >= 3, contrast  # a spent chip '○' against its card


def test_the_rotation_pauses_by_key_and_by_button_and_says_so(
    page: Page, live_server_url: str
) -> None:
    pk = drawn_group(95)
    choose(pk, ["seating"], seconds=5)  # three slides of who sits where
    page.clock.install()
    open_projector(page, live_server_url, pk)
    button = page.get_by_role("button", name="Pause")
    expect(button).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("p")
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("status")).to_have_text("Folien angehalten")
    page.clock.fast_forward(12_000)  # more than two slides' time
    assert shown_key(page) == "seating-1"
    button.click()
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("status")).to_have_text("Folien laufen wieder")
    page.clock.fast_forward(5_500)
    expect(page.locator("#projector-page")).to_have_text("2/3")
    page.keyboard.press(" ")  # the space bar as well
    expect(button).to_have_attribute("aria-pressed", "true")
    page.clock.fast_forward(12_000)
    assert shown_key(page) == "seating-2"
