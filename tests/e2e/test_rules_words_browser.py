"""The rules page of formats A–C at 390 px and 1280 px says each stage's seating, tie and
rounding in the declared words of its keys (the words the rules form offers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2ehelpers import login, shoot
from playwright.sync_api import Page, expect

from factories import stored
from tafelrunde.presets import load_rules, rules_from_toml
from tafelrunde.web.core.domain.setup import new_tournament

pytestmark = [pytest.mark.e2e]

FUENFERRUNDE = Path(__file__).resolve().parents[1] / "data" / "fuenferrunde.toml"
SAID = {
    "alhambra": ["Setzen: Auslosung, für jede Partie neu", "Punkte teilen, abgerundet"],
    "gruppenmodus": ["Gleichstand: Stechen", "mit ihren Punkten gewertet"],
    "king-lui": ["Setzen: Schlangenlinie nach Rang", "kaufmännisch gerundet auf Schritte von"],
    "fuenferrunde": ["Setzen: Auslosung", "Ergebnisse vom Tisch:"],
}


@pytest.mark.parametrize("width", [390, 1280])
def test_the_rules_page_says_the_values_in_their_declared_words(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url)
    for name, said in SAID.items():
        if name == "fuenferrunde":
            rules = rules_from_toml(FUENFERRUNDE.read_text(encoding="utf-8"))
        else:
            rules = load_rules(name)
        players = "\n".join(f"Spieler {k:02d}" for k in range(1, 17))
        made = new_tournament(name, rules, players, day=None, at="2026-01-01T19:00", by="leitung")
        page.goto(f"{live_server_url}/turniere/{stored(made).pk}/regeln/")
        first = page.locator("details.section").nth(1)  # the first stage, after the general
        first.locator("> summary").click()
        for words in said:
            expect(page.locator("main")).to_contain_text(words)
        expect(first.locator(".rule-lines li").first).to_be_visible()
        shoot(page, shots, f"j-rules-{name}-{width}")
