"""The season table: hand-computed tables for every option, refused input, and its invariants."""

from __future__ import annotations

import datetime
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.season import (
    Counting,
    Evening,
    EveningResult,
    Person,
    Points,
    SeasonRules,
    SeasonTable,
    season_table,
)
from tafelrunde.engine.season.rules import COUNT_MODES, GUEST_MODES
from tafelrunde.presets.seasons import load_season_rules

pytestmark = pytest.mark.unit

F = Fraction
PEOPLE = {
    pid: Person(name, member)
    for pid, name, member in [
        ("a", "Anna", True),
        ("b", "Bert", True),
        ("c", "Cora", True),
        ("d", "Dirk", True),
        ("e", "Emil", True),
        ("g", "Gustav", False),
        ("l", "Lena", True),
        ("t", "Tom", True),
        ("w", "Wiebke", True),
        ("x", "Xaver", True),
        ("y", "Yvonne", True),
        ("z", "Zoe", True),
    ]
}


def evening(day: int, places: dict[str, int], participants: int | None = None) -> Evening:
    """An evening on day `day` of 2026 with places by person (participants: the count)."""
    field = participants or len(places)
    results = tuple(EveningResult(p, place, field) for p, place in places.items())
    date = datetime.date(2026, 1, 1) + datetime.timedelta(days=day)
    return Evening(f"e{day}", date, f"Abend {day}", results)


def own(day: int, points: dict[str, Any]) -> Evening:
    """An evening whose tournament points are given (places follow the points)."""
    ranked = sorted(points, key=lambda p: -F(points[p]))
    results = tuple(
        EveningResult(p, 1 + sum(F(points[q]) > F(points[p]) for q in points), len(points),
                      F(points[p]))
        for p in ranked
    )  # fmt: skip
    date = datetime.date(2026, 1, 1) + datetime.timedelta(days=day)
    return Evening(f"e{day}", date, f"Abend {day}", results)


def rules(**kw: Any) -> SeasonRules:
    """Season rules: the place table 25, 20, 16, … unless changed."""
    base = load_season_rules("summe")
    return replace(base, **kw)


def lines(table: SeasonTable) -> list[tuple[int, str, Fraction, str | None]]:
    """Place, person, total and tie decision of every row."""
    return [(r.place, r.person, r.total, r.decided_by) for r in table.rows]


def cells(table: SeasonTable, person: str) -> list[tuple[Fraction | None, bool]]:
    """A person's evening points with the counted flag."""
    row = next(r for r in table.rows if r.person == person)
    return [(c.points, c.counted) for c in row.cells]


# -- points per evening ---------------------------------------------------------------


def test_points_from_the_place_table_and_beyond_it() -> None:
    r = rules(points=Points("place_table", (F(10), F(6), F(3)), F(1)))
    t = season_table(
        r, [evening(2, {"b": 1, "a": 2, "c": 3}), evening(1, {"a": 1, "b": 2, "c": 3, "d": 4})],
        PEOPLE,
    )  # fmt: skip
    assert [e.id for e in t.evenings] == ["e1", "e2"]  # by date
    assert cells(t, "a") == [(10, True), (6, True)]
    assert cells(t, "d") == [(1, True), (None, False)]  # place 4 is beyond the table: 1
    # Anna and Bert: 16 each, 2 evenings each, best 10 each: shared, by name
    assert lines(t) == [(1, "a", 16, None), (1, "b", 16, "shared"), (3, "c", 6, None),
                        (4, "d", 1, None)]  # fmt: skip
    assert [r.evenings for r in t.rows] == [2, 2, 2, 1]


def test_points_from_the_participants_with_a_tie() -> None:
    r = rules(points=Points("participants"))
    t = season_table(
        r,
        [evening(1, {"a": 1, "b": 2, "c": 5}, participants=5),
         evening(2, {"c": 1, "a": 3}, participants=3)],
        PEOPLE,
    )  # fmt: skip
    # Anna 5 + 1 = 6; Cora 1 + 3 = 4 on 2 evenings; Bert 4 on 1 evening
    assert lines(t) == [(1, "a", 6, None), (2, "c", 4, None), (3, "b", 4, "more_evenings")]


def test_points_of_the_tournament_itself_exactly() -> None:
    r = rules(points=Points("tournament"))
    t = season_table(r, [own(1, {"a": "5/2", "b": 3}), own(2, {"a": "3/2"})], PEOPLE)
    assert cells(t, "a") == [(F(5, 2), True), (F(3, 2), True)]
    assert lines(t) == [(1, "a", 4, None), (2, "b", 3, None)]


# -- what counts ----------------------------------------------------------------------

THREE = [
    evening(1, {"a": 1, "b": 3, "c": 2}),  # 25, 16, 20
    evening(2, {"a": 5, "b": 1}, participants=8),  # 11, 25
    evening(3, {"a": 2, "c": 1}),  # 20, 25
]


def test_all_evenings_count() -> None:
    t = season_table(rules(), THREE, PEOPLE)
    assert lines(t) == [(1, "a", 56, None), (2, "c", 45, None), (3, "b", 41, None)]
    assert all(c.counted for row in t.rows for c in row.cells if c.points is not None)


def test_the_best_n_count() -> None:
    t = season_table(rules(count=Counting("best", n=2)), THREE, PEOPLE)
    assert cells(t, "a") == [(25, True), (11, False), (20, True)]
    assert cells(t, "b") == [(16, True), (25, True), (None, False)]
    # Anna 45 on 3 evenings, Cora 45 on 2 (the evenings played, counted or not), Bert 41
    assert lines(t) == [(1, "a", 45, None), (2, "c", 45, "more_evenings"), (3, "b", 41, None)]


def test_among_equal_results_the_earlier_evening_counts() -> None:
    t = season_table(
        rules(count=Counting("best", n=1)),
        [evening(1, {"a": 2, "b": 1}), evening(2, {"a": 2, "b": 1})],
        PEOPLE,
    )
    assert cells(t, "a") == [(20, True), (20, False)]


def test_all_but_the_worst_n_a_missed_evening_is_dropped_first() -> None:
    t = season_table(rules(count=Counting("all_but_worst", n=1)), THREE, PEOPLE)
    assert cells(t, "a") == [(25, True), (11, False), (20, True)]  # the 11 is dropped
    assert cells(t, "b") == [(16, True), (25, True), (None, False)]  # missed evening 3 dropped
    assert lines(t) == [(1, "a", 45, None), (2, "c", 45, "more_evenings"), (3, "b", 41, None)]
    two = season_table(rules(count=Counting("all_but_worst", n=2)), THREE, PEOPLE)
    # one evening of three counts: everybody's best, 25; more evenings decide
    assert lines(two) == [(1, "a", 25, None), (2, "b", 25, "more_evenings"),
                          (2, "c", 25, "shared")]  # fmt: skip
    dropped_all = season_table(rules(count=Counting("all_but_worst", n=3)), THREE, PEOPLE)
    assert {r.total for r in dropped_all.rows} == {0}


AVERAGE = [
    evening(1, {"a": 1, "b": 1, "c": 1, "d": 2}),  # places shared on purpose: 25, 25, 25, 20
    evening(2, {"a": 2, "b": 1, "d": 5}, participants=6),  # 20, 25, 11
    evening(3, {"a": 3}, participants=4),  # 16
]


def test_the_average_with_a_minimum_those_below_behind() -> None:
    r = rules(count=Counting("average", min_evenings=2, below_minimum="behind"))
    t = season_table(r, AVERAGE, PEOPLE)
    # Bert 25; Anna 61/3; Dirk 31/2; Cora 25 but only 1 evening: behind everyone
    assert lines(t) == [(1, "b", 25, None), (2, "a", F(61, 3), None), (3, "d", F(31, 2), None),
                        (4, "c", 25, None)]  # fmt: skip
    assert [r.below_minimum for r in t.rows] == [False, False, False, True]
    assert cells(t, "a") == [(25, True), (20, True), (16, True)]


def test_the_average_with_a_minimum_those_below_left_out() -> None:
    r = rules(count=Counting("average", min_evenings=2, below_minimum="out"))
    t = season_table(r, AVERAGE, PEOPLE)
    assert lines(t) == [(1, "b", 25, None), (2, "a", F(61, 3), None), (3, "d", F(31, 2), None)]


def test_the_average_of_one_is_its_result() -> None:
    t = season_table(rules(count=Counting("average")), AVERAGE, PEOPLE)
    assert lines(t)[:2] == [(1, "b", 25, None), (2, "c", 25, "more_evenings")]


# -- guests ---------------------------------------------------------------------------

WITH_GUEST = [
    evening(1, {"g": 1, "a": 2, "b": 3}),  # 25, 20, 16
    evening(2, {"g": 1, "b": 2, "a": 3}),  # 25, 20, 16
    evening(3, {"a": 1, "g": 2}),  # 25, 20
]


def test_guests_ranked_like_members() -> None:
    t = season_table(rules(guests="ranked"), WITH_GUEST, PEOPLE)
    assert lines(t) == [(1, "g", 70, None), (2, "a", 61, None), (3, "b", 36, None)]
    assert [r.member for r in t.rows] == [False, True, True]


def test_guests_behind_the_members() -> None:
    t = season_table(rules(guests="behind_members"), WITH_GUEST, PEOPLE)
    assert lines(t) == [(1, "a", 61, None), (2, "b", 36, None), (3, "g", 70, None)]


def test_guests_left_out() -> None:
    t = season_table(rules(guests="out"), WITH_GUEST, PEOPLE)
    assert lines(t) == [(1, "a", 61, None), (2, "b", 36, None)]


def test_guests_behind_members_below_the_minimum_too() -> None:
    r = rules(guests="behind_members", count=Counting("average", min_evenings=2))
    t = season_table(r, [*WITH_GUEST, evening(4, {"c": 1})], PEOPLE)
    # members with enough evenings, members below the minimum, then the guests
    assert [(x.person, x.below_minimum) for x in t.rows] == [
        ("a", False), ("b", False), ("c", True), ("g", False)
    ]  # fmt: skip


# -- ties -----------------------------------------------------------------------------

TIED = [
    own(1, {"l": 20, "w": 10, "x": 20, "y": 15, "t": 5}),
    own(2, {"l": 20, "w": 10, "x": 10, "z": 15}),
    own(3, {"w": 10, "y": 15, "z": 15}),
]
# Lena 40; Wiebke 30 on 3 evenings; Xaver 30 on 2, best 20; Yvonne and Zoe 30 on 2, best 15;
# Tom 5


def test_a_tie_decided_by_more_evenings_then_best_result_then_shared() -> None:
    t = season_table(rules(points=Points("tournament")), TIED, PEOPLE)
    assert lines(t) == [
        (1, "l", 40, None),
        (2, "w", 30, None),
        (3, "x", 30, "more_evenings"),
        (4, "y", 30, "best_result"),
        (4, "z", 30, "shared"),
        (6, "t", 5, None),
    ]


def test_best_result_first() -> None:
    r = rules(points=Points("tournament"), ties=("best_result", "more_evenings", "shared"))
    t = season_table(r, TIED, PEOPLE)
    assert lines(t) == [
        (1, "l", 40, None),
        (2, "x", 30, None),
        (3, "y", 30, "best_result"),
        (3, "z", 30, "shared"),
        (5, "w", 30, "best_result"),
        (6, "t", 5, None),
    ]


def test_only_shared() -> None:
    t = season_table(rules(points=Points("tournament"), ties=("shared",)), TIED, PEOPLE)
    assert lines(t) == [
        (1, "l", 40, None),
        (2, "w", 30, None),
        (2, "x", 30, "shared"),
        (2, "y", 30, "shared"),
        (2, "z", 30, "shared"),
        (6, "t", 5, None),
    ]


def test_shared_rows_are_ordered_by_name_not_by_id() -> None:
    people = {"p1": Person("Zacharias"), "p2": Person("anton")}
    t = season_table(rules(), [evening(1, {"p1": 1, "p2": 1})], people)
    assert [(r.place, r.name) for r in t.rows] == [(1, "anton"), (1, "Zacharias")]


# -- refused input --------------------------------------------------------------------


def test_an_unknown_person_is_refused() -> None:
    with pytest.raises(RuleError) as info:
        season_table(rules(), [evening(1, {"a": 1, "nobody": 2})], PEOPLE)
    assert info.value.field == "evenings[e1].results[nobody]"
    assert info.value.text("de") == "ist keine bekannte Person."


def test_a_place_beyond_the_participants_is_refused() -> None:
    with pytest.raises(RuleError) as info:
        season_table(rules(), [evening(1, {"a": 1, "b": 3})], PEOPLE)
    assert info.value.field == "evenings[e1].results[b].place"
    assert "3" in info.value.text("de")


def test_two_results_of_one_person_and_a_doubled_evening_are_refused() -> None:
    twice = Evening("e1", datetime.date(2026, 1, 1), "x",
                    (EveningResult("a", 1, 2), EveningResult("a", 2, 2)))  # fmt: skip
    with pytest.raises(RuleError) as info:
        season_table(rules(), [twice], PEOPLE)
    assert info.value.field == "evenings[e1]"
    with pytest.raises(RuleError) as info:
        season_table(rules(), [evening(1, {"a": 1}), evening(1, {"b": 1})], PEOPLE)
    assert "twice" in info.value.text("en")


def test_missing_tournament_points_are_refused() -> None:
    with pytest.raises(RuleError) as info:
        season_table(rules(points=Points("tournament")), [evening(1, {"a": 1})], PEOPLE)
    assert info.value.field == "evenings[e1].results[a].points"


def test_no_evenings_make_an_empty_table() -> None:
    t = season_table(rules(), [], PEOPLE)
    assert t.rows == () and t.evenings == ()


# -- invariants -----------------------------------------------------------------------

IDS = [f"p{i}" for i in range(7)]


@st.composite
def persons(draw: st.DrawFn) -> dict[str, Person]:
    """Seven persons, some guests, names that may repeat."""
    return {
        pid: Person(draw(st.sampled_from(["Ada", "Bo", "Cy"])), draw(st.booleans())) for pid in IDS
    }


@st.composite
def evenings(draw: st.DrawFn, *, min_size: int = 0) -> list[Evening]:
    """Evenings with random attendance, shared places and own points."""
    out = []
    for day in range(draw(st.integers(min_size, 6))):
        present = draw(st.lists(st.sampled_from(IDS), unique=True, min_size=1))
        field = len(present) + draw(st.integers(0, 3))
        results = tuple(
            EveningResult(p, draw(st.integers(1, field)), field,
                          F(draw(st.integers(0, 40)), draw(st.integers(1, 4))))
            for p in present
        )  # fmt: skip
        date = datetime.date(2026, 1, 1) + datetime.timedelta(days=draw(st.integers(0, 3)))
        out.append(Evening(f"e{day}", date, f"Abend {day}", results))
    return out


@st.composite
def season_rules(draw: st.DrawFn) -> SeasonRules:
    """Any season rules."""
    source = draw(st.sampled_from(["place_table", "participants", "tournament"]))
    table = tuple(sorted((F(v) for v in draw(st.lists(st.integers(0, 30), min_size=1))),
                         reverse=True))  # fmt: skip
    points = Points(source, table, min(table) if source == "place_table" else F(0))
    mode = draw(st.sampled_from(COUNT_MODES))
    count = Counting(
        mode,
        n=draw(st.integers(1, 5)) if mode in ("best", "all_but_worst") else 0,
        min_evenings=draw(st.integers(1, 4)),
        below_minimum=draw(st.sampled_from(["behind", "out"])),
    )
    deciders = draw(st.permutations(["more_evenings", "best_result"]))
    ties = (*deciders[: draw(st.integers(0, 2))], "shared")
    guests = draw(st.sampled_from(GUEST_MODES))
    return SeasonRules("Test", points=points, count=count, guests=guests, ties=ties)


@given(season_rules(), evenings(min_size=1), persons(), st.integers(1, 5))
def test_adding_an_evening_never_lowers_a_best_n_total(
    r: SeasonRules, evs: list[Evening], people: dict[str, Person], n: int
) -> None:
    r = replace(r, count=Counting("best", n=n))
    before = {x.person: x.total for x in season_table(r, evs[:-1], people).rows}
    after = {x.person: x.total for x in season_table(r, evs, people).rows}
    assert all(after[p] >= total for p, total in before.items())


@given(season_rules(), evenings(), persons())
def test_the_guests_option_never_changes_the_members_order(
    r: SeasonRules, evs: list[Evening], people: dict[str, Person]
) -> None:
    orders = {
        guests: [x.person for x in season_table(replace(r, guests=guests), evs, people).rows
                 if x.member]
        for guests in GUEST_MODES
    }  # fmt: skip
    assert orders["ranked"] == orders["behind_members"] == orders["out"]


@given(season_rules(), evenings(), persons())
def test_the_table_never_loses_a_result(
    r: SeasonRules, evs: list[Evening], people: dict[str, Person]
) -> None:
    t = season_table(r, evs, people)
    rows = {x.person: x for x in t.rows}
    column = {e.id: i for i, e in enumerate(t.evenings)}
    for e in evs:
        for res in e.results:
            row = rows.get(res.person)
            if row is None:  # left out by the rules only
                attended = sum(res.person in {q.person for q in x.results} for x in evs)
                assert (r.guests == "out" and not people[res.person].member) or (
                    r.count.mode == "average"
                    and r.count.below_minimum == "out"
                    and attended < r.count.min_evenings
                )
                continue
            want = r.points.for_place(res.place, res.participants, res.points)
            assert row.cells[column[e.id]].points == want
    assert all(sum(c.points is not None for c in x.cells) == x.evenings for x in t.rows)


@given(season_rules(), evenings(), persons())
def test_totals_are_the_sum_or_average_of_the_counted(
    r: SeasonRules, evs: list[Evening], people: dict[str, Person]
) -> None:
    t = season_table(r, evs, people)
    for row in t.rows:
        counted = [c.points for c in row.cells if c.counted]
        assert all(p is not None for p in counted)
        values = [p for p in counted if p is not None]
        assert isinstance(row.total, Fraction)
        if r.count.mode == "average":
            assert row.total == sum(values, F(0)) / len(values)
            assert len(values) == row.evenings
        else:
            assert row.total == sum(values, F(0))
        if r.count.mode == "best":
            assert len(values) == min(r.count.n, row.evenings)
        if r.count.mode == "all_but_worst":
            assert len(values) == max(0, min(row.evenings, len(t.evenings) - r.count.n))
        dropped = [c.points for c in row.cells if c.points is not None and not c.counted]
        assert all(d <= min(values) for d in dropped if d is not None) if values else True


@given(season_rules(), evenings(), persons())
def test_places_follow_the_order_and_shared_places_say_so(
    r: SeasonRules, evs: list[Evening], people: dict[str, Person]
) -> None:
    t = season_table(r, evs, people)
    assert t == season_table(r, list(reversed(evs)), people)  # deterministic
    for i, row in enumerate(t.rows):
        if i == 0:
            assert (row.place, row.decided_by) == (1, None)
            continue
        above = t.rows[i - 1]
        assert (row.place == above.place) == (row.decided_by == "shared")
        assert row.place in (above.place, i + 1)
        if row.decided_by is not None:
            assert row.total == above.total
        if row.decided_by not in (None, "shared"):
            assert row.decided_by in r.ties
