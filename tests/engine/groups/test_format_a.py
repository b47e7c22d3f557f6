"""Format A (group mode with passes, preset `gruppenmodus`): whole tournaments."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from helpers import (
    check_whole_tournament,
    gale_ryser_possible,
    played,
    tournament,
)
from strategies import PREFER_4_ALLOW_3
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import (
    next_draw,
    open_rolloffs,
    record,
    rolled_by_software,
    rolloff_for,
    undo_last,
)
from tafelrunde.engine.groups.facts import Draw, Result, Rolloff
from tafelrunde.engine.groups.progress import pending
from tafelrunde.engine.groups.ruleset import Entrants
from tafelrunde.engine.groups.scoring import placements, tie_groups
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num
from tafelrunde.engine.tables import plan_tables

pytestmark = pytest.mark.unit

SIZES = [9, 13, 27, 40, 64]
POINTS = {4: (6, 4, 2, 0), 3: (6, 4, 2)}


def group_place(st: StageState) -> dict[str, int]:
    """Each player's place in his group (table standing)."""
    return {p: r for s in st.table_standings for p, r in s.rank_of().items()}


def check_format_a(state: TournamentState) -> None:
    stages = state.stages
    *groups, final = stages
    assert groups, "a field of more than 4 plays group rounds first"
    assert all(st.rule.id == "gruppenrunde" for st in groups)
    assert final.rule.id == "finale"
    # the final is one group of 4 with 4 passes; a group round has 3 passes
    assert final.tables(1) is not None and [len(t) for t in final.tables(1)] == [4]
    assert final.rule.games == 4 and all(st.rule.games == 3 for st in groups)
    for st in stages:
        tables = st.tables(1)
        assert tables is not None
        # groups of 4, as few 3-groups as possible
        assert sorted(map(len, tables)) == sorted(
            plan_tables(len(st.entrants), PREFER_4_ALLOW_3).sizes
        )
        assert set(st.results) == {
            (g, i) for g in range(1, st.rule.games + 1) for i in range(1, len(tables) + 1)
        }
        check_rolloff_points(st)
        check_erzherzog(st)
    for st, nxt in itertools.pairwise(stages):
        check_advancing(st, nxt)
        check_keep_apart(st, nxt)


def check_rolloff_points(st: StageState) -> None:
    """Every tie of score and pips was rolled off; losers got points(j−1) − 1."""
    for (game, index), o in st.outcomes.items():
        keys = {p: (o.result.scores.get(p, 0), o.result.pips[p]) for p in o.players}
        places = placements(keys)
        assert places == o.places
        expected: dict[str, Num] = {}
        table = POINTS[len(o.players)]
        for p, place in places.items():
            expected[p] = table[place - 1]
        for group in tie_groups(places):
            fact = st.rolloffs[("stechen", game, frozenset(group))]
            assert isinstance(fact, Rolloff)
            place = places[group[0]]
            for j, p in enumerate(fact.order, start=place):
                expected[p] = table[j - 1] if j == place else table[j - 2] - 1
        assert o.points == expected, (game, index)


def check_erzherzog(st: StageState) -> None:
    """Equal on points and pips within a group: the Erzherzog winner is placed higher."""
    for standing in st.table_standings:
        rows = standing.rows
        for above, below in itertools.pairwise(rows):
            if above.values == below.values:
                assert below.decided_by is not None and below.decided_by.name == "erzherzog"
                tied = frozenset(r.player for r in rows if r.values == below.values)
                fact = st.rolloffs[("erzherzog", 0, tied)]
                assert [r.player for r in rows if r.player in tied] == list(fact.order)


def check_advancing(st: StageState, nxt: StageState) -> None:
    """Places 1–2 of every group go on, then the best thirds up to a multiple of 4."""
    places = group_place(st)
    top2 = {p for p, r in places.items() if r <= 2}
    entrants = set(nxt.entrants)
    assert top2 <= entrants
    thirds = {p for p, r in places.items() if r == 3}
    extra = entrants - top2
    assert extra <= thirds
    assert len(entrants) % 4 == 0
    assert len(entrants) == min(-(-len(top2) // 4) * 4, len(top2) + len(thirds))
    totals = st.totals
    for a in extra:
        for b in thirds - extra:
            assert (totals[a].points, totals[a].pips) >= (totals[b].points, totals[b].pips)


def check_keep_apart(st: StageState, nxt: StageState) -> None:
    """Players of the same earlier group sit apart in the next round wherever possible."""
    before = {p: i for i, t in enumerate(st.tables(1) or ()) for p in t}
    tables = nxt.tables(1) or ()
    counts = Counter(before[p] for p in nxt.entrants)
    if gale_ryser_possible(list(counts.values()), [len(t) for t in tables]):
        for t in tables:
            assert len({before[p] for p in t}) == len(t), (nxt.key, t)


@pytest.mark.parametrize("n", SIZES)
def test_whole_tournament(n: int) -> None:
    state = played("gruppenmodus", n, seed=n)
    check_format_a(state)
    check_whole_tournament(state)


@pytest.mark.parametrize("seed", range(4))
def test_whole_tournament_other_seeds(seed: int) -> None:
    state = played("gruppenmodus", 21, seed=100 + seed, lot_seed=seed)
    check_format_a(state)
    check_whole_tournament(state)


def test_64_players_have_enough_groups_to_keep_everyone_apart() -> None:
    state = played("gruppenmodus", 64, seed=64)
    first, second = state.stages[:2]
    before = {p: i for i, t in enumerate(first.tables(1) or ()) for p in t}
    for t in second.tables(1) or ():
        assert len({before[p] for p in t}) == 4


def test_rolloffs_are_recorded_in_the_file() -> None:
    state = played("gruppenmodus", 27, seed=27)
    kinds = Counter(f.kind for f in state.tournament.facts if isinstance(f, Rolloff))
    assert kinds["stechen"] > 0


# -- by hand --------------------------------------------------------------------------


def enter_pass(
    state: TournamentState, game: int, pips: dict[int, list[int]], scores: list[int] | None = None
) -> None:
    """Enter pips for every group: pips[table index] in the table's seat order (and scores)."""
    st = state.current
    assert st is not None
    for index, values in pips.items():
        table = (st.tables(game) or ())[index - 1]
        given = dict(zip(table, scores, strict=True)) if scores and index == 1 else {}
        record(
            state,
            Result(n=0, stage=st.key, game=game, table=index,
                   pips=dict(zip(table, values, strict=True)), scores=given),
        )  # fmt: skip


def test_by_hand_eight_players() -> None:
    state = TournamentState(tournament("gruppenmodus", 8, seed=3))
    assert [s.kind for s in pending(state)] == ["draw"]
    draw = record(state, next_draw(state, seed=11))
    assert isinstance(draw, Draw) and draw.stage == "gruppenrunde"
    st = state.current
    assert st is not None
    (a, b, c, d), (e, f, g, h) = st.tables(1) or ()

    # pass 1, group 1 is the worked example: A 17, B 17, C 12, D 9; group 2: a tie for 3rd
    enter_pass(state, 1, {1: [17, 17, 12, 9], 2: [18, 12, 6, 6]})
    assert {n.players for n in open_rolloffs(state)} == {
        tuple(sorted((a, b))),
        tuple(sorted((g, h))),
    }
    assert {s.kind for s in pending(state)} >= {"rolloff", "result"}
    assert st.outcomes[(1, 1)].points is None  # no points before the Stechen
    record(state, rolloff_for(state, [b, a]))  # B wins
    assert st.outcomes[(1, 1)].points == {b: 6, a: 5, c: 2, d: 0}
    # take it back: the points are open again; enter it once more
    state, undone = undo_last(state)
    assert isinstance(undone, Rolloff) and undone.order == (b, a)
    st = state.current
    assert st is not None
    assert st.outcomes[(1, 1)].points is None
    record(state, rolloff_for(state, [b, a]))
    assert st.outcomes[(1, 1)].points == {b: 6, a: 5, c: 2, d: 0}
    # group 2's Stechen is rolled by the software, reproducibly from its seed
    (need,) = open_rolloffs(state)
    assert set(need.players) == {g, h} and need.place == 3
    rolled = record(state, rolled_by_software(need, seed=99))
    assert isinstance(rolled, Rolloff) and rolled.seed == 99
    assert rolled_by_software(need, seed=99).order == rolled.order
    winner, loser = rolled.order
    assert st.outcomes[(1, 2)].points == {e: 6, f: 4, winner: 2, loser: 1}
    with pytest.raises(RuleError):  # a roll-off nobody needs
        rolloff_for(state, [c, d])

    # pass 2: a three-way tie for place 1 in group 1 → 6, 5, 3
    enter_pass(state, 2, {1: [10, 10, 10, 3], 2: [18, 12, 6, 3]})
    record(state, rolloff_for(state, [a, c, b]))
    assert st.outcomes[(2, 1)].points == {a: 6, c: 5, b: 3, d: 0}
    # pass 3 with scores (placement by score, then pips): B, A, C, D, all pips 5
    enter_pass(state, 3, {1: [5, 5, 5, 5], 2: [18, 12, 6, 3]}, scores=[2, 3, 1, 0])
    totals = st.totals
    assert {p: totals[p].points for p in (a, b, c, d)} == {a: 15, b: 15, c: 9, d: 0}
    assert totals[a].pips == totals[b].pips == 32
    assert totals[e].points == 18
    # A and B are level on points and pips: the Erzherzog decides, its winner placed higher
    assert not state.stage_complete(st)
    with pytest.raises(RuleError):
        next_draw(state, seed=1)
    erz = [n for n in open_rolloffs(state) if n.kind == "erzherzog"]
    assert [set(n.players) for n in erz] == [{a, b}]
    record(state, rolloff_for(state, [b, a]))
    assert st.table_standings[0].order() == [b, a, c, d]
    assert st.table_standings[0].rows[1].decided_by is not None
    assert st.table_standings[0].rows[1].decided_by.name == "erzherzog"
    # the Erzherzog changes neither points nor pips
    assert (st.totals[a].points, st.totals[a].pips) == (15, 32)
    assert state.stage_complete(st)

    # places 1–2 of both groups → 4 players → the final
    final_draw = record(state, next_draw(state, seed=12))
    assert isinstance(final_draw, Draw) and final_draw.stage == "finale"
    final = state.current
    assert final is not None and final.key == "finale"
    assert set(final.entrants) == {b, a, e, f}
    assert final.entrants[:2] == [b, e] or final.entrants[:2] == [e, b]
    # a result for the finished group round is refused
    with pytest.raises(RuleError):
        record(state, Result(n=0, stage=st.key, game=1, table=1,
                             pips=dict.fromkeys((a, b, c, d), 1)))  # fmt: skip


# -- who goes on ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "groups", "expected"),
    [(9, 3, 8), (13, 4, 8), (27, 7, 16), (40, 10, 20), (20, 5, 12), (12, 3, 8), (7, 2, 4)],
)
def test_places_1_2_then_best_thirds_up_to_a_multiple_of_4(
    players: int, groups: int, expected: int
) -> None:
    entrants = Entrants(per_table=2, fill_multiple=4)
    assert entrants.count(players, groups) == expected


def test_fill_up_to_a_target_size() -> None:
    assert Entrants(per_table=2, fill_target=12).count(20, 5) == 12
    assert Entrants(per_table=2, fill_target=12).count(10, 3) == 10  # not more than there are
    assert Entrants(top=16).count(10, 3) == 10
    assert Entrants(per_table=1).count(27, 9) == 9
