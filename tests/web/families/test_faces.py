"""Every format family answers through one interface: its face (tabs, the page of each
part), its table page, its results board, its slides, its readers and its demo; a page of
one family's part, opened for a tournament of another, leads to that tournament's own page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from webhelpers import organiser

from factories import group_tournament, knockout_tournament, not_started, stored
from tafelrunde.engine.families import FAMILIES, Family, family_of, written
from tafelrunde.presets import load_rules
from tafelrunde.web.core.faces import FACE
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.key)
def test_every_family_answers_every_question(family: Family) -> None:
    assert [p.concern for p in Parts.every if family not in p.families()] == []
    face = FACE.of(family)
    assert face.family is family
    tabs = [name for name, _, _ in face.tabs(1)]
    assert set(face.parts.values()) <= set(tabs)
    assert all(reverse(name, args=[1]) for name in tabs)
    demos = family.demos()
    assert demos and all(family_of(written(load_rules(d.preset))) is family for d in demos)


def test_a_page_of_another_family_leads_to_the_tournaments_own() -> None:
    group = stored(group_tournament("gruppenmodus", 12, 1, lambda s: False))
    knockout = stored(knockout_tournament(9))
    boss = Client()
    organiser(boss)
    for rec in (group, knockout):
        own = FACE.of(rec.family)
        for face in map(FACE.of, FAMILIES):
            for part, name in face.parts.items():
                response = boss.get(reverse(name, args=[rec.pk]))
                if face is own:
                    assert response.status_code == 200, (rec.family.key, name)
                else:
                    assert response.status_code == 302, (rec.family.key, name)
                    assert response["Location"] == reverse(own.parts[part], args=[rec.pk])


def test_an_action_of_another_family_changes_nothing_and_leads_home() -> None:
    group = stored(group_tournament("gruppenmodus", 12, 1, lambda s: False))
    boss = Client()
    organiser(boss)
    before = group.version
    response = boss.post(reverse("ko-open", args=[group.pk]))
    assert response.status_code == 302 and response["Location"] == reverse(
        "tables", args=[group.pk]
    )
    group.refresh_from_db()
    assert group.version == before


def test_the_tabs_are_the_familys_own() -> None:
    group = stored(group_tournament("gruppenmodus", 12, 1, lambda s: False))
    knockout = stored(knockout_tournament(9))
    page = Client().get(reverse("tournament", args=[group.pk])).content.decode()
    assert "Auslosung" in page and "Leben &amp; Chips" not in page
    page = Client().get(reverse("tournament", args=[knockout.pk])).content.decode()
    assert "Leben &amp; Chips" in page and "Anmeldung" in page and ">Auslosung<" not in page


def test_the_stored_letter_names_the_rulesets_family_without_reading_the_ruleset(
    django_assert_num_queries: Any,
) -> None:
    made = [
        stored(group_tournament("gruppenmodus", 12, 1, lambda s: False)),
        stored(knockout_tournament(9)),
        *[TournamentRecord.objects.get(pk=pk) for pk in not_started().values()],
    ]
    for rec in made:
        light = TournamentRecord.objects.defer("players", "ruleset").get(pk=rec.pk)
        with django_assert_num_queries(0):
            family = light.family
        assert family is family_of(light.ruleset), rec.name
