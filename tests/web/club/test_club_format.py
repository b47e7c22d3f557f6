"""A club's own format is first-class: the 'Fünferrunde' (tables of five, 10/7/5/3/1, two
games and a final, no format letter) played end to end in the web, with every page, print
kind, projector slide, its ratings, its season and its plan, in German and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from webhelpers import create, fresh, organiser, play_to_end, state_of, text

from tafelrunde.engine.families import GROUP
from tafelrunde.web.club.models import Person, Season
from tafelrunde.web.club.season_pick import season_tournaments
from tafelrunde.web.core.models import ClubPreset
from tafelrunde.web.paper.kinds import KINDS

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

RULES = Path(__file__).resolve().parents[2] / "data" / "fuenferrunde.toml"
PAGES = ("tournament", "rules", "log", "players", "draw", "tables", "standings", "ranking",
         "seats", "board", "table-links", "projector", "projector-slides",
         "print-menu")  # fmt: skip


def club_preset(boss: Client) -> str:
    """Upload the Fünferrunde as a club preset; its value in the preset choice."""
    upload = SimpleUploadedFile("fuenferrunde.toml", RULES.read_bytes())
    response = boss.post("/vorlagen/", {"name": "Fünferrunde", "file": upload})
    assert response.status_code == 302, text(response)[-1500:]
    return f"club:{ClubPreset.objects.get(name='Fünferrunde').pk}"


def test_the_fuenferrunde_is_played_end_to_end_with_every_page_print_slide_and_rating() -> None:
    boss = Client()
    organiser(boss)
    value = club_preset(boss)
    assert "Format ?" not in text(boss.get("/vorlagen/"))
    rec = create(boss, value, 13, name="Fünferrunde im Oktober")
    assert rec.format == "" and rec.family is GROUP and rec.format_label == "Fünferrunde"
    done = play_to_end(boss, rec.pk, seed=5)
    state = state_of(rec.pk)
    assert state.finished and done["results"] >= 7  # 3 tables twice, then the final
    first = state.stages[0]
    sizes = sorted(len(t) for t in first.tables(1) or ())
    assert sizes == [4, 4, 5]
    final = state.stages[-1]
    assert [len(t) for t in final.tables(1) or ()] == [5]
    got = sorted((final.totals[p].points for p in final.entrants), reverse=True)
    assert sum(got) == 10 + 7 + 5 + 3 + 1  # one table of five: 10/7/5/3/1 (ties split)
    for lang in ("de", "en"):
        boss.cookies["django_language"] = lang
        for name in PAGES:
            page = boss.get(reverse(name, args=[rec.pk]))
            assert page.status_code == 200, (lang, name)
            assert "Format ?" not in text(page), (lang, name)
        header = text(boss.get(reverse("tournament", args=[rec.pk]))).split("</h1>", 1)[0]
        assert "Fünferrunde" in header
        kinds = [k for k in KINDS if k.fits(rec.family)]
        assert {"tischkarten", "spielzettel", "stand", "endstand"} <= {k.slug for k in kinds}
        for kind in kinds:
            page = boss.get(reverse("print", args=[rec.pk, kind.slug]))
            assert page.status_code == 200, (lang, kind.slug)
    boss.cookies["django_language"] = "de"
    ratings = text(Client().get("/spielstaerke/"))
    assert "Fünferrunde" in ratings and "?" not in re.sub(r"<[^>]+>", "", ratings).split()
    boss.post("/saisons/neu/", {"name": "Fünfer 2026", "preset": "summe", f"pick-{rec.pk}": "in"})
    season = Season.objects.get(name="Fünfer 2026")
    assert season_tournaments(season) == [fresh(rec.pk)]
    page = text(Client().get(f"/saisons/{season.pk}/"))
    assert "Fünferrunde im Oktober" in page and "Format ?" not in page
    person = Person.objects.filter(links__tournament_id=rec.pk).first()
    if person is not None:
        page = text(Client().get(reverse("person", args=[person.pk])))
        assert "Fünferrunde" in page and "Format ?" not in page
