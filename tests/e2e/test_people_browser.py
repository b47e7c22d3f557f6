"""The people pages in Chromium: a member list imported in two steps, then a tournament's
players linked to the persons with one button."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2ehelpers import create_tournament, login, shoot, submit
from playwright.sync_api import Page, expect

from factories import names
from tafelrunde.web.club.models import Person, PlayerLink

pytestmark = [pytest.mark.e2e]


def test_a_member_list_is_imported_and_the_players_linked(
    page: Page, live_server_url: str, shots: Path, tmp_path: Path
) -> None:
    login(page, live_server_url)
    players = names(8)
    members = tmp_path / "mitglieder.csv"
    rows = "".join(f"{n};{'Gast' if i % 3 == 0 else 'Mitglied'}\n" for i, n in enumerate(players))
    members.write_bytes(("Name;Status\n" + rows + "Zoë;Mitglied\n").encode("cp1252"))
    page.get_by_role("link", name="Personen").click()
    page.get_by_role("link", name="Mitgliederliste importieren").click()
    page.get_by_label("Mitgliederliste (CSV oder Excel xlsx)").set_input_files(members)
    submit(page, page.get_by_role("button", name="Vorschau zeigen"))
    expect(page.locator("#preview tbody tr")).to_have_count(9)
    expect(page.locator("#preview input:checked")).to_have_count(9)
    shoot(page, shots, "people-01-preview")
    assert not Person.objects.exists()
    page.get_by_label("Zoë").uncheck()
    submit(page, page.get_by_role("button", name="Übernehmen"))
    expect(page.locator(".messages")).to_contain_text("8 Personen übernommen.")
    expect(page.locator("#person-counts")).to_have_text("5 Mitglieder · 3 Gäste")
    shoot(page, shots, "people-02-list")

    pk = create_tournament(page, shots, "people", "alhambra", players)
    page.goto(f"{live_server_url}/turniere/{pk}/spieler/")
    page.locator("#persons-link").click()
    expect(page.locator("#linked-count")).to_have_text("0 von 8 Spielern verknüpft.")
    submit(page, page.get_by_role("button", name="Alle eindeutigen verknüpfen (8)"))
    expect(page.locator("#linked-count")).to_have_text("8 von 8 Spielern verknüpft.")
    shoot(page, shots, "people-03-linked")
    assert PlayerLink.objects.filter(tournament_id=pk).count() == 8


def test_a_known_person_is_offered_while_typing_players(
    page: Page, live_server_url: str, shots: Path
) -> None:
    Person.objects.create(name="Jürgen Müller", member=True)
    login(page, live_server_url)
    submit(page, page.get_by_role("link", name="Neues Turnier"))
    field = page.get_by_label("Spieler, einer je Zeile")
    field.fill("Anna\n")
    field.press_sequentially("mue")
    chip = page.locator(".suggestions button", has_text="Jürgen Müller")
    expect(chip).to_be_visible()
    shoot(page, shots, "people-04-suggested")
    chip.click()
    expect(field).to_have_value("Anna\nJürgen Müller")
    expect(page.locator(".suggestions button")).to_have_count(0)
