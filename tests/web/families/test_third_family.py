"""The proof that a family is its own package and one registration: a card-game series
(tests/seriesfamily) is registered, stored, read back from its file and served by every
shared page, with one page, one print kind, one slide and one rating family of its own;
no module of the program knows it (the greps of tests/engine/test_families_typed.py)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from webhelpers import organiser

import seriesfamily
from seriesfamily.engine import SERIES, Scored
from tafelrunde.engine.families import FAMILIES, family_of
from tafelrunde.engine.family_engine import engine
from tafelrunde.engine.family_interface import Start
from tafelrunde.engine.tournament_file import dumps_any, loads_any
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import Logged, save_new
from tafelrunde.web.core.parts import Parts
from tafelrunde.web.live.projector_choice import Choice, keep_choice

pytestmark = [pytest.mark.integration, pytest.mark.django_db]
TEMPLATES = Path(seriesfamily.__file__).parent / "templates"
NAMES = ["Anna", "Bernd", "Clara", "Dieter"]
POINTS = {"p001": (10, 7), "p002": (12, 9), "p003": (3, 3), "p004": (8, 11)}


@pytest.fixture
def series(settings: Any) -> Iterator[None]:
    """The series family registered (and its templates found) for one test."""
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [*templates[0]["DIRS"], str(TEMPLATES)]
    settings.TEMPLATES = templates
    seriesfamily.register()
    yield
    seriesfamily.unregister()
    assert SERIES not in FAMILIES and all(SERIES not in p.families() for p in Parts.every)


def played() -> Any:
    """A series of four players with both rounds' points in, read back from its file."""
    answers = engine(SERIES)
    rules = answers.read_rules({"format": "S", "name": "Skat-Serie", "rounds": 2})
    tour = answers.new("Skat-Serie 2026", rules, NAMES, Start(7, None, "2026-11-29T19:00", "t"))
    n = 0
    for game in range(2):
        for player, points in POINTS.items():
            n += 1
            tour.facts.append(Scored(n, "2026-11-29T20:00", player, points[game]))
    return loads_any(dumps_any(tour), origin="serie.json")  # the file path, both ways


def test_a_family_of_its_own_is_served_by_every_shared_page(series: None) -> None:
    tour = played()
    assert family_of(tour.rules.source) is SERIES
    rec = save_new(tour, log=Logged(msg("Demo tournament created")))
    assert rec.family is SERIES and rec.format == "S"
    assert [p.concern for p in Parts.every if SERIES not in p.families()] == []
    boss = Client()
    organiser(boss)
    keep_choice(rec, Choice(("seating", "series_points", "ranking")))
    pages = {
        "overview": reverse("tournament", args=[rec.pk]),
        "own page": reverse("family-page", args=[rec.pk, "punkte"]),
        "seats": reverse("seats", args=[rec.pk]),
        "ranking": reverse("ranking", args=[rec.pk]),
        "log": reverse("log", args=[rec.pk]),
        "print menu": reverse("print-menu", args=[rec.pk]),
        "own print": reverse("print", args=[rec.pk, "punkte"]),
        "final ranking printed": reverse("print", args=[rec.pk, "endstand"]),
        "certificates": reverse("print", args=[rec.pk, "urkunden"]),
        "slides": reverse("projector-slides", args=[rec.pk]),
        "api ranking": f"/api/v1/tournaments/{rec.pk}/ranking",
        "ratings": reverse("ratings"),
    }
    shown = {what: boss.get(url) for what, url in pages.items()}
    assert {what: r.status_code for what, r in shown.items()} == dict.fromkeys(pages, 200)
    text = {what: r.content.decode() for what, r in shown.items()}
    own = f'href="/turniere/{rec.pk}/seite/punkte/"'
    assert "Clara" in text["own page"] and own in text["overview"]
    assert (
        text["ranking"].index("Bernd")
        < text["ranking"].index("Dieter")
        < (text["ranking"].index("Anna"))
    )  # 21, 19, 17 points
    assert "Punkte" in text["print menu"] and "Clara" in text["own print"]
    assert "series_points" in text["slides"] and "Bernd" in text["slides"]
    ranked = shown["api ranking"].json()["rows"]
    assert [(r["place"], r["name"]) for r in ranked][:2] == [(1, "Bernd"), (2, "Dieter")]
    assert "skat-serie" in text["ratings"].casefold()  # its own rating family
    assert Client().get(reverse("family-page", args=[rec.pk, "gibt-es-nicht"])).status_code == 404


def test_another_familys_page_leads_a_series_home(series: None) -> None:
    rec = save_new(played(), log=Logged(msg("Demo tournament created")))
    boss = Client()
    organiser(boss)
    for name in ("standings", "ko-standings", "tables", "ko-tables"):
        answer = boss.get(reverse(name, args=[rec.pk]))
        assert answer.status_code == 302 and answer["Location"] == reverse(
            "tournament", args=[rec.pk]
        ), name
