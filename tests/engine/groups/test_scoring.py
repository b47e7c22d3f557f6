"""Placements and points: every worked example of formats.md, and split ties as properties."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import floor_roundings, split_scorings, table_scores
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.scoring import (
    Scoring,
    check_placements,
    normalised_game_points,
    placements,
    rolloff_points,
    split_points,
    tie_groups,
    wins_and_losses,
)
from tafelrunde.engine.numbers import Num, Rounding
from tafelrunde.presets import load_ruleset

pytestmark = pytest.mark.unit

F = Fraction
FORMAT_A = Scoring(points={4: (6, 4, 2, 0), 3: (6, 4, 2)}, tie="rolloff")
FORMAT_B = Scoring(
    points={4: (5, 3, 2, 1), 3: (5, 3, 2)},
    rounding=Rounding("floor", F(1, 2)),
    game_point_factor={3: F(3, 4)},
    game_point_rounding=Rounding("floor", 1),
)
FORMAT_C = Scoring(
    points={3: (3, F(3, 2), 0), 4: (3, 2, 1, 0)},
    rounding=Rounding("half_up", F(1, 10)),
    game_point_factor={4: F(4, 3)},
)


def places_of(scores: dict[str, int]) -> dict[str, int]:
    return placements({p: (s,) for p, s in scores.items()})


# -- the presets hold exactly these numbers -------------------------------------------


@pytest.mark.parametrize(
    ("preset", "expected"), [("gruppenmodus", FORMAT_A), ("alhambra", FORMAT_B)]
)
def test_presets_score_like_the_spec(preset: str, expected: Scoring) -> None:
    scoring = load_ruleset(preset).stages[0].scoring
    assert scoring.points == expected.points
    assert scoring.tie == expected.tie
    if expected.tie == "split":
        assert scoring.rounding == expected.rounding
        assert scoring.game_point_factor == expected.game_point_factor
        assert scoring.game_point_rounding == expected.game_point_rounding
    else:
        assert (scoring.rolloff_loser, scoring.rolloff_malus) == ("minus", 1)


def test_king_lui_preset_scores_like_the_spec() -> None:
    scoring = load_ruleset("king-lui").stages[0].scoring
    assert scoring.points == FORMAT_C.points
    assert scoring.rounding == FORMAT_C.rounding
    assert scoring.game_point_factor == FORMAT_C.game_point_factor
    assert scoring.game_point_rounding.mode == "none"


# -- placements -----------------------------------------------------------------------


def test_competition_ranking_1_2_2_4() -> None:
    assert places_of({"A": 30, "B": 20, "C": 20, "D": 10}) == {"A": 1, "B": 2, "C": 2, "D": 4}
    assert places_of({"A": 9, "B": 9, "C": 9, "D": 1}) == {"A": 1, "B": 1, "C": 1, "D": 4}


def test_placement_uses_the_second_key_when_the_first_ties() -> None:
    keys = {"A": (10, 3), "B": (10, 7), "C": (10, 7), "D": (4, 18)}
    assert placements(keys) == {"B": 1, "C": 1, "A": 3, "D": 4}


def test_check_placements_accepts_competition_rankings() -> None:
    check_placements({"A": 1, "B": 2, "C": 2, "D": 4})
    check_placements({"A": 1, "B": 1, "C": 1})


@pytest.mark.parametrize(
    "given_places", [(1, 2, 2, 3), (1, 1, 2), (2, 3, 4), (1, 3, 3, 3), (1, 2, 3, 5)]
)
def test_check_placements_refuses_what_is_not_a_competition_ranking(
    given_places: tuple[int, ...],
) -> None:
    with pytest.raises(RuleError) as info:
        check_placements({f"p{i}": v for i, v in enumerate(given_places)})
    assert info.value.field == "places"
    assert ", ".join(map(str, sorted(given_places))) in info.value.text("en")


@given(scores=table_scores())
def test_placements_from_scores_always_pass_the_check(scores: dict[str, int]) -> None:
    places = places_of(scores)
    check_placements(places)
    for a in scores:
        better = sum(1 for b in scores if scores[b] > scores[a])
        assert places[a] == better + 1


# -- format A: roll-offs (Stechen) ----------------------------------------------------


def test_format_a_worked_example() -> None:
    """A 17, B 17, C 12, D 9; A and B roll off for place 1, B wins: B 6, A 5, C 2, D 0."""
    places = placements({"A": (0, 17), "B": (0, 17), "C": (0, 12), "D": (0, 9)})
    assert places == {"A": 1, "B": 1, "C": 3, "D": 4}
    assert tie_groups(places) == [["A", "B"]]
    points = rolloff_points(places, {1: ("B", "A")}, FORMAT_A)
    assert points == {"B": 6, "A": 5, "C": 2, "D": 0}


def test_format_a_tie_of_three_for_place_1() -> None:
    places = places_of({"A": 9, "B": 9, "C": 9, "D": 1})
    points = rolloff_points(places, {1: ("C", "A", "B")}, FORMAT_A)
    assert points == {"C": 6, "A": 5, "B": 3, "D": 0}


def test_format_a_tie_of_two_for_place_3() -> None:
    places = places_of({"A": 9, "B": 7, "C": 5, "D": 5})
    points = rolloff_points(places, {3: ("D", "C")}, FORMAT_A)
    assert points == {"A": 6, "B": 4, "D": 2, "C": 1}


def test_format_a_tie_for_place_2_at_a_3_group() -> None:
    places = places_of({"A": 9, "B": 7, "C": 7})
    assert rolloff_points(places, {2: ("C", "B")}, FORMAT_A) == {"A": 6, "C": 4, "B": 3}


def test_format_a_option_loser_takes_the_next_place() -> None:
    next_place = replace(FORMAT_A, rolloff_loser="next_place")
    places = places_of({"A": 9, "B": 9, "C": 9, "D": 1})
    points = rolloff_points(places, {1: ("B", "C", "A")}, next_place)
    assert points == {"B": 6, "C": 4, "A": 2, "D": 0}
    two = places_of({"A": 17, "B": 17, "C": 12, "D": 9})
    assert rolloff_points(two, {1: ("B", "A")}, next_place) == {"B": 6, "A": 4, "C": 2, "D": 0}


def test_format_a_malus_is_a_parameter() -> None:
    malus_2 = replace(FORMAT_A, rolloff_malus=2)
    places = places_of({"A": 17, "B": 17, "C": 12, "D": 9})
    assert rolloff_points(places, {1: ("B", "A")}, malus_2)["A"] == 4


# -- format B: split, floor to 0.5 ----------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "tied", "expected"),
    [
        ((90, 90, 50, 10), ("A", "B"), 4),  # tie for 1st of two: 8/2
        ((90, 50, 50, 10), ("B", "C"), F(5, 2)),  # tie for 2nd of two: 5/2
        ((90, 50, 10, 10), ("C", "D"), F(3, 2)),  # tie for 3rd of two: 3/2
        ((90, 90, 90, 10), ("A", "B", "C"), 3),  # three for 1st: 10/3 → 3
        ((90, 90, 90, 90), ("A", "B", "C", "D"), F(5, 2)),  # four: 11/4 → 2.5
    ],
)
def test_format_b_split_ties(scores: tuple[int, ...], tied: tuple[str, ...], expected: Num) -> None:
    points = split_points(places_of(dict(zip("ABCD", scores, strict=True))), FORMAT_B)
    assert {points[p] for p in tied} == {expected}
    assert all(isinstance(v, int | Fraction) for v in points.values())


def test_format_b_points_without_ties() -> None:
    assert split_points(places_of({"A": 4, "B": 3, "C": 2, "D": 1}), FORMAT_B) == {
        "A": 5, "B": 3, "C": 2, "D": 1,
    }  # fmt: skip
    assert split_points(places_of({"A": 3, "B": 2, "C": 1}), FORMAT_B) == {"A": 5, "B": 3, "C": 2}


def test_format_b_option_3_table_points_5_3_1() -> None:
    option = replace(FORMAT_B, points={4: (5, 3, 2, 1), 3: (5, 3, 1)})
    assert split_points(places_of({"A": 3, "B": 2, "C": 1}), option) == {"A": 5, "B": 3, "C": 1}
    # a tie for 2nd at a 3-table: (3 + 1) / 2 = 2 instead of (3 + 2) / 2 → 2.5
    assert split_points(places_of({"A": 3, "B": 2, "C": 2}), option)["B"] == 2
    assert split_points(places_of({"A": 3, "B": 2, "C": 2}), FORMAT_B)["B"] == F(5, 2)


def test_format_b_game_points_at_a_3_table_are_floored_per_game() -> None:
    assert normalised_game_points(131, 3, FORMAT_B) == 98  # 98.25 → 98
    assert normalised_game_points(131, 4, FORMAT_B) == 131
    # floored per game, not over the sum: 2 × 98 = 196, while (131 + 131) × 0.75 = 196.5
    assert normalised_game_points(130, 3, FORMAT_B) == 97  # 97.5 → 97
    assert normalised_game_points(F(1), 3, FORMAT_B) == 0


# -- format C: split, half up to 0.1 --------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "tied", "expected"),
    [
        ((9, 9, 5), ("A", "B"), F(23, 10)),  # 3-table tie for 1st: 2.25 → 2.3
        ((9, 5, 5), ("B", "C"), F(8, 10)),  # 3-table tie for 2nd: 0.75 → 0.8
        ((9, 9, 5, 1), ("A", "B"), F(5, 2)),  # 4-table tie for 1st: 2.5
        ((9, 9, 9), ("A", "B", "C"), F(3, 2)),  # three-way at a 3-table: 4.5 / 3
        ((9, 5, 5, 1), ("B", "C"), F(3, 2)),  # 4-table tie for 2nd: 3 / 2
    ],
)
def test_format_c_split_ties(scores: tuple[int, ...], tied: tuple[str, ...], expected: Num) -> None:
    points = split_points(places_of(dict(zip("ABCD", scores, strict=False))), FORMAT_C)
    assert {points[p] for p in tied} == {expected}


def test_format_c_option_whole_points() -> None:
    whole = replace(FORMAT_C, rounding=Rounding("half_up", 1))
    assert split_points(places_of({"A": 9, "B": 9, "C": 5}), whole)["A"] == 2  # 2.25 → 2
    assert split_points(places_of({"A": 9, "B": 5, "C": 5}), whole)["B"] == 1  # 0.75 → 1
    assert split_points(places_of({"A": 9, "B": 9, "C": 9, "D": 1}), whole)["A"] == 2  # 2
    assert split_points(places_of({"A": 9, "B": 9, "C": 1, "D": 0}), whole)["A"] == 3  # 2.5 → 3


def test_format_c_game_points_at_a_4_table_are_exact() -> None:
    value = normalised_game_points(131, 4, FORMAT_C)
    assert value == F(524, 3)
    assert isinstance(value, Fraction)
    assert normalised_game_points(131, 3, FORMAT_C) == 131


def test_half_up_rounds_halves_up() -> None:
    r = Rounding("half_up", F(1, 10))
    assert r.apply(F(225, 100)) == F(23, 10)
    assert r.apply(F(224, 100)) == F(22, 10)
    assert r.apply(F(75, 100)) == F(8, 10)
    assert Rounding("floor", F(1, 2)).apply(F(10, 3)) == 3
    assert Rounding("none").apply(F(10, 3)) == F(10, 3)


# -- wins and losses ------------------------------------------------------------------


def test_a_win_is_a_first_place_shared_or_not() -> None:
    wl = wins_and_losses({"A": 1, "B": 1, "C": 3, "D": 4}, FORMAT_C)
    assert {p: w for p, (w, _) in wl.items()} == {"A": 1, "B": 1, "C": 0, "D": 0}


def test_a_loss_is_a_last_place_shared_or_not() -> None:
    alone = wins_and_losses({"A": 1, "B": 2, "C": 3, "D": 4}, FORMAT_C)
    assert {p: lost for p, (_, lost) in alone.items()} == {"A": 0, "B": 0, "C": 0, "D": 1}
    shared = wins_and_losses({"A": 1, "B": 2, "C": 3, "D": 3}, FORMAT_C)
    assert {p: lost for p, (_, lost) in shared.items()} == {"A": 0, "B": 0, "C": 1, "D": 1}


def test_option_a_shared_last_place_is_no_loss() -> None:
    option = replace(FORMAT_C, shared_last_is_loss=False)
    shared = wins_and_losses({"A": 1, "B": 2, "C": 3, "D": 3}, option)
    assert {p: lost for p, (_, lost) in shared.items()} == {"A": 0, "B": 0, "C": 0, "D": 0}
    alone = wins_and_losses({"A": 1, "B": 2, "C": 2}, option)
    assert {p: lost for p, (_, lost) in alone.items()} == {"A": 0, "B": 0, "C": 0}
    alone = wins_and_losses({"A": 1, "B": 1, "C": 3}, option)
    assert {p: lost for p, (_, lost) in alone.items()} == {"A": 0, "B": 0, "C": 1}


# -- properties of split ties ---------------------------------------------------------


def available(places: dict[str, int], table: tuple[Num, ...]) -> Fraction:
    """The points of the places the players occupy (after a tie of k at p: p..p+k-1)."""
    return Fraction(sum(table[i] for i in range(len(places))))


@given(scoring=split_scorings(), scores=table_scores())
def test_split_shares_sum_to_the_available_points_before_rounding(
    scoring: Scoring, scores: dict[str, int]
) -> None:
    exact = replace(scoring, rounding=Rounding("none"))
    places = places_of(scores)
    points = split_points(places, exact)
    table = scoring.table_points(len(places))
    assert sum(points.values()) == available(places, table)
    # a tied group shares exactly the points of the places it occupies
    for group in tie_groups(places):
        p = places[group[0]]
        assert sum(points[x] for x in group) == sum(table[p - 1 : p - 1 + len(group)])
        assert len({points[x] for x in group}) == 1
    assert all(isinstance(v, int | Fraction) for v in points.values())


@given(scoring=split_scorings(floor_roundings), scores=table_scores())
def test_floor_rounding_never_gives_more_than_available(
    scoring: Scoring, scores: dict[str, int]
) -> None:
    places = places_of(scores)
    points = split_points(places, scoring)
    table = scoring.table_points(len(places))
    assert sum(points.values()) <= available(places, table)
    for player, place in places.items():
        # nobody gets more than the best place he shares, nor less than a step below
        # the worst place he shares
        assert points[player] <= table[place - 1]


@given(scoring=split_scorings(), scores=table_scores())
def test_split_rounding_lands_on_a_multiple_of_the_step_and_stays_close(
    scoring: Scoring, scores: dict[str, int]
) -> None:
    places = places_of(scores)
    points = split_points(places, scoring)
    exact = split_points(places, replace(scoring, rounding=Rounding("none")))
    for group in tie_groups(places):
        for p in group:
            if scoring.rounding.mode == "none":
                assert points[p] == exact[p]
                continue
            assert Fraction(points[p]) / Fraction(scoring.rounding.step) % 1 == 0
            assert abs(points[p] - exact[p]) <= scoring.rounding.step
            if scoring.rounding.mode == "floor":
                assert points[p] <= exact[p]


@given(
    scores=table_scores(),
    malus=st.sampled_from([1, 2]),
    loser=st.sampled_from(["minus", "next_place"]),
    data=st.data(),
)
def test_rolloff_points_order_the_tied_group_strictly(
    scores: dict[str, int], malus: int, loser: str, data: st.DataObject
) -> None:
    scoring = replace(FORMAT_A, rolloff_malus=malus, rolloff_loser=loser)
    places = places_of(scores)
    orders = {places[g[0]]: tuple(data.draw(st.permutations(g))) for g in tie_groups(places)}
    points = rolloff_points(places, orders, scoring)
    table = scoring.table_points(len(places))
    for place, order in orders.items():
        assert points[order[0]] == table[place - 1]  # the winner keeps the place's points
        got = [points[p] for p in order]
        assert got == sorted(got, reverse=True)
        assert len(set(got)) == len(got) or malus >= 2  # with malus 1 and 6/4/2/0: strict
        for j, p in enumerate(order[1:], start=place + 1):
            want = table[j - 1] if loser == "next_place" else table[j - 2] - malus
            assert points[p] == want
