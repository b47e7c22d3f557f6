"""The new-tournament form: the fields only format D uses are marked for the script that
shows them only for a format-D preset (the shipped one and the club's), and the server
ignores them (day, override) or refuses them (times) for the other formats."""

from __future__ import annotations

import copy
import html
import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from webhelpers import create, organiser, text

from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain import club_presets
from tafelrunde.web.core.domain.store import engine_tournament
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


def _club_knockout(name: str = "Unser K.-o.") -> str:
    """A club's format-D preset with times of its own (18:00, 18:20, 18:30); its value."""
    source = copy.deepcopy(load_rules("schocken-ko").source)
    source["registration"] |= {"admission": "18:00", "deadline": "18:20", "start": "18:30"}
    return club_presets.choice_value(club_presets.save_preset(name, source, user=None))


def _sent(preset: str, basis: str, times: tuple[str, str, str]) -> dict[str, str]:
    """The form as a browser sends it: the preset, whose times the fields show, the times."""
    fields = dict(zip(("ko-admission", "ko-deadline", "ko-start"), times, strict=True))
    day = (timezone.localdate() + timedelta(days=7)).isoformat()
    return {"name": "K", "preset": preset, "players": "", "event": "", "day": day,
            "ko-basis": basis} | fields  # fmt: skip


def _times(client: Client) -> tuple[int, int, int]:
    """The newest tournament's admission, deadline and start."""
    rules = engine_tournament(TournamentRecord.objects.latest("pk")).rules
    return rules.admission, rules.deadline, rules.start  # type: ignore[union-attr]


SHIPPED_TIMES = ("16:30", "16:45", "17:00")
CLUB_TIMES = ("18:00", "18:20", "18:30")
CLUB_SECONDS = (64800, 66000, 66600)


def test_the_page_carries_each_format_d_presets_times_and_shows_the_shipped_ones() -> None:
    client = organised()
    own = _club_knockout()
    page = client.get("/turniere/neu/").content.decode()
    found = re.search(r'<select name="preset"[^>]*data-times="([^"]*)"', page)
    assert found
    times = json.loads(html.unescape(found.group(1)))
    assert times == {
        "schocken-ko": dict(zip(("admission", "deadline", "start"), SHIPPED_TIMES, strict=True)),
        own: dict(zip(("admission", "deadline", "start"), CLUB_TIMES, strict=True)),
    }
    assert re.search(r'<input type="hidden" name="ko-basis" value="schocken-ko"', page)
    assert 'name="ko-start" value="17:00"' in page


def test_a_club_presets_times_left_as_the_page_showed_them_stay_its_own() -> None:
    client = organised()
    own = _club_knockout()
    # the script filled in the club preset's times
    assert client.post("/turniere/neu/", _sent(own, own, CLUB_TIMES)).status_code == 302
    assert _times(client) == CLUB_SECONDS
    rec = TournamentRecord.objects.latest("pk")
    assert engine_tournament(rec).rules.source["registration"]["start"] == "18:30"  # type: ignore[union-attr]
    # no script: the fields still showed the shipped knockout's times
    assert (
        client.post("/turniere/neu/", _sent(own, "schocken-ko", SHIPPED_TIMES)).status_code == 302
    )
    assert _times(client) == CLUB_SECONDS


def test_a_time_the_organiser_changed_counts_whichever_preset_the_page_showed() -> None:
    client = organised()
    own = _club_knockout()
    changed = ("18:00", "18:25", "18:30")
    assert client.post("/turniere/neu/", _sent(own, own, changed)).status_code == 302
    assert _times(client) == (64800, 66300, 66600)
    changed = ("16:30", "18:20", "18:30")  # the admission set to what the shipped one has
    assert client.post("/turniere/neu/", _sent(own, own, changed)).status_code == 302
    assert _times(client) == (59400, 66000, 66600)
    changed = ("16:30", "16:45", "19:00")  # shown: the shipped ones; the start changed
    assert client.post("/turniere/neu/", _sent(own, "schocken-ko", changed)).status_code == 302
    assert _times(client) == (64800, 66000, 68400)


@pytest.mark.parametrize(
    "basis", ["", "x" * 5000, "club-999999", "gruppenmodus", "club-0", "../schocken-ko", "\x00"]
)
def test_an_odd_basis_counts_as_the_shipped_knockouts(basis: str) -> None:
    client = organised()
    own = _club_knockout()
    answer = client.post("/turniere/neu/", _sent(own, basis, SHIPPED_TIMES))
    assert answer.status_code == 302
    assert _times(client) == CLUB_SECONDS
