"""The club's pages in Chromium at a phone's and a laptop's width: a person's page with the
rating chart, the ratings and the club statistics with their charts."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from e2ehelpers import shoot
from playwright.sync_api import Page, expect
from projectorpages import now, people

from tafelrunde.engine.facts import Tournament
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import play_to_end
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, save_new
from tafelrunde.web.core.models import Event, TournamentRecord

pytestmark = [pytest.mark.e2e]
WIDTHS = {"phone": (390, 844), "laptop": (1280, 900)}


def club_evenings(count: int) -> list[int]:
    """`count` finished King Lui evenings at events a week apart, every player linked to a
    person."""
    made = []
    for k in range(count):
        day = datetime.date(2026, 1, 8) + datetime.timedelta(days=7 * k)
        tour = new_tournament(f"Vereinsabend {k + 1}", load_rules("king-lui"), people(12),
                              day=day, at=now(), by="leitung")  # fmt: skip
        assert isinstance(tour, Tournament)
        play_to_end(tour, seed=k)
        rec = save_new(tour, log=Logged(msg("Demo tournament created")))
        event = Event.objects.create(name=f"Spieleabend {k + 1}", date=day)
        TournamentRecord.objects.filter(pk=rec.pk).update(event=event)
        made.append(rec.pk)
        for pid, name in players_of(TournamentRecord.objects.get(pk=rec.pk)):
            person, _ = Person.objects.get_or_create(name=name)
            PlayerLink.objects.create(tournament_id=rec.pk, player=pid, person=person)
    return made


def no_sideways_scroll(page: Page) -> None:
    """The page itself never scrolls sideways (wide tables scroll in their box)."""
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, wide


def test_a_person_page_the_ratings_and_the_statistics_show_their_charts(
    page: Page, live_server_url: str, shots: Path
) -> None:
    club_evenings(4)
    anna = Person.objects.order_by("pk").first()
    assert anna is not None
    for tag, (width, height) in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server_url}/")
        page.get_by_role("link", name="Spielstärke").first.click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Spielstärke")
        no_sideways_scroll(page)
        shoot(page, shots, f"club-ratings-{tag}")
        page.get_by_role("link", name=anna.name).first.click()
        expect(page.locator("#person-name")).to_have_text(anna.name)
        expect(page.locator("#person-tournaments tbody tr")).to_have_count(4)
        chart = page.locator("svg.chart").first
        expect(chart).to_be_visible()
        assert chart.bounding_box()["width"] <= width  # type: ignore[index]
        assert chart.locator("circle").count() >= 4
        no_sideways_scroll(page)
        shoot(page, shots, f"club-person-{tag}")
        page.get_by_role("link", name="Statistik").first.click()
        expect(page.locator("svg.chart")).to_have_count(2)
        expect(page.locator("svg.chart").first.locator("circle")).to_have_count(4)
        no_sideways_scroll(page)
        shoot(page, shots, f"club-statistics-{tag}")
