"""The points of a roll-off's loser as a table per place (`scoring.rolloff_losers`): 5/3/1,
5/3/0 and 4/2/0 are each one value, and the older `rolloff_loser`/`rolloff_malus` are read into
that table, giving the same standings."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from helpers import preset_data, tournament
from strategies import num_of
from tafelrunde.engine.choices import Tie
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import Rolloff, Tournament
from tafelrunde.engine.groups.rules_text import stage_lines
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.scoring import Scoring, rolloff_points
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num, exact_text
from tafelrunde.i18n import text_in
from tafelrunde.sim.autoplay import play_to_end

pytestmark = pytest.mark.unit

POINTS: dict[int, tuple[Num, ...]] = {4: (6, 4, 2, 0), 3: (6, 4, 2)}


def scoring(losers: dict[int, tuple[Num, ...]]) -> Scoring:
    """Format A's points with these losers' points."""
    return Scoring(points=POINTS, tie=Tie.ROLLOFF, rolloff_losers=losers)


def test_worked_example_losers_get_5_3_0() -> None:
    # A 17, B 17, C 9, D 9 (pips): B wins the roll-off for place 1, D the one for place 3
    five_three_nought = scoring({4: (5, 3, 0), 3: (5, 3)})
    places = {"A": 1, "B": 1, "C": 3, "D": 3}
    orders = {1: ("B", "A"), 3: ("D", "C")}
    assert rolloff_points(places, orders, five_three_nought) == {"B": 6, "A": 5, "D": 2, "C": 0}
    # the older malus rule could not say this: its loser for place 3 gets 2 - 1
    assert rolloff_points(places, orders, Scoring(points=POINTS, tie=Tie.ROLLOFF))["C"] == 1
    # three tied for place 2: the second lost the roll-off for place 2, the third for place 3
    three = {"A": 1, "B": 2, "C": 2, "D": 2}
    got = rolloff_points(three, {2: ("C", "D", "B")}, five_three_nought)
    assert got == {"A": 6, "C": 4, "D": 3, "B": 0}
    # a 4-table left with 3 players takes the first values of the 4-table's losers
    only_four = scoring({4: (5, 3, 0)})
    assert rolloff_points({"A": 1, "B": 2, "C": 2}, {2: ("C", "B")}, only_four)["B"] == 3


def test_5_3_1_and_4_2_0_are_the_older_malus_and_next_place() -> None:
    places = {"A": 1, "B": 1, "C": 1, "D": 4}
    orders = {1: ("C", "A", "B")}
    for losers, loser in (((5, 3, 1), "minus"), ((4, 2, 0), "next_place")):
        old = Scoring(points=POINTS, tie=Tie.ROLLOFF, rolloff_loser=loser)
        new = scoring({4: losers, 3: losers[:2]})
        assert rolloff_points(places, orders, new) == rolloff_points(places, orders, old)


def gruppenmodus(losers: Any = None, **old: Any) -> dict[str, Any]:
    """The format A preset with the losers' points given as a table, or by the older keys."""
    data = preset_data("gruppenmodus")
    s = data["defaults"]["scoring"]
    del s["rolloff_losers"]
    if losers is not None:
        s["rolloff_losers"] = losers
    s.update(old)
    return data


def test_a_file_gives_the_losers_points_per_place() -> None:
    rules = ruleset_from_dict(gruppenmodus({"4": [5, 3, 0], "3": [5, 3]}))
    assert rules.stages[0].scoring.loser_points(4) == (5, 3, 0)
    lines = [text_in(line, "de") for line in stage_lines(rules.stages[0])]
    assert "Verlierer des Stechens am 4er-Tisch (um Platz 1, 2, …): 5, 3, 0" in lines
    assert "Verlierer des Stechens am 3er-Tisch (um Platz 1, 2, …): 5, 3" in lines
    preset = ruleset_from_dict(preset_data("gruppenmodus")).stages[0].scoring
    assert dict(preset.rolloff_losers) == {4: (5, 3, 1), 3: (5, 3)}


@pytest.mark.parametrize(
    ("losers", "old", "field", "said"),
    [
        ({"4": [5, 3], "3": [5, 3]}, {}, "rolloff_losers.4",
         "needs exactly 3 values (the roll-offs for places 1 to 3)."),
        ({"4": [5, 3, 1]}, {}, "rolloff_losers.3", "is missing for tables of 3."),
        ({"4": [5, 3, 1], "3": [5, 3], "5": [1, 1, 1, 1]}, {}, "rolloff_losers.5",
         "no points are given for tables of 5."),
        ({"4": [5, 3, 3], "3": [5, 3]}, {}, "rolloff_losers.4[3]",
         "the loser must not get more than place 3 gives."),
        ({"4": [3, 5, 1], "3": [5, 3]}, {}, "rolloff_losers.4",
         "better places must not get fewer points."),
        ({"4": [5, 3, "x"], "3": [5, 3]}, {}, "rolloff_losers.4[3]", "'x' is not a number."),
        ({"4": [5, 3, 1], "3": [5, 3]}, {"rolloff_malus": 2}, "rolloff_losers",
         "give either rolloff_losers or the older rolloff_malus, not both."),
    ],
)  # fmt: skip
def test_a_wrong_losers_table_is_refused_at_its_field(
    losers: Any, old: dict[str, Any], field: str, said: str
) -> None:
    with pytest.raises(RuleError) as err:
        ruleset_from_dict(gruppenmodus(losers, **old))
    assert err.value.field == f"stages[1].scoring.{field}"
    assert err.value.text("en") == said


def translated(data: dict[str, Any], loser: str, malus: Num) -> dict[str, Any]:
    """The same file with the older keys written as a table, by their meaning in the docs: the
    loser of the roll-off for place p gets points(p) - malus, or ("next_place") points(p + 1)."""
    new = copy.deepcopy(data)
    s = new["defaults"]["scoring"]
    table = {
        size: row[1:] if loser == "next_place" else [Fraction(p) - malus for p in row[:-1]]
        for size, row in s["points"].items()
    }
    del s["rolloff_loser"], s["rolloff_malus"]
    s["rolloff_losers"] = {
        k: [exact_text(num_of(Fraction(v))) for v in row] for k, row in table.items()
    }
    return new


def replayed(t: Tournament, rules: Ruleset) -> TournamentState:
    """The same facts under other rules."""
    state = TournamentState(Tournament(t.name, rules, t.players, t.seed))
    for fact in t.facts:
        state.apply(fact)
        state.tournament.facts.append(fact)
    return state


def rolloffs(state: TournamentState) -> list[Rolloff]:
    """The roll-offs entered."""
    return [f for f in state.tournament.facts if isinstance(f, Rolloff)]


def standings(state: TournamentState) -> list[Any]:
    """Every stage's standing and the overall ranking."""
    return [(st.key, st.standing(state.cut(st))) for st in state.stages] + [state.overall()]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    loser=st.sampled_from(["minus", "next_place"]),
    malus=st.fractions(Fraction(0), Fraction(3), max_denominator=4).map(num_of),
    n=st.sampled_from([6, 7, 8, 9, 12]),
    seed=st.integers(0, 10**6),
)
def test_older_malus_files_give_the_standings_of_their_table(
    loser: str, malus: Num, n: int, seed: int
) -> None:
    old = gruppenmodus(rolloff_loser=loser, rolloff_malus=exact_text(malus))
    old_rules = ruleset_from_dict(old)
    new_rules = ruleset_from_dict(translated(old, loser, malus))
    assert "rolloff_malus" not in new_rules.source["defaults"]["scoring"]
    state = play_to_end(tournament(old_rules, n, seed=seed), seed=seed)
    assert state.finished
    event(f"a roll-off for a place: {any(f.kind == 'stechen' for f in rolloffs(state))}")
    assert standings(replayed(state.tournament, new_rules)) == standings(state)
