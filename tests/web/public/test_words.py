"""One word for a game of format A (Durchgang), stages by their names (never an internal key),
and players shown as out before the stage they really missed."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from fuzzhelpers import TABLE_LINK
from webhelpers import text

from factories import group_tournament, logged_in, results_missing, rolloff_open, stored
from tafelrunde.engine.families import GROUP
from tafelrunde.web.paper.kinds import KINDS

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def visible(page: str) -> str:
    """The words a person reads: no tags, no raw facts."""
    page = re.sub(r"<(script|pre|code)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def at_the_final() -> int:
    """A 16-player format A tournament in its final: two group rounds played before it."""
    return stored(group_tournament("gruppenmodus", 16, 1, results_missing(2, 2))).pk


def test_the_log_names_stages_and_passes_in_words() -> None:
    pk = at_the_final()
    page = visible(text(Client().get(reverse("log", args=[pk]))))
    assert "Auslosung Gruppenrunde 2, Durchgang 1 (Los-Seed" in page
    assert "Auslosung Finale, Durchgang 1" in page
    assert re.search(r"Ergebnis Durchgang \d, Tisch \d", page)
    assert "gruppenrunde-2" not in page and "Partie" not in page


def test_who_went_out_earlier_is_not_said_to_have_missed_the_final() -> None:
    pk = at_the_final()
    page = visible(text(Client().get(reverse("seats", args=[pk]))))
    before_second = page.count("ausgeschieden vor der Runde „Gruppenrunde 2“")
    before_final = page.count("ausgeschieden vor der Runde „Finale“")
    assert before_second > 0 and before_final > 0
    assert before_second + before_final == 16 - 4  # four play the final


def test_format_a_pages_say_durchgang_not_partie() -> None:
    pk = stored(group_tournament("gruppenmodus", 12, 1, rolloff_open(10))).pk
    boss = logged_in()
    names = ("tournament", "rules", "draw", "tables", "standings", "seats", "print-menu",
             "board", "players", "log", "projector-slides", "ranking")  # fmt: skip
    pages = [reverse(n, args=[pk]) for n in names]
    links = text(boss.get(reverse("table-links", args=[pk])))
    pages += [reverse("table-link", args=[t]) for t in TABLE_LINK.findall(links)[:2]]
    pages += [reverse("print", args=[pk, k.slug]) for k in KINDS if k.fits(GROUP)]
    tables = visible(text(boss.get(reverse("tables", args=[pk]))))
    assert "Durchgang" in tables
    said = {}
    for path in pages:
        page = visible(text(boss.get(path)))
        found = re.finditer(r".{0,60}Partie.{0,40}", page)
        said |= {f"{path} {n}": m[0] for n, m in enumerate(found)}
    assert said == {}, "\n".join(f"{k}: {v}" for k, v in said.items())
    rules = visible(text(boss.get(reverse("rules", args=[pk]))))
    assert "Durchgang 1 bis 3" in rules
