"""Withdrawing a player in the browser: asked first (with what it means), then done."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2ehelpers import (
    create_tournament,
    group_state,
    login,
    release_draw,
    shoot,
    submit,
    tab,
)
from playwright.sync_api import Dialog, Page, expect

from factories import names

pytestmark = [pytest.mark.e2e]


def test_the_organiser_withdraws_a_player_after_confirming(
    page: Page, live_server_url: str, shots: Path
) -> None:
    login(page, live_server_url)
    pk = create_tournament(page, shots, "withdraw", "alhambra", names(9))
    release_draw(page)
    tab(page, "Spieler")
    row = page.locator("#roster tr", has_text="Clara")
    asked: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.evaluate("window.stillHere = true")
    page.once("dialog", dismiss)
    row.get_by_role("button", name="Abmelden").click()
    page.wait_for_timeout(500)
    assert page.evaluate("window.stillHere === true")
    assert asked[0].startswith("Clara abmelden? Die bisherigen Ergebnisse bleiben;")
    assert "noch kein Ergebnis: dort wird ohne Clara gespielt" in asked[0]
    assert group_state(pk).withdrawn == {}

    def accept(dialog: Dialog) -> None:
        dialog.accept()

    page.once("dialog", accept)
    submit(page, row.get_by_role("button", name="Abmelden"))
    expect(page.locator(".messages")).to_contain_text("Clara ist abgemeldet.")
    expect(page.locator("#roster tr", has_text="Clara")).to_contain_text("abgemeldet (Vorrunde)")
    expect(page.locator("#roster tr", has_text="Clara").get_by_role("button")).to_have_count(0)
    shoot(page, shots, "withdraw-players")
    assert list(group_state(pk).withdrawn) == ["p003"]
