"""Deleting asks first (web/confirm.js reads the form's data-confirm; no inline JavaScript);
another open page of the tournament then says that it was deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2ehelpers import create_tournament, login, submit
from playwright.sync_api import Dialog, Page, expect

from factories import names
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.e2e]


def test_declining_the_question_keeps_the_tournament_and_accepting_deletes_it(
    page: Page, live_server_url: str, shots: Path
) -> None:
    login(page, live_server_url)
    pk = create_tournament(page, shots, "confirm", "alhambra", names(12))
    form = page.locator("form[data-confirm]")
    assert "onsubmit" not in page.content()
    asked: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.evaluate("window.stillHere = true")  # a page loaded after a submit would not have it
    page.once("dialog", dismiss)
    form.get_by_role("button", name="Turnier löschen").click()  # returns once it is dismissed
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.stillHere === true")
    assert asked == [
        "Turnier mit allen Ergebnissen wirklich löschen?"
        " Vorher am besten die Turnierdatei herunterladen."
    ]
    assert page.url.endswith(f"/turniere/{pk}/")
    assert TournamentRecord.objects.filter(pk=pk).exists()

    def accept(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    other = page.context.new_page()  # a second tab on the tournament, with its event stream
    with other.expect_response(lambda r: f"/turniere/{pk}/live/" in r.url):  # its stream opens
        other.goto(f"{live_server_url}/turniere/{pk}/")
    other.evaluate("window.notReloaded = true")
    page.bring_to_front()
    page.once("dialog", accept)
    submit(page, form.get_by_role("button", name="Turnier löschen"))
    expect(page.locator(".messages")).to_contain_text("Turnier gelöscht.")
    expect(other.locator("#live-gone")).to_be_visible()
    expect(other.locator("#live-gone")).to_contain_text("Dieses Turnier wurde gelöscht.")
    assert other.evaluate("window.notReloaded === true")
    other.locator("#live-gone a").click()
    expect(other).to_have_url(f"{live_server_url}/")
    assert len(asked) == 2
    assert not TournamentRecord.objects.filter(pk=pk).exists()
