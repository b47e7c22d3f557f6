"""A saved result reads with labels: place, name, game points, pips, tournament points."""

from __future__ import annotations

from fractions import Fraction

import pytest

from helpers import add, tournament
from tafelrunde.engine.groups.facts import Draw, Result
from tafelrunde.engine.groups.table_view import game_tables
from tafelrunde.engine.groups.tournament_state import TournamentState

pytestmark = pytest.mark.unit


def test_a_saved_result_reads_with_labels() -> None:
    state = TournamentState(tournament("alhambra", 12, seed=2))
    stage = state.tournament.ruleset.stages[0].id
    ids = [f"p{i:02d}" for i in range(1, 13)]
    tables = (tuple(ids[:4]), tuple(ids[4:8]), tuple(ids[8:]))
    add(state, Draw(n=0, stage=stage, game=1, seed=1, tables=tables))
    scores = {"p01": 131, "p02": 120, "p03": 98, "p04": 77}
    add(state, Result(n=0, stage=stage, game=1, table=1, scores=scores))
    view = game_tables(state, state.current, 1)[0]  # type: ignore[arg-type]
    line = view.text()
    german = line.text("de") if not isinstance(line, str) else line
    first = german.split("; ")[0]
    assert first.startswith("1. ") and " – 131 Spielpunkte – " in first and first.endswith(" TP")
    assert german.count("; ") == 3  # four players, one line each
    english = line.text("en") if not isinstance(line, str) else line
    assert "131 game points" in english


def test_a_stage_without_pips_shows_none() -> None:
    state = TournamentState(tournament("king-lui", 12, seed=2))
    stage = state.tournament.ruleset.stages[0].id
    ids = [f"p{i:02d}" for i in range(1, 13)]
    tables = tuple(tuple(ids[k : k + 3]) for k in range(0, 12, 3))
    add(state, Draw(n=0, stage=stage, game=1, seed=1, tables=tables))
    add(state, Result(n=0, stage=stage, game=1, table=1, scores={"p01": 21, "p02": 5, "p03": 1}))
    line = game_tables(state, state.current, 1)[0].text()  # type: ignore[arg-type]
    german = line.text("de") if not isinstance(line, str) else line
    assert "Augen" not in german and "21 Spielpunkte" in german
    assert "1 Spielpunkt –" in german  # one in the singular


@pytest.mark.parametrize(
    ("preset", "german", "english"),
    [
        ("gruppenmodus", "Platzpunkt", "placement point"),
        ("king-lui", "Siegpunkt", "victory point"),
        ("alhambra", "TP", "TP"),  # a word whose ending says nothing stays as it is
    ],
)
def test_one_point_is_named_in_the_singular(preset: str, german: str, english: str) -> None:
    rule = tournament(preset, 12, seed=2).ruleset.stages[0]
    one, many = rule.points_word(1), rule.points_word(2)
    assert (one.text("de"), one.text("en")) == (german, english)
    assert many.text("de") != german or preset == "alhambra"
    assert rule.points_word(Fraction(3, 2)).text("de") == many.text("de")


@pytest.mark.parametrize("only", [{2}, frozenset({3, 1}), {0, 4, 2}, set(), [3, 1], range(2, 9)])
def test_some_tables_are_those_of_the_whole_game(only: object) -> None:
    state = TournamentState(tournament("alhambra", 12, seed=2))
    stage = state.tournament.ruleset.stages[0].id
    ids = [f"p{i:02d}" for i in range(1, 13)]
    tables = (tuple(ids[:4]), tuple(ids[4:8]), tuple(ids[8:]))
    add(state, Draw(n=0, stage=stage, game=1, seed=1, tables=tables))
    add(state, Result(n=0, stage=stage, game=1, table=2, scores=dict.fromkeys(ids[4:8], 50)))
    cur = state.current
    assert cur is not None
    every = game_tables(state, cur, 1)
    some = game_tables(state, cur, 1, only)  # type: ignore[arg-type]
    assert some == [v for v in every if v.index in only]  # type: ignore[operator]
