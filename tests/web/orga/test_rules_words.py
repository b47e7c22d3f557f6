"""The rules in words: the summary is made from the parameters in force (a preset's fixed
text is not shown once it may be stale), and 'late players may join' says where it applies."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rulehelpers import post_rules, rules_form
from webhelpers import create, organiser, text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def organised() -> Client:
    client = Client()
    organiser(client)
    return client


def summary(page: str) -> str:
    """The rules page's summary, as plain text."""
    found = re.search(r'<div id="rules-summary">(.*?)</div>', page, re.S)
    assert found, page[-3000:]
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def late_rule(page: str) -> str:
    """The rule text beside the field 'late players may join'."""
    found = re.search(r'id="param-players\.late_join">(.*?)(?=<div class="param )', page, re.S)
    assert found
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def test_the_description_follows_the_passes_set_in_the_form() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 8)
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    assert "Gruppenrunde: Durchgang 1 bis 3 an 4er-Tischen (3er nur wo nötig)" in summary(page)
    sent, _ = rules_form(client, rec.pk)
    sent |= {"s1.games": ["2"]}
    assert post_rules(client, rec.pk, sent).status_code == 302
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    words = summary(page)
    said = "Gruppenrunde: Durchgang 1 bis 2 an 4er-Tischen (3er nur wo nötig); Setzen: Auslosung"
    assert said in words
    assert "Platzpunkte 6/4/2/0" in words and "Finale: Durchgang 1 bis 4 an" in words
    assert "3 Durchgänge" not in page  # the preset's fixed text, stale now
    sent, _ = rules_form(client, rec.pk)
    sent |= {"description": ["Bitte pünktlich um 19 Uhr."]}
    assert post_rules(client, rec.pk, sent).status_code == 302
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    assert '<p class="help" id="rules-note">Bitte pünktlich um 19 Uhr.</p>' in page


def test_late_players_are_told_where_they_can_join() -> None:
    client = organised()
    group = create(client, "gruppenmodus", 8)
    said = late_rule(text(client.get(f"/turniere/{group.pk}/regeln/")))
    assert "nirgends in diesen Regeln" in said and "vor der ersten Auslosung" in said
    alhambra = create(client, "alhambra", 8)
    said = late_rule(text(client.get(f"/turniere/{alhambra.pk}/regeln/")))
    assert "in Vorrunde vor deren nächster neu ausgelosten Partie" in said
    assert "nicht in den anderen Runden" in said
