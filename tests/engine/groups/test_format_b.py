"""Format B (Alhambra, preset `alhambra`): whole tournaments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from helpers import check_whole_tournament, pairs, played, tournament
from strategies import PREFER_4_ALLOW_3
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import next_draw, open_rolloffs, record, undo_last
from tafelrunde.engine.groups.facts import Draw, Result
from tafelrunde.engine.groups.progress import pending
from tafelrunde.engine.groups.scoring import placements
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num
from tafelrunde.engine.tables import plan_tables

pytestmark = pytest.mark.unit

SIZES = [9, 13, 27, 40, 64]


def seats_at_4_tables(tables: tuple[tuple[str, ...], ...]) -> set[str]:
    return {p for t in tables if len(t) == 4 for p in t}


def expected_points(scores: dict[str, Num]) -> dict[str, Num]:
    """5/3/2/1 (3-table 5/3/2), ties split and floored to 0.5."""
    table = {4: (5, 3, 2, 1), 3: (5, 3, 2)}[len(scores)]
    places = placements({p: (s,) for p, s in scores.items()})
    out: dict[str, Num] = {}
    for p, place in places.items():
        k = sum(1 for q in places.values() if q == place)
        share = Fraction(sum(table[place - 1 : place - 1 + k]), k)
        out[p] = Fraction(int(share * 2), 2)
    return out


def stage_sums(st: StageState) -> dict[str, tuple[Num, Num]]:
    """TP and game points per player, recomputed from the results by the spec."""
    sums: dict[str, list[Num]] = {p: [0, 0] for p in st.entrants}
    for (game, index), res in st.results.items():
        table = (st.tables(game) or ())[index - 1]
        scores = {p: res.scores[p] for p in table}
        for p, v in expected_points(scores).items():
            sums[p][0] += v
            factor = Fraction(3, 4) if len(table) == 3 else 1
            sums[p][1] += int(scores[p] * factor)  # floored per game (scores are not negative)
    return {p: (a, b) for p, (a, b) in sums.items()}


def check_format_b(state: TournamentState, n: int) -> None:
    stages = state.stages
    keys = [st.key for st in stages]
    assert keys == (["vorrunde", "zwischenrunde", "finale"] if n >= 40 else ["vorrunde", "finale"])
    pre, *inter, final = stages

    # preliminary: 2 games, a fresh draw for each, tables of 4 (3 only as needed)
    assert sorted(pre.draws) == [1, 2]
    assert pre.draws[1].seed != pre.draws[2].seed or pre.draws[1].tables != pre.draws[2].tables
    plan = sorted(plan_tables(n, PREFER_4_ALLOW_3).sizes)
    g1, g2 = pre.draws[1].tables, pre.draws[2].tables
    assert sorted(map(len, g1)) == sorted(map(len, g2)) == plan
    # 3-table players of game 1 sit at 4-tables in game 2 wherever the counts allow
    at_3 = {p for t in g1 if len(t) == 3 for p in t}
    moved = at_3 & seats_at_4_tables(g2)
    assert len(moved) == min(len(at_3), len(seats_at_4_tables(g2)))
    # points and game points as the spec computes them
    sums = stage_sums(pre)
    for p in pre.entrants:
        assert (pre.totals[p].points, pre.totals[p].game_points) == sums[p]
    # preliminary ranking: TP, then game points, then lot
    ranked = pre.standing(state.cut(pre)).order()
    keys_in_order = [sums[p] for p in ranked]
    assert keys_in_order == sorted(keys_in_order, reverse=True)

    if inter:
        (mid,) = inter
        assert mid.entrants == ranked[:16]
        assert [len(t) for t in mid.tables(1) or ()] == [4, 4, 4, 4]
        winners = [s.order()[0] for s in mid.table_standings]
        assert sorted(final.entrants) == sorted(winners)
        # a tie for a table win: preliminary TP, then game points, then lot
        for s in mid.table_standings:
            top = s.order()[0]
            for other in s.order()[1:]:
                a = (mid.totals[top].points, *sums[top])
                b = (mid.totals[other].points, *sums[other])
                assert a >= b
    else:
        assert final.entrants == ranked[:4]

    # final: one table of all finalists, the note about the expansions
    assert len(final.tables(1) or ()) == 1
    assert "Wesir" in final.rule.note
    earlier = {p: [0, 0] for p in final.entrants}
    for st in stages[:-1]:
        for p in final.entrants:
            if p in st.totals:
                earlier[p][0] += st.totals[p].points
                earlier[p][1] += st.totals[p].game_points
    order = final.standing(None).order()
    keys_final = [(final.totals[p].points, *earlier[p]) for p in order]
    assert keys_final == sorted(keys_final, reverse=True)

    # overall: finalists, then the intermediate round, then the preliminary ranking
    overall = [r.player for r in state.overall()]
    assert overall[: len(order)] == order
    rest = overall[len(order) :]
    if inter:
        mid_rest = [p for p in inter[0].standing(4).order() if p not in order]
        assert rest[: len(mid_rest)] == mid_rest
        rest = rest[len(mid_rest) :]
    assert rest == [p for p in ranked if p in set(rest)]
    assert [p for p in ranked if p not in set(overall[: n - len(rest)])] == rest


@pytest.mark.parametrize("n", SIZES)
def test_whole_tournament(n: int) -> None:
    state = played("alhambra", n, seed=n)
    check_format_b(state, n)
    check_whole_tournament(state)


@pytest.mark.parametrize(("n", "seed"), [(39, 1), (40, 2), (17, 3), (22, 4), (10, 5)])
def test_whole_tournament_other_sizes(n: int, seed: int) -> None:
    state = played("alhambra", n, seed=seed, lot_seed=seed)
    check_format_b(state, n)
    check_whole_tournament(state)


def test_64_players_meet_no_one_twice_in_the_preliminary() -> None:
    pre = played("alhambra", 64, seed=64).stages[0]
    assert not pairs(pre.draws[1].tables) & pairs(pre.draws[2].tables)


def test_13_players_the_one_4_table_of_game_2_is_all_former_3_table_players() -> None:
    pre = played("alhambra", 13, seed=13).stages[0]
    g1, g2 = pre.draws[1].tables, pre.draws[2].tables
    at_3 = {p for t in g1 if len(t) == 3 for p in t}
    (four,) = [t for t in g2 if len(t) == 4]
    assert set(four) <= at_3


# -- by hand --------------------------------------------------------------------------


def enter_game(state: TournamentState, game: int, scores: list[list[int]]) -> None:
    st = state.current
    assert st is not None
    for index, (table, values) in enumerate(zip(st.tables(game) or (), scores, strict=True), 1):
        record(
            state,
            Result(n=0, stage=st.key, game=game, table=index,
                   scores=dict(zip(table, values, strict=True))),
        )  # fmt: skip


def test_by_hand_seven_players() -> None:
    state = TournamentState(tournament("alhambra", 7, seed=8))
    record(state, next_draw(state, seed=21))
    pre = state.current
    assert pre is not None and pre.key == "vorrunde"
    g1 = pre.tables(1) or ()
    assert sorted(map(len, g1)) == [3, 4]
    # game 2 is not drawn before it is asked for
    assert pre.tables(2) is None
    four, three = sorted(g1, key=len, reverse=True)
    by_size = {4: [100, 100, 60, 40], 3: [131, 90, 90]}
    enter_game(state, 1, [by_size[len(t)] for t in g1])
    assert pre.totals[four[0]].points == 4  # tie for 1st of two → 4
    assert pre.totals[three[0]].points == 5
    assert pre.totals[three[0]].game_points == 98  # 131 × 0.75 = 98.25 → 98
    assert pre.totals[three[1]].points == Fraction(5, 2)  # tie for 2nd of two → 2.5
    assert not open_rolloffs(state)  # split ties need no roll-off
    # a second result without a correction is refused; a correction replaces it
    with pytest.raises(RuleError):
        record(state, Result(n=0, stage="vorrunde", game=1, table=1,
                             scores=dict.fromkeys(g1[0], 1)))  # fmt: skip
    # game 2: a fresh draw; the 3-table players now sit at the 4-table
    assert [s.kind for s in pending(state)] == ["draw"]
    d2 = record(state, next_draw(state, seed=22))
    assert isinstance(d2, Draw) and d2.game == 2
    g2 = pre.tables(2) or ()
    (four_2,) = [t for t in g2 if len(t) == 4]
    assert set(three) <= set(four_2)
    # undo the draw of game 2 and draw it again from the same seed: same tables
    state, undone = undo_last(state)
    assert isinstance(undone, Draw)
    again = record(state, next_draw(state, seed=22))
    assert isinstance(again, Draw) and again.tables == d2.tables
    enter_game(state, 2, [by_size[len(t)] for t in again.tables])
    pre = state.current
    assert pre is not None
    assert state.stage_complete(pre)
    # fewer than 40 players: the best 4 of the preliminary reach the final
    final_draw = record(state, next_draw(state, seed=23))
    assert isinstance(final_draw, Draw) and final_draw.stage == "finale"
    final = state.current
    assert final is not None
    assert final.entrants == pre.standing(4).order()[:4]
    with pytest.raises(RuleError):
        record(state, Result(n=0, stage="vorrunde", game=2, table=1,
                             scores=dict.fromkeys(g2[0], 1), corrects=None))  # fmt: skip
    (table,) = final.tables(1) or ()
    record(state, Result(n=0, stage="finale", game=1, table=1,
                         scores=dict(zip(table, [50, 80, 80, 20], strict=True))))  # fmt: skip
    assert state.finished
    # final ranking: final TP; the two tied on TP are ordered by preliminary TP
    tied = [table[1], table[2]]
    order = final.standing(None).order()
    assert order[0] in tied and order[1] in tied
    pre_tp = {p: pre.totals[p].points for p in tied}
    if pre_tp[tied[0]] != pre_tp[tied[1]]:
        assert pre_tp[order[0]] > pre_tp[order[1]]
    check_whole_tournament(state)
