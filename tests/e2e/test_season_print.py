"""The season on paper and on a laptop: the print names the club, the season and its dates and
the day it was printed; at 1280 px the table shows its 'decided by' column in full."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.utils import timezone
from e2ehelpers import shoot
from paperpdf import print_page
from playwright.sync_api import Page, expect
from test_club_pages import club_evenings, no_sideways_scroll

from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Season, SeasonChoice
from tafelrunde.web.paper.models import ClubLook

pytestmark = [pytest.mark.e2e]
CLUB = "Würfelfreunde Tafelrunde e. V."

CLIPPED = (
    "() => { const box = document.querySelector('.season-scroll').getBoundingClientRect();"
    " return [...document.querySelectorAll('table.season-table thead th')].map(th => {"
    " const r = th.getBoundingClientRect();"
    " return [th.textContent.trim(), th.scrollWidth - th.clientWidth, r.left - box.left,"
    " box.right - r.right]; }); }"
)


def test_the_season_print_names_the_club_the_season_its_dates_and_the_day_printed(
    page: Page, live_server_url: str, shots: Path
) -> None:
    club_evenings(2)
    ClubLook.objects.create(pk=1, club_name=CLUB)
    season = Season.objects.create(name="Jahreswertung 2026",
                                   rules=load_season_rules("summe").source,
                                   date_from=datetime.date(2026, 1, 1),
                                   date_to=datetime.date(2026, 12, 31))  # fmt: skip
    printed = print_page(page, f"{live_server_url}/saisons/{season.pk}/drucken/", shots,
                         "season-head")  # fmt: skip
    head = " ".join(printed.texts[0].split())
    assert CLUB in head and "Jahreswertung 2026" in head
    assert "01.01.2026 – 31.12.2026" in head
    assert f"Gedruckt am {timezone.localdate():%d.%m.%Y}" in head


def test_a_season_open_at_one_end_or_picked_by_hand_prints_its_days(
    page: Page, live_server_url: str, shots: Path
) -> None:
    evenings = club_evenings(3)  # 8, 15 and 22 January 2026
    summe = load_season_rules("summe").source
    since = Season.objects.create(name="Ab Januar", rules=summe,
                                  date_from=datetime.date(2026, 1, 1))  # fmt: skip
    by_hand = Season.objects.create(name="Ausgewählte Abende", rules=summe)
    for pk in evenings:
        SeasonChoice.objects.create(season=by_hand, tournament_id=pk, included=True)
    for season, days in ((since, "ab 01.01.2026"), (by_hand, "08.01.2026 – 22.01.2026")):
        printed = print_page(page, f"{live_server_url}/saisons/{season.pk}/drucken/", shots,
                             f"season-head-{season.pk}")  # fmt: skip
        head = " ".join(printed.texts[0].split())
        assert season.name in head and days in head, head[:200]


def test_the_season_table_shows_decided_by_in_full_at_a_laptops_width(
    page: Page, live_server_url: str, shots: Path
) -> None:
    club_evenings(10)
    season = Season.objects.create(name="Jahreswertung 2026",
                                   rules=load_season_rules("beste-6-von-10").source,
                                   date_from=datetime.date(2026, 1, 1))  # fmt: skip
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server_url}/saisons/{season.pk}/")
    expect(page.locator("table.season-table thead th.evening")).to_have_count(10)
    cells = {name: rest for name, *rest in page.evaluate(CLIPPED)}
    hidden, left, right = cells["Entschieden durch"]
    assert hidden <= 0 and left >= 0 and right >= 0, cells["Entschieden durch"]
    for name in ("Platz", "Name", "Summe", "Abende"):
        assert cells[name][1] >= 0 and cells[name][2] >= 0, name
    no_sideways_scroll(page)
    shoot(page, shots, "club-season-10-laptop")
