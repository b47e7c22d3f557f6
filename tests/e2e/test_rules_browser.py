"""The rules as a form in Chromium, at a phone's and a laptop's width: a value changed in its
field is saved, each field has its label and rule text beside it, and nothing sticks out."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import e2ehelpers as h
import pytest
from django.utils import timezone
from playwright.sync_api import Locator, Page, expect

from factories import names
from tafelrunde.web.core.models import ClubPreset, TournamentRecord

pytestmark = [pytest.mark.e2e]


def fits(page: Page, section: Locator) -> None:
    """Every visible input of an open section lies within the page's width, with its label."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    params = section.locator(".param")
    assert params.count() > 0
    for k in range(params.count()):
        param = params.nth(k)
        if not param.is_visible():
            continue
        expect(param.locator(".param-label")).not_to_be_empty()
        expect(param.locator(".param-rule")).not_to_be_empty()
        for box in (param.bounding_box(), param.locator(".param-input").bounding_box()):
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5


@pytest.mark.parametrize("width", [390, 1280])
def test_a_value_changed_in_the_form_is_saved(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    pk = h.create_tournament(page, shots, f"rules-{width}", "alhambra", names(8))
    h.tab(page, "Regeln")
    stage = page.locator("details#s1")
    stage.locator("> summary").click()
    fits(page, stage)
    games = stage.get_by_label("Partien je Tisch")
    expect(games).to_have_value("2")
    expect(stage.locator("#param-s1\\.games .range")).to_have_text("1–50")
    h.shoot(page, shots, f"rules-form-{width}")
    games.fill("3")
    stage.get_by_label("4er-Tisch, Platz 3").fill("1,5")
    h.submit(page, page.locator("#rules-form").get_by_role("button", name="Regeln speichern"))
    expect(page.locator(".messages")).to_contain_text("Regeln geändert.")
    h.no_errors(page)
    ruleset = TournamentRecord.objects.get(pk=pk).ruleset
    assert ruleset["stages"][0]["games"] == 3
    assert ruleset["stages"][0]["scoring"]["points"]["4"] == [5, 3, "1.5", 1]
    page.locator("details#s1 > summary").click()
    expect(page.locator("details#s1").get_by_label("Partien je Tisch")).to_have_value("3")

    # a refusal: shown at its field, in German, with the typed value kept
    page.locator("details#s1").get_by_label("Partien je Tisch").fill("99")
    h.submit(page, page.locator("#rules-form").get_by_role("button", name="Regeln speichern"))
    field = page.locator("#param-s1\\.games")
    expect(field.locator(".errorlist")).to_contain_text("muss zwischen 1 und 50 liegen")
    expect(field.locator("input")).to_have_value("99")
    expect(page.locator("details#s1")).to_have_attribute("open", "")
    h.shoot(page, shots, f"rules-refused-{width}")
    assert TournamentRecord.objects.get(pk=pk).ruleset == ruleset


@pytest.mark.parametrize("width", [390, 1280])
def test_the_losers_points_of_roll_offs_are_a_row_per_table_size(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    pk = h.create_tournament(page, shots, f"losers-{width}", "gruppenmodus", names(8))
    h.tab(page, "Regeln")
    stage = page.locator("details#s1")
    stage.locator("> summary").click()
    fits(page, stage)
    losers = stage.locator("#param-s1\\.scoring\\.rolloff_losers")
    expect(losers.locator(".param-label")).to_have_text("Punkte des Verlierers eines Stechens")
    third = losers.get_by_label("4er-Tisch, Stechen um Platz 3")
    expect(third).to_have_value("1")
    third.fill("0")
    losers.scroll_into_view_if_needed()
    page.screenshot(path=shots / f"rules-losers-{width}.png")
    h.submit(page, page.locator("#rules-form").get_by_role("button", name="Regeln speichern"))
    expect(page.locator(".messages")).to_contain_text("Regeln geändert.")
    h.no_errors(page)
    ruleset = TournamentRecord.objects.get(pk=pk).ruleset
    assert ruleset["stages"][0]["scoring"]["rolloff_losers"]["4"] == [5, 3, 0]
    page.locator("details#s1 > summary").click()
    lines = page.locator("details#s1")
    expect(lines).to_contain_text("Verlierer des Stechens am 4er-Tisch (um Platz 1, 2, …): 5, 3, 0")
    lines.get_by_text("Verlierer des Stechens am 4er-Tisch").first.scroll_into_view_if_needed()
    page.screenshot(path=shots / f"rules-losers-saved-{width}.png")


@pytest.mark.parametrize("width", [390, 1280])
def test_format_d_times_are_time_fields(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    day = (timezone.localdate() + timedelta(days=7)).isoformat()  # before its deadline
    pk = h.create_tournament(page, shots, f"rules-d-{width}", "schocken-ko", names(8), day=day)
    h.tab(page, "Regeln")
    section = page.locator("details#general")
    fits(page, section)
    start = section.get_by_label("Beginn", exact=True)
    expect(start).to_have_attribute("type", "time")
    expect(start).to_have_value("17:00")
    start.fill("17:30")
    section.get_by_label("Anmeldeschluss").fill("17:15")
    section.get_by_label("Startgebühr").fill("7,50")
    h.shoot(page, shots, f"rules-d-form-{width}")
    h.submit(page, page.locator("#rules-form").get_by_role("button", name="Regeln speichern"))
    expect(page.locator(".messages")).to_contain_text("Regeln geändert.")
    registration = TournamentRecord.objects.get(pk=pk).ruleset["registration"]
    assert (registration["start"], registration["deadline"]) == ("17:30", "17:15")
    assert registration["entry_fee"] == "7.5"


def test_a_club_preset_is_saved_picked_and_deleted_after_asking(
    page: Page, live_server_url: str, shots: Path
) -> None:
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    pk = h.create_tournament(page, shots, "preset", "alhambra", names(8))
    h.tab(page, "Regeln")
    page.get_by_label("Name der Vereinsvorlage").fill("Alhambra am Freitag")
    h.submit(page, page.get_by_role("button", name="Als Vereinsvorlage speichern"))
    expect(page.locator(".messages")).to_contain_text("Als Vereinsvorlage „Alhambra am Freitag“")
    preset = ClubPreset.objects.get()
    assert preset.ruleset == TournamentRecord.objects.get(pk=pk).ruleset

    h.submit(page, page.get_by_role("link", name="Neues Turnier"))
    choice = page.get_by_label("Vorlage")
    expect(choice.locator("optgroup[label='Vereinsvorlagen'] option")).to_have_text(
        ["Alhambra am Freitag (Format B)"]
    )
    choice.select_option(label="Alhambra am Freitag (Format B)")
    page.get_by_label("Spieler, einer je Zeile").fill("\n".join(names(8)))
    h.submit(page, page.get_by_role("button", name="Turnier anlegen"))
    expect(page.locator(".messages")).to_contain_text("Turnier angelegt.")
    assert TournamentRecord.objects.latest("pk").ruleset == preset.ruleset

    page.goto(live_server_url + "/vorlagen/")
    h.shoot(page, shots, "club-presets-390")
    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.get_by_role("button", name="Löschen").click()
    page.wait_for_timeout(300)
    assert ClubPreset.objects.exists() and asked
    page.once("dialog", lambda d: d.accept())
    h.submit(page, page.get_by_role("button", name="Löschen"))
    expect(page.locator(".messages")).to_contain_text(
        "Vereinsvorlage „Alhambra am Freitag“ gelöscht."
    )
    assert not ClubPreset.objects.exists()
