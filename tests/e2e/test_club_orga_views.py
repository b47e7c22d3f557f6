"""The changed club and organiser pages as a person sees them at 390 px and 1280 px: the
persons (a flagged address, a note), a merge that says which record stays, the rules in
words, the shared draw preview, format D's fee line, and the Planung's club presets."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from e2ehelpers import login, shoot
from playwright.sync_api import Page, expect

from factories import USER, now, people, stored
from tafelrunde.presets import load_rules
from tafelrunde.web.club.models import Person
from tafelrunde.web.core.domain import club_presets
from tafelrunde.web.core.domain.setup import new_tournament

pytestmark = [pytest.mark.e2e]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_changed_pages_read_well(
    page: Page, live_server_url: str, shots: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server_url)
    base = live_server_url
    Person.objects.create(name="Hans Müller", email="hans@example.org")
    gone = Person.objects.create(name="Hans Mueller")
    Person.objects.create(name="Erna Ehre", note="Ehrenmitglied", bad_email="erna(at)example.org")
    Person.objects.create(name="Ärmel Arm", member=False)
    keep = Person.objects.get(name="Hans Müller")
    page.goto(base + "/personen/")
    expect(page.locator(".bad-email")).to_contain_text("E-Mail-Adresse ungültig")
    shoot(page, shots, f"d-persons-{width}")
    page.goto(base + f"/personen/{keep.pk}/zusammenfuehren/?other={gone.pk}")
    expect(page.locator("#merge-words")).to_contain_text("Hans Müller bleibt")
    shoot(page, shots, f"d-merge-{width}")
    group = new_tournament("Vereinsabend", load_rules("gruppenmodus"),
                           "\n".join(f"Spieler {k:02d}" for k in range(1, 13)),
                           day=None, at="2026-01-01T19:00", by="leitung")  # fmt: skip
    pk = stored(group).pk
    page.goto(base + f"/turniere/{pk}/regeln/")
    expect(page.locator("#rules-summary")).to_contain_text("Gruppenrunde: Durchgang 1 bis 3")
    shoot(page, shots, f"d-rules-{width}")
    page.goto(base + f"/turniere/{pk}/auslosung/")
    expect(page.locator("#seed")).to_be_visible()
    shoot(page, shots, f"d-draw-{width}")
    day = timezone.localdate() + timedelta(days=7)
    ko = stored(new_tournament("Schocken", load_rules("schocken-ko"), people(40), day=day,
                               at=now(), by=USER))  # fmt: skip
    page.goto(base + f"/turniere/{ko.pk}/")
    expect(page.locator(".steps")).to_contain_text("Startgebühr kassieren")
    shoot(page, shots, f"d-ko-overview-{width}")
    club_presets.save_preset("Würfelabend", load_rules("gruppenmodus").source, user=None)
    page.goto(base + "/planung/")
    expect(page.locator("#id_preset")).to_contain_text("Würfelabend")
    shoot(page, shots, f"d-planning-{width}")
