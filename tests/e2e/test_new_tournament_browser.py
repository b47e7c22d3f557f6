"""The new-tournament form in Chromium: the fields only format D uses appear when a format-D
preset is chosen and go away for the others, at 390 px and 1280 px."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from e2ehelpers import login, no_errors, shoot, submit
from playwright.sync_api import Page, expect

from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain import club_presets
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.e2e]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_format_d_fields_follow_the_chosen_preset(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url)
    submit(page, page.get_by_role("link", name="Neues Turnier"))
    only = page.locator("#ko-only")
    expect(only).to_be_hidden()  # the form starts with format A
    shoot(page, shots, f"new-tournament-A-{width}")
    page.get_by_label("Vorlage").select_option("schocken-ko")
    expect(only).to_be_visible()
    expect(page.get_by_label("Turniertag (Format D)")).to_be_visible()
    expect(page.get_by_label("Anmeldeschluss", exact=True)).to_be_visible()
    shoot(page, shots, f"new-tournament-D-{width}")
    page.get_by_label("Vorlage").select_option("alhambra")
    expect(only).to_be_hidden()
    page.get_by_label("Vorlage").select_option("")  # an own ruleset file: its format unknown
    expect(only).to_be_visible()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_format_d_presets_times_fill_in_and_the_organisers_own_stay(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    source = copy.deepcopy(load_rules("schocken-ko").source)
    source["registration"] |= {"admission": "18:00", "deadline": "18:20", "start": "18:30"}
    own = club_presets.choice_value(club_presets.save_preset("Unser K.-o.", source, user=None))
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url)
    submit(page, page.get_by_role("link", name="Neues Turnier"))
    preset = page.get_by_label("Vorlage")
    admission, deadline = (
        page.get_by_label("Einlass", exact=True),
        page.get_by_label("Anmeldeschluss", exact=True),
    )
    start = page.get_by_label("Beginn", exact=True)
    preset.select_option(own)
    for field, value in ((admission, "18:00"), (deadline, "18:20"), (start, "18:30")):
        expect(field).to_have_value(value)
    shoot(page, shots, f"new-tournament-club-D-times-{width}")
    deadline.fill("18:25")  # the organiser's own: it stays when the preset changes
    preset.select_option("schocken-ko")
    for field, value in ((admission, "16:30"), (deadline, "18:25"), (start, "17:00")):
        expect(field).to_have_value(value)
    preset.select_option(own)
    expect(admission).to_have_value("18:00")
    page.get_by_label("Name (leer: Name des Regelwerks)").fill("Club-K.-o.")
    submit(page, page.get_by_role("button", name="Turnier anlegen"))
    no_errors(page)
    rules = engine_tournament(TournamentRecord.objects.get(name="Club-K.-o.")).rules
    assert (rules.admission, rules.deadline, rules.start) == (64800, 66300, 66600)  # type: ignore[union-attr]


def test_times_left_in_the_hidden_format_d_fields_do_not_refuse_another_format(
    page: Page, live_server_url: str
) -> None:
    login(page, live_server_url)
    submit(page, page.get_by_role("link", name="Neues Turnier"))
    page.get_by_label("Vorlage").select_option("schocken-ko")
    page.get_by_label("Beginn", exact=True).fill("19:15")
    page.get_by_label("Vorlage").select_option("alhambra")
    expect(page.locator("#ko-only")).to_be_hidden()
    page.get_by_label("Name (leer: Name des Regelwerks)").fill("Alhambra-Abend")
    page.get_by_label("Spieler, einer je Zeile").fill("\n".join(f"S{k}" for k in range(1, 9)))
    submit(page, page.get_by_role("button", name="Turnier anlegen"))
    no_errors(page)
    assert TournamentRecord.objects.get(name="Alhambra-Abend").format == "B"
