"""The club's pages in Chromium at a phone's and a laptop's width: a season table, a person's
page with the rating chart and the season, the ratings and the club statistics with their
charts; an organiser makes a season through its form."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from e2ehelpers import login, shoot, submit
from paperpdf import print_page
from playwright.sync_api import Page, expect
from projectorpages import now, people

from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.sim.autoplay import play_to_end
from tafelrunde.web.club.models import Person, PlayerLink, Season
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


def test_a_season_a_person_page_the_ratings_and_the_statistics_show_their_charts(
    page: Page, live_server_url: str, shots: Path
) -> None:
    club_evenings(4)
    anna = Person.objects.order_by("pk").first()
    assert anna is not None
    rules = load_season_rules("beste-6-von-10").source | {"count": {"mode": "best", "n": 3}}
    Season.objects.create(name="Jahreswertung 2026", rules=rules,
                          date_from=datetime.date(2026, 1, 1),
                          date_to=datetime.date(2026, 12, 31))  # fmt: skip
    for tag, (width, height) in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server_url}/")
        page.get_by_role("link", name="Saisons").first.click()
        page.get_by_role("link", name="Jahreswertung 2026").click()
        table = page.locator("table.season-table")
        expect(table.locator("tbody tr")).to_have_count(12)
        expect(table.locator("thead th.evening")).to_have_count(4)
        expect(table.locator("tbody tr").first.locator("strong.counted")).to_have_count(3)
        expect(table.locator("tbody tr").first.locator(".not-counted")).to_have_count(1)
        expect(page.get_by_text("Die besten 3 Abende zählen.")).to_be_visible()
        no_sideways_scroll(page)
        shoot(page, shots, f"club-season-{tag}")
        table.get_by_role("link", name=anna.name).click()
        expect(page.locator("#seasons")).to_contain_text("Jahreswertung 2026: Platz")
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


def test_an_organiser_makes_a_season_with_a_preset_and_a_date_range(
    page: Page, live_server_url: str, shots: Path
) -> None:
    club_evenings(2)
    login(page, live_server_url)
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("link", name="Saisons").first.click()
    page.get_by_role("link", name="Neue Saison").click()
    page.get_by_label("Name").fill("Wertung Januar")
    page.get_by_label("von").fill("2026-01-01")
    page.get_by_label("bis").fill("2026-01-10")
    no_sideways_scroll(page)
    shoot(page, shots, "club-season-form-phone")
    submit(page, page.get_by_role("button", name="Speichern"))
    expect(page.locator(".messages")).to_contain_text("Wertung Januar gespeichert.")
    expect(page.locator("table.season-table thead th.evening")).to_have_count(1)  # 8 Jan only
    no_sideways_scroll(page)
    shoot(page, shots, "club-season-made-phone")


def test_a_wide_season_prints_on_a4_landscape_with_every_person(
    page: Page, live_server_url: str, shots: Path
) -> None:
    club_evenings(8)
    season = Season.objects.create(name="Jahreswertung 2026",
                                   rules=load_season_rules("summe").source,
                                   date_from=datetime.date(2026, 1, 1))  # fmt: skip
    printed = print_page(page, f"{live_server_url}/saisons/{season.pk}/drucken/", shots,
                         "season")  # fmt: skip
    width, height = printed.sizes[0]
    assert (round(width), round(height)) == (842, 595)  # A4 landscape, in points
    text = printed.squeezed()
    assert "Jahreswertung2026" in text and "Vereinsabend8" in text.replace(" ", "")
    for person in Person.objects.all():
        assert "".join(person.name.split()) in text, person.name
