"""The projector's slides are made once per change and served alike to every projector:
nothing in them is of the moment they are asked for (the page takes the time of day from the
answer's Date header; format D's clocks say when they were read, and run on from there)."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from projectorhelpers import drawn, knockout, projector, save
from webhelpers import fresh, organiser

from tafelrunde.web.core.shared import FRONT_HEADER, RENDERS
from tafelrunde.web.live.publish import touch

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PROJECTORS = 5


def slides_of(pk: int) -> str:
    """The slides' address of a tournament."""
    return f"/turniere/{pk}/beamer/folien/"


@pytest.mark.parametrize("family", ["group", "knockout"])
def test_after_a_change_five_projectors_cost_one_making(family: str) -> None:
    rec = save(drawn("gruppenmodus", 13).tournament if family == "group" else knockout(8))
    url = slides_of(rec.pk)
    assert Client().get(url).status_code == 200
    touch(rec.pk)  # a change: every projector fetches its slides again
    before = RENDERS["count"]
    answers = [Client().get(url) for _ in range(PROJECTORS)]
    assert RENDERS["count"] == before + 1  # made once, the other four take the copy
    assert {a.status_code for a in answers} == {200}
    assert {a.content for a in answers} == {answers[0].content}
    now = fresh(rec.pk)
    for answer in answers:  # the layer in front keeps it and serves it itself from then on
        assert answer[FRONT_HEADER] == f"{rec.pk} {now.revision} {now.version}"
        assert "no-cache" in answer["Cache-Control"]
    body = answers[0].content.decode()
    assert f'data-revision="{now.revision}"' in body
    assert "data-day-seconds" not in body and "data-served-at" not in body  # no moment in it


def test_format_d_slides_say_when_their_clocks_were_read() -> None:
    opened = (timezone.localtime() - timedelta(minutes=5)).replace(microsecond=0)
    rec = save(knockout(8, opened=opened.isoformat()))
    started = time.time()
    body = Client().get(slides_of(rec.pk)).content.decode()
    made_at = int(re.findall(r'data-made-at="(\d+)"', body)[0])
    assert int(started) <= made_at <= time.time()
    elapsed = [int(e) for e in re.findall(r'data-clock-elapsed="(\d+)"', body)]
    assert len(elapsed) == 2  # two tables of four
    assert {made_at - e for e in elapsed} == {int(opened.timestamp())}  # read at made_at
    assert Client().get(slides_of(rec.pk)).content.decode() == body  # the copy, unchanged


def test_a_changed_choice_reaches_the_projectors_at_once() -> None:
    rec = save(drawn("gruppenmodus", 13).tournament)
    kept = projector(rec.pk, fragment=True)
    assert kept.kinds() == ["seating", "tables"]
    assert (kept.box["data-seconds"], kept.box["data-theme"]) == ("12", "dark")
    assert projector(rec.pk, fragment=True).box == kept.box  # the copy
    client = Client()
    organiser(client)
    data = {"kinds": ["tables"], "seconds": "20", "theme": "light"}
    assert client.post(f"/turniere/{rec.pk}/beamer/einstellungen/", data).status_code == 302
    shown = projector(rec.pk, fragment=True)
    assert shown.kinds() == ["tables"]
    assert (shown.box["data-seconds"], shown.box["data-theme"]) == ("20", "light")
    assert shown.box["data-revision"] == fresh(rec.pk).revision


@pytest.mark.django_db(transaction=True)  # outside a transaction, as a request is: the slides
def test_the_page_is_kept_too_and_says_the_servers_zone_and_when_its_slides_were_made() -> None:
    """The page and its fragment show the slides made once for this state (inside a test's
    transaction every request would make them anew, a second apart now and then)."""
    rec = save(knockout(8))
    made = projector(rec.pk, fragment=True).box["data-made-at"]
    shown = projector(rec.pk)
    assert shown.body["data-time-zone"] == settings.TIME_ZONE
    assert shown.box["data-made-at"] == made  # the slides kept for this state
    assert "data-served-at" not in shown.box  # nothing of the moment: its first fetch says
    url = f"/turniere/{rec.pk}/beamer/"
    touch(rec.pk)
    before = RENDERS["count"]
    answers = [Client().get(url) for _ in range(PROJECTORS)]
    assert RENDERS["count"] == before + 1  # a hostile loop on the page costs one making
    assert {a.content for a in answers} == {answers[0].content}
    now = fresh(rec.pk)
    assert answers[0][FRONT_HEADER] == f"{rec.pk} {now.revision} {now.version}"
