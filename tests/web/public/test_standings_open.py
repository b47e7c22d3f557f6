"""A standing while results are missing says whose table has none yet (fewer results in than
others), so a place "so far" is not taken for theirs."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation
from webhelpers import text

from factories import group_tournament, results_missing, stored, tournaments_in_play
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]
MARKED = re.compile(r'<td class="waits">([^<]+)</td>')


def behind(rec: TournamentRecord) -> set[str]:
    """The names of the players of the current stage with fewer results than the most."""
    state = read_only(rec)[1]
    assert isinstance(state, TournamentState) and state.current is not None
    st = state.current
    played = Counter(p for (g, i) in st.results for p in st.seated(g, i))
    names = {p.id: p.name for p in state.tournament.players}
    most = max(played.values())
    return {names[p] for p in st.members if played[p] < most}


def shown(path: str) -> tuple[set[str], str]:
    """The names a standing marks, and the page."""
    page = text(Client().get(path))
    return set(MARKED.findall(page)) - {"Ergebnis offen"}, page


def test_players_of_tables_without_a_result_are_marked_in_the_standing() -> None:
    made = tournaments_in_play()
    rec = TournamentRecord.objects.get(pk=made["C"])
    waiting = behind(rec)
    assert waiting
    for path in (f"/turniere/{rec.pk}/stand/", f"/einbetten/turniere/{rec.pk}/stand/"):
        marked, page = shown(path)
        assert marked == waiting, path
        assert page.count("Ergebnis offen</td>") == len(waiting)
        assert f"{len(waiting)} Spieler warten auf das Ergebnis ihres Tisches" in page
    api = Client().get(f"/api/v1/tournaments/{rec.pk}/standings").json()
    flagged = {r["name"] for r in api[0]["rows"] if r["result_open"]}
    assert flagged == waiting
    over = text(Client().get(f"/turniere/{made['B']}/stand/"))
    assert "Ergebnis offen" not in over and "warten auf das Ergebnis" not in over


@pytest.mark.parametrize("preset", ["king-lui", "gruppenmodus", "alhambra"])
def test_a_result_marks_the_players_of_the_tables_still_behind_only(preset: str) -> None:
    rec = stored(group_tournament(preset, 12, 5, results_missing(0, 1)))
    marked, _page = shown(f"/turniere/{rec.pk}/stand/")
    state = read_only(rec)[1]
    assert isinstance(state, TournamentState) and state.current is not None
    everybody = {state.tournament.name_of(p) for p in state.current.members}
    assert marked == behind(rec) and marked and marked != everybody  # not the entered table


def test_players_of_an_open_roll_off_are_marked_in_the_standing() -> None:
    made = tournaments_in_play()  # A: roll-offs open
    rec = TournamentRecord.objects.get(pk=made["A"])
    state = read_only(rec)[1]
    assert isinstance(state, TournamentState) and state.current is not None
    st = state.current
    open_ = {p for need in st.rolloff_needs(state.cut(st)) if not need.done for p in need.players}
    assert open_
    page = text(Client().get(f"/turniere/{rec.pk}/stand/"))
    rows = re.findall(r"<tr>(.*?)</tr>", page, re.S)
    marked = {re.findall(r"<td[^>]*>([^<]*)</td>", r)[1] for r in rows if "Stechen offen!" in r}
    assert marked == {state.tournament.name_of(p) for p in open_}


def test_the_final_ranking_is_offered_for_download_once_it_stands() -> None:
    made = tournaments_in_play()
    assert 'id="ranking-csv"' in text(Client().get(f"/turniere/{made['B']}/"))  # over
    assert 'id="ranking-csv"' not in text(Client().get(f"/turniere/{made['C']}/"))  # running


def test_one_point_and_one_pip_are_singular_on_a_table_page() -> None:
    rows = [("Anna", Fraction(1), 1, 1, None), ("Bernd", Fraction(3, 2), 2, 2, None)]
    with translation.override("de"):
        shown = render_to_string("table/values.html", {"rows": rows})
    assert "1 Spielpunkt<" in shown and "1 Auge<" in shown
    assert "1,5 Spielpunkte<" in shown and "2 Augen<" in shown


def test_one_point_of_the_ruleset_is_singular_where_its_word_allows() -> None:
    rule = load_ruleset("king-lui").stages[0]
    rows = [("Anna", 7, None, 1, 3), ("Bernd", 5, None, 2, 1), ("Cora", 2, None, 3, 0)]
    words = {"points_word": rule.points_word(), "point_word": rule.points_word(1)}
    with translation.override("de"):
        shown = render_to_string("table/values.html", {"rows": rows, **words})
    assert "3 Siegpunkte<" in shown and "1 Siegpunkt<" in shown and "0 Siegpunkte<" in shown
