"""Format C (King Lui, preset `king-lui`): whole tournaments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from helpers import check_whole_tournament, played, tournament
from strategies import PREFER_3_AT_MOST_TWO_4
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import next_draw, record, undo_last
from tafelrunde.engine.groups.facts import Draw, Result
from tafelrunde.engine.groups.seating import drawn_seat_order, serpentine_seating
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tables import plan_tables

pytestmark = pytest.mark.unit

SIZES = [9, 13, 27, 40, 64]


def check_fixed_tables(st: StageState, games: int) -> None:
    """Players keep their table for all games of the round; every game has its result."""
    assert st.rule.games == games
    assert list(st.draws) == [1]
    tables = st.tables(1) or ()
    assert set(st.results) == {
        (g, i) for g in range(1, games + 1) for i in range(1, len(tables) + 1)
    }
    for g in range(1, games + 1):
        assert st.tables(g) == tables
        for i, table in enumerate(tables, start=1):
            seats = st.seat_order(g, i)
            assert sorted(seats) == sorted(table)
            if g > 1:  # a seat draw before every game (/drawseat), reproducible
                draw = st.draws[1]
                assert seats == drawn_seat_order(table, seed=draw.seed, game=g, index=i)


def table_winners(st: StageState) -> list[str]:
    return [s.order()[0] for s in st.table_standings]


def check_format_c(state: TournamentState, n: int) -> None:
    keys = [st.key for st in state.stages]
    if n >= 27:
        assert keys == ["runde1", "runde2", "runde3", "finale"]
    else:
        assert keys == ["runde1", "runde3", "finale"]
    r1, *middle, final = state.stages

    # round 1: tables of 3, one or two 4-tables when N mod 3 ≠ 0; 3 games
    sizes = sorted(map(len, r1.tables(1) or ()))
    assert sizes == sorted(plan_tables(n, PREFER_3_AT_MOST_TWO_4).sizes)
    assert sizes.count(4) == {0: 0, 1: 1, 2: 2}[n % 3]
    check_fixed_tables(r1, 3)
    # round-1 ranking: VP, game points (4-table ×4/3 exact), wins, fewest losses, lot
    order1 = r1.standing(state.cut(r1)).order()
    t = r1.totals
    keys1 = [(t[p].points, t[p].game_points, t[p].wins, -t[p].losses) for p in order1]
    assert keys1 == sorted(keys1, reverse=True)
    for p in r1.entrants:
        size = len((r1.tables(1) or ())[r1.table_of(p) - 1])  # type: ignore[operator]
        raw = sum(r1.results[(g, r1.table_of(p))].scores[p] for g in (1, 2, 3))  # type: ignore[index]
        assert t[p].game_points == (Fraction(raw * 4, 3) if size == 4 else raw)
    rank1 = {p: i for i, p in enumerate(order1, start=1)}

    previous, order_prev = r1, order1
    if n >= 27:
        r2, r3 = middle
        # round 2: the best 27, serpentine 1-18-19 … 9-10-27 by round-1 rank; 4 games
        assert r2.entrants == order1[:27]
        assert list(r2.tables(1) or ()) == serpentine_seating(order1[:27], [3] * 9)
        check_fixed_tables(r2, 4)
        check_table_ranking(r2, rank1)
        order2 = r2.standing(state.cut(r2)).order()
        # table winners advance, ranked by VP, wins, fewest losses, round-1 rank
        winners = table_winners(r2)
        assert sorted(order2[:9]) == sorted(winners)
        t2 = r2.totals
        keys2 = [(t2[p].points, t2[p].wins, -t2[p].losses, -rank1[p]) for p in order2[:9]]
        assert keys2 == sorted(keys2, reverse=True)
        previous, order_prev = r2, order2
    else:
        (r3,) = middle
    # round 3: 9 players seated 1-6-7, 2-5-8, 3-4-9; 4 games
    assert r3.entrants == order_prev[:9]
    s = order_prev
    assert list(r3.tables(1) or ()) == [
        (s[0], s[5], s[6]), (s[1], s[4], s[7]), (s[2], s[3], s[8])
    ]  # fmt: skip
    check_fixed_tables(r3, 4)
    check_table_ranking(r3, rank1)
    # final: the 3 table winners, 5 games
    assert sorted(final.entrants) == sorted(table_winners(r3))
    assert len(final.tables(1) or ()) == 1
    check_fixed_tables(final, 5)
    tf = final.totals
    order_f = final.standing(None).order()
    keys_f = [
        (tf[p].points, tf[p].game_points, tf[p].wins, -tf[p].losses, -rank1[p]) for p in order_f
    ]
    assert keys_f == sorted(keys_f, reverse=True)
    # overall: final 1–3, then round-3 players, round-2 players, round 1, by each round's ranking
    overall = [r.player for r in state.overall()]
    assert overall[:3] == order_f
    pos = 3
    for st in reversed(state.stages[:-1]):
        rest = [p for p in st.standing(state.cut(st)).order() if p not in overall[:pos]]
        assert overall[pos : pos + len(rest)] == rest
        pos += len(rest)
    assert pos == n
    del previous


def check_table_ranking(st: StageState, rank1: dict[str, int]) -> None:
    """Within a table: VP, then wins, fewest losses, round-1 rank."""
    t = st.totals
    for s in st.table_standings:
        keys = [(t[p].points, t[p].wins, -t[p].losses, -rank1[p]) for p in s.order()]
        assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize("n", SIZES)
def test_whole_tournament(n: int) -> None:
    state = played("king-lui", n, seed=n)
    check_format_c(state, n)
    check_whole_tournament(state)


@pytest.mark.parametrize(("n", "seed"), [(28, 1), (29, 2), (30, 3), (11, 4)])
def test_whole_tournament_other_sizes(n: int, seed: int) -> None:
    state = played("king-lui", n, seed=seed, lot_seed=seed)
    check_format_c(state, n)
    check_whole_tournament(state)


def test_round_2_seats_round_1_ranks_exactly_like_the_seed() -> None:
    state = played("king-lui", 27, seed=27)
    r1, r2 = state.stages[:2]
    rank1 = r1.standing(27).rank_of()
    as_ranks = [tuple(rank1[p] for p in t) for t in r2.tables(1) or ()]
    assert as_ranks == [
        (1, 18, 19), (2, 17, 20), (3, 16, 21), (4, 15, 22), (5, 14, 23),
        (6, 13, 24), (7, 12, 25), (8, 11, 26), (9, 10, 27),
    ]  # fmt: skip


def test_a_three_way_tie_at_a_3_table_gives_everybody_1_5() -> None:
    state = TournamentState(tournament("king-lui", 9, seed=2))
    record(state, next_draw(state, seed=5))
    st = state.current
    assert st is not None
    table = (st.tables(1) or ())[0]
    record(state, Result(n=0, stage="runde1", game=1, table=1, scores=dict.fromkeys(table, 7)))
    assert {st.totals[p].points for p in table} == {Fraction(3, 2)}
    assert {st.totals[p].wins for p in table} == {1}


# -- by hand --------------------------------------------------------------------------


def test_by_hand_nine_players() -> None:
    state = TournamentState(tournament("king-lui", 9, seed=4))
    first = record(state, next_draw(state, seed=31))
    assert isinstance(first, Draw) and first.stage == "runde1"
    r1 = state.current
    assert r1 is not None
    tables = r1.tables(1) or ()
    assert [len(t) for t in tables] == [3, 3, 3]
    # 3 games per table: A beats B beats C, ties for 1st in game 2, for 2nd in game 3
    games = {1: [20, 10, 5], 2: [15, 15, 4], 3: [12, 8, 8]}
    for g, values in games.items():
        for i, t in enumerate(tables, start=1):
            record(state, Result(n=0, stage="runde1", game=g, table=i,
                                 scores=dict(zip(t, values, strict=True))))  # fmt: skip
    a, b, c = tables[0]
    t = r1.totals
    assert t[a].points == 3 + Fraction(23, 10) + 3  # 8.3
    assert t[b].points == Fraction(3, 2) + Fraction(23, 10) + Fraction(8, 10)  # 4.6
    assert t[c].points == 0 + 0 + Fraction(8, 10)
    assert (t[a].wins, t[a].losses) == (3, 0)
    assert (t[b].wins, t[b].losses) == (1, 1)  # game 3: a shared last place is a loss
    assert (t[c].wins, t[c].losses) == (0, 3)
    # a correction must say so; with `corrects` it replaces the result
    old = r1.results[(3, 1)]
    with pytest.raises(RuleError):
        record(state, Result(n=0, stage="runde1", game=3, table=1,
                             scores=dict(zip(tables[0], [12, 9, 8], strict=True))))  # fmt: skip
    record(state, Result(n=0, stage="runde1", game=3, table=1, corrects=old.n,
                         scores=dict(zip(tables[0], [12, 9, 8], strict=True))))  # fmt: skip
    r1 = state.current
    assert r1 is not None
    assert r1.totals[b].points == Fraction(3, 2) + Fraction(23, 10) + Fraction(3, 2)  # 5.3
    assert r1.totals[c].losses == 3
    assert r1.totals[b].losses == 0
    # undo the correction: the earlier result counts again
    state, undone = undo_last(state)
    assert isinstance(undone, Result) and undone.corrects == old.n
    r1 = state.current
    assert r1 is not None
    assert r1.totals[b].points == Fraction(46, 10)
    assert state.stage_complete(r1)
    # fewer than 27 players: round 2 is skipped; the 9 play round 3 seated 1-6-7, 2-5-8, 3-4-9
    record(state, next_draw(state, seed=32))
    r3 = state.current
    assert r3 is not None and r3.key == "runde3"
    s = r1.standing(9).order()
    assert list(r3.tables(1) or ()) == [(s[0], s[5], s[6]), (s[1], s[4], s[7]), (s[2], s[3], s[8])]
    with pytest.raises(RuleError):  # a result for the finished round 1
        record(state, Result(n=0, stage="runde1", game=1, table=1,
                             scores=dict.fromkeys(tables[0], 1)))  # fmt: skip


def test_every_game_of_a_serpentine_round_starts_with_a_drawn_seat_order() -> None:
    state = played("king-lui", 27, seed=27)
    firsts = []
    for st in state.stages[1:]:
        for i, table in enumerate(st.tables(1) or (), start=1):
            firsts.append(st.seat_order(1, i) == table)
    assert len(firsts) == 9 + 3 + 1
    # a drawn order equals the seeding order with chance 1/6 per table; all 13: never
    assert not all(firsts)
