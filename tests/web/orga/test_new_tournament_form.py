"""The new-tournament form: the fields only format D uses are marked for the script that
shows them only for a format-D preset (the shipped one and the club's), and the server
ignores them (day, override) or refuses them (times) for the other formats."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from webhelpers import create, organiser, text

from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain import club_presets
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def organised() -> Client:
    client = Client()
    organiser(client)
    return client


def test_the_format_d_fields_are_one_block_marked_with_the_format_d_presets() -> None:
    client = organised()
    own = club_presets.save_preset("Unser K.-o.", load_rules("schocken-ko").source, user=None)
    club_presets.save_preset("Unser Gruppenmodus", load_rules("gruppenmodus").source, user=None)
    page = text(client.get("/turniere/neu/"))
    marked = re.search(r'<select name="preset"[^>]*data-knockout="([^"]*)"', page)
    assert marked and marked.group(1).split() == ["schocken-ko", club_presets.choice_value(own)]
    block = page[page.index('id="ko-only"') : page.index("</fieldset>")]
    for name in ("day", "ko-admission", "ko-deadline", "ko-start", "ko-override_deadline"):
        assert f'name="{name}"' in block, name
    assert 'name="day"' not in page.replace(block, "")
    assert "web/tournament_form.js" in page


def test_other_formats_ignore_the_day_and_override_and_refuse_the_times() -> None:
    client = organised()
    day = (timezone.localdate() - timedelta(days=3)).isoformat()
    rec = create(client, "gruppenmodus", 8, day=day, **{"ko-override_deadline": "on"})
    assert rec.format == "A" and rec.day is None
    before = TournamentRecord.objects.count()
    sent = {"preset": "gruppenmodus", "players": "\n".join(f"S{k}" for k in range(8))}
    answer = client.post("/turniere/neu/", sent | {"ko-start": "18:30"})
    assert answer.status_code == 200
    assert "Diese Zeiten gibt es nur bei Format D." in text(answer)
    assert TournamentRecord.objects.count() == before
