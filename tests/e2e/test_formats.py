"""Each format A–D played through to its end in Chromium, as an organiser would.

The organiser logs in, creates the tournament from a preset, draws and releases (A–C) or
opens tables (D), enters every result, and finally compares the ranking page with the
engine's ranking of the same stored facts. Screenshots of the main pages go to
artefacts/screenshots/.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import e2ehelpers as h
import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from factories import names
from tafelrunde.web.core.models import FactRecord

pytestmark = [pytest.mark.e2e]


def _shoot_pages(page: Page, shots: Path, tag: str, labels: dict[str, str]) -> None:
    """Open each tab and take its screenshot (label → file name part)."""
    for label, name in labels.items():
        h.tab(page, label)
        h.shoot(page, shots, f"{tag}-{name}")


@pytest.mark.parametrize(
    ("tag", "preset", "count"),
    [
        ("A", "gruppenmodus", 9),
        ("B", "alhambra", 12),
        ("C", "king-lui", 8),
    ],
)
def test_group_format_is_played_to_the_end(
    page: Page, live_server_url: str, shots: Path, tag: str, preset: str, count: int
) -> None:
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    h.shoot(page, shots, f"{tag}-start")
    pk = h.create_tournament(page, shots, tag, preset, names(count))
    expect(page.locator("h1 .muted")).to_contain_text(f"Format {tag}")

    steps = h.play_group_tournament(page, pk, shots, tag, seed=sum(map(ord, tag)))
    assert steps > 0

    expected = h.engine_group_ranking(pk)
    assert sorted(expected) == sorted(names(count))
    assert h.ranking_names(page) == expected
    # a repeated stage ("Gruppenrunde 2") must not be shown for those out in the first one
    assert h.ranking_stages(page) == h.engine_group_stages(pk)
    h.shoot(page, shots, f"{tag}-ranking")
    _shoot_pages(page, shots, tag, {"Stand": "standings", "Regeln": "rules", "Protokoll": "log"})


def test_knockout_format_d_is_played_to_the_winner(
    page: Page, live_server_url: str, shots: Path
) -> None:
    players = names(5)
    day = (timezone.localdate() + timedelta(days=7)).isoformat()
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    h.shoot(page, shots, "D-start")
    pk = h.create_tournament(page, shots, "D", "schocken-ko", players, day=day)
    expect(page.locator("h1 .muted")).to_contain_text("Format D")

    h.tab(page, "Anmeldung")
    expect(page.get_by_text("Die Anmeldung ist offen.")).to_be_visible()
    assert h.pay_everybody(page) == len(players)
    expect(page.locator("#ko-players")).not_to_contain_text("offen")
    h.shoot(page, shots, "D-registration")

    h.tab(page, "Tische")
    steps = h.play_knockout(page, shots, "D", seed=4)
    assert steps > 0
    winner = page.locator("p.grand")
    expect(winner).to_contain_text("Turniersieger")
    h.shoot(page, shots, "D-tables-finished")

    expected = h.engine_knockout_ranking(pk)
    assert sorted(expected) == sorted(players)
    expect(winner).to_contain_text(expected[0])
    assert h.ranking_names(page) == expected
    h.shoot(page, shots, "D-ranking")
    _shoot_pages(
        page,
        shots,
        "D",
        {"Leben & Chips": "lives", "Regeln": "rules", "Protokoll": "log"},
    )


def test_language_switch_and_a_refused_result(
    page: Page, live_server_url: str, shots: Path
) -> None:
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    pk = h.create_tournament(page, shots, "X", "alhambra", names(12))
    h.release_draw(page)
    facts = FactRecord.objects.filter(tournament_id=pk).count()

    card = page.locator("#table-1-1")
    card.locator("input[name^='points-']").first.fill("abc")
    h.submit(page, card.get_by_role("button", name="Ergebnis speichern"))
    error = page.locator("#table-1-1 .field-error")  # at the refused field, with the name
    expect(error).to_be_visible()
    expect(error).to_contain_text("„abc“ ist keine Zahl.")
    expect(card.locator("input[aria-invalid='true']")).to_have_value("abc")
    expect(page.locator("#table-1-1 .result")).to_have_count(0)
    assert FactRecord.objects.filter(tournament_id=pk).count() == facts
    h.shoot(page, shots, "X-refused-result")

    # the page answering the refused POST lives at a POST-only address: the switch
    # must not send the browser back there (it did: 405 Method Not Allowed)
    h.submit(page, page.get_by_role("button", name="English"))
    expect(page).to_have_url(f"{live_server_url}/turniere/{pk}/")
    tabs = page.locator("nav.tabs")
    expect(tabs.get_by_role("link", name="Standings", exact=True)).to_be_visible()
    expect(tabs.get_by_role("link", name="Tables & results", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Deutsch")).to_be_visible()
    h.shoot(page, shots, "X-english")
    h.submit(page, page.get_by_role("button", name="Deutsch"))
    expect(tabs.get_by_role("link", name="Stand", exact=True)).to_be_visible()
    h.tab(page, "Tische & Ergebnisse")  # a GET page: the switch comes back to it
    h.submit(page, page.get_by_role("button", name="English"))
    expect(page).to_have_url(f"{live_server_url}/turniere/{pk}/tische/")
    expect(page.locator("nav.tabs a.active")).to_have_text("Tables & results")


@pytest.mark.e2e
def test_the_table_clock_moves_on_without_touching_the_forms(
    page: Page, live_server_url: str, shots: Path
) -> None:
    day = (timezone.localdate() + timedelta(days=7)).isoformat()
    page.goto(live_server_url + "/")
    h.login(page, live_server_url)
    h.create_tournament(page, shots, "K", "schocken-ko", names(4), day=day)
    h.tab(page, "Anmeldung")
    assert h.pay_everybody(page) == 4
    h.tab(page, "Tische")
    h.submit(page, page.locator("form[action$='/ko-tische/eroeffnen/'] button").first)
    clock = page.locator("#clock-1")
    expect(clock).to_contain_text("läuft seit 0 min")
    expect(clock.locator("[data-clock-after-sharp]")).to_be_hidden()
    page.evaluate("document.querySelector('#table-1 form').dataset.old = 'yes'")
    # the clock runs in the browser: two seconds before sharp, then sharp, nothing reloaded
    sharp = int(clock.get_attribute("data-clock-sharp") or "0")
    page.evaluate(
        "s => { document.getElementById('clock-1').dataset.clockElapsed = String(s - 2);"
        " document.dispatchEvent(new CustomEvent('tafelrunde:swapped')); }",
        sharp,
    )
    expect(clock).to_contain_text(f"läuft seit {(sharp - 2) // 60} min")
    expect(clock.locator("[data-clock-after-sharp]")).to_be_visible(timeout=5000)
    expect(page.locator("#table-1 form[data-old]")).to_have_count(1)  # the forms untouched
    expect(page.locator("#table-1 form[action$='/verloren/'] button")).to_have_count(4)
