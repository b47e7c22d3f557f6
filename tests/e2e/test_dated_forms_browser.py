"""The organisers' dated forms in Chromium, in German and in English: the date fields show
the stored dates, and saving a form unchanged keeps them (a German 31.01.2026 in an
`<input type=date>` shows an empty field and would be saved as no date)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from e2ehelpers import login, no_errors, shoot, submit
from playwright.sync_api import Page, expect

from factories import dated_tournament
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Season
from tafelrunde.web.core.models import Event, TournamentRecord

pytestmark = [pytest.mark.e2e]
SUMME = load_season_rules("summe").source
JAN, DEC, DAY = datetime.date(2026, 1, 8), datetime.date(2026, 12, 31), datetime.date(2026, 3, 5)


def stored() -> tuple[object, ...]:
    """The dates the three forms edit, as stored now."""
    season = Season.objects.get()
    return (season.date_from, season.date_to, Event.objects.get().date,
            TournamentRecord.objects.get().day)  # fmt: skip


def test_saving_each_dated_form_unchanged_keeps_its_dates_in_german_and_english(
    page: Page, live_server_url: str, shots: Path
) -> None:
    base = live_server_url
    event = Event.objects.create(name="Spieleabend März", date=DAY, kind="Spieleabend")
    rec = dated_tournament("C", 8, DAY, event, play=False)
    season = Season.objects.create(name="Jahreswertung 2026", rules=SUMME, date_from=JAN,
                                   date_to=DEC)  # fmt: skip
    before = stored()
    login(page, base, "leitung-2")
    forms = {
        f"/saisons/{season.pk}/bearbeiten/": {"date_from": JAN, "date_to": DEC},
        f"/termine/{event.pk}/": {"date": DAY},
        f"/turniere/{rec.pk}/termin/": {"day": DAY},
    }
    for lang, width in (("de", 1280), ("en", 390)):  # each language at one width
        page.context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
        page.set_viewport_size({"width": width, "height": 900})
        for address, dates in forms.items():
            page.goto(base + address)
            for name, day in dates.items():
                expect(page.locator(f"input[name={name}]")).to_have_value(day.isoformat())
            if address.startswith("/saisons"):
                shoot(page, shots, f"dated-form-{lang}-{width}")
            save = page.get_by_role("button", name="Speichern" if lang == "de" else "Save")
            submit(page, save.first)
            no_errors(page)
            assert stored() == before, (lang, address)
