"""Format D played to the end: formats.md, "Format D — Schocken knockout with lives and chips"."""

from __future__ import annotations

import random

import pytest
from ko_play import Organiser, check_invariants, play_out

from tafelrunde.engine.knockout import (
    Bracket,
    KnockoutRules,
    Status,
    StepKind,
    next_steps,
    prize_winners,
    ranking,
    suggested_tables,
)

pytestmark = pytest.mark.unit


def _assert_full_ranking(org: Organiser, ids: list[str]) -> None:
    rows = ranking(org.state)
    assert sorted(r.player for r in rows) == sorted(ids)
    assert [r.place for r in rows] == list(range(1, len(ids) + 1))
    assert rows[0].player == org.state.winner


@pytest.mark.parametrize("count", [4, 5, 6, 7, 9, 13, 64, 200])
@pytest.mark.parametrize("seed", [1, 2])
def test_plays_to_the_end_with_a_full_ranking(count: int, seed: int) -> None:
    org = Organiser()
    ids = org.enter(count)
    state = play_out(org, random.Random(seed), check_every=1 if count < 64 else 25)
    assert state.finished
    _assert_full_ranking(org, ids)
    final = state.grand_final()
    assert final is not None and len(final.players) == 4
    assert next_steps(state)[0].kind is StepKind.FINISHED
    assert len(prize_winners(state)) == 6 or count < 6


def test_first_round_seats_everybody_in_fours_and_threes() -> None:
    org = Organiser()
    org.enter(13)
    tables = suggested_tables(org.state, Bracket.MAIN)
    assert sorted(len(t) for t in tables) == [3, 3, 3, 4]
    assert sorted(p for t in tables for p in t) == sorted(org.state.players)


def test_four_players_one_final_table_then_the_grand_final() -> None:
    org = Organiser()
    a, b, c, d = org.enter(4)
    org.open_suggested()
    table = org.state.tables[1]
    assert table.final and table.bracket is Bracket.MAIN
    assert org.state.table_chips(1) == {a: 2, b: 2, c: 2, d: 2}
    org.lose(1, a)
    assert org.state.table_chips(1)[a] == 1
    org.knock_out(1, a)
    assert org.state.players[a].lives == 1
    assert org.state.players[a].status is Status.WAITING
    assert org.state.queues[Bracket.CONSOLATION] == [a]
    org.knock_out(1, b)
    # the 2 survivors of the main final table reach the grand final; the consolation
    # bracket is left with 2 players and nobody can come: they qualify without a table
    assert not org.state.tables[1].is_open
    assert org.state.qualified[Bracket.MAIN] == [c, d]
    assert org.state.qualified[Bracket.CONSOLATION] == [a, b]
    steps = next_steps(org.state)
    assert [s.kind for s in steps] == [StepKind.OPEN_GRAND_FINAL]
    org.open_suggested()
    assert org.state.table_chips(2) == {a: 3, b: 3, c: 3, d: 3}
    for loser in (c, a, d):
        org.knock_out(2, loser)
    assert org.state.winner == b
    assert [r.player for r in ranking(org.state)] == [b, d, a, c]


def test_five_players_a_four_table_and_one_waits() -> None:
    org = Organiser()
    ids = org.enter(5)
    assert [len(t) for t in suggested_tables(org.state, Bracket.MAIN)] == [4]
    org.open_suggested()
    assert not org.state.tables[1].final
    org.knock_out(1, ids[0])
    org.knock_out(1, ids[1])
    # 2 survivors and the one who waited form the main bracket's final table of 3
    (table,) = suggested_tables(org.state, Bracket.MAIN)
    assert sorted(table) == sorted(ids[2:])
    org.open_suggested()
    assert org.state.tables[2].final
    org.knock_out(2, ids[2])
    assert sorted(org.state.qualified[Bracket.MAIN]) == [ids[3], ids[4]]
    # consolation: 3 players, nobody can come: their final table
    (cons,) = suggested_tables(org.state, Bracket.CONSOLATION)
    assert sorted(cons) == sorted(ids[:3])
    org.open_suggested()
    assert org.state.tables[3].final and org.state.tables[3].bracket is Bracket.CONSOLATION
    org.knock_out(3, ids[1])
    assert org.state.players[ids[1]].status is Status.OUT
    assert sorted(org.state.finalists) == sorted([ids[3], ids[4], ids[0], ids[2]])
    assert ranking(org.state)[-1].place == 5


def test_consolation_final_losers_are_places_5_and_6() -> None:
    org = Organiser()
    ids = org.enter(6)
    state = play_out(org, random.Random(7))
    cons_final = next(
        t for t in state.tables.values() if t.final and t.bracket is Bracket.CONSOLATION
    )
    places = {r.player: r.place for r in ranking(state)}
    losers = cons_final.left
    assert len(losers) == len(cons_final.players) - 2
    assert places[losers[-1]] == 5
    if len(losers) == 2:
        assert places[losers[0]] == 6
    assert sorted(places) == sorted(ids)


def test_main_final_leaves_two_while_consolation_still_plays() -> None:
    org = Organiser()
    ids = org.enter(8)
    org.open_suggested()  # two 4-tables
    org.knock_out(1, ids[0])
    org.knock_out(1, ids[1])
    org.knock_out(2, ids[4])
    org.knock_out(2, ids[5])
    # main: 4 survivors wait, nobody else can come: their final table;
    # consolation: 4 losers wait: a table of 4 as soon as 4 wait
    org.open_suggested()
    main_final = org.state.tables[3]
    cons = org.state.tables[4]
    assert main_final.final and main_final.bracket is Bracket.MAIN
    assert cons.bracket is Bracket.CONSOLATION and not cons.final
    org.knock_out(3, ids[2])
    org.knock_out(3, ids[6])
    assert Bracket.MAIN in org.state.done_brackets
    assert all(org.state.players[p].status is Status.FINALIST for p in (ids[3], ids[7]))
    assert not org.state.grand_final_ready()
    assert org.state.queues[Bracket.CONSOLATION] == [ids[2], ids[6]]
    org.knock_out(4, ids[0])
    org.knock_out(4, ids[1])
    # 2 survivors of table 4 and the 2 main-final losers: the consolation final table
    (table,) = suggested_tables(org.state, Bracket.CONSOLATION)
    assert sorted(table) == sorted([ids[2], ids[6], ids[4], ids[5]])
    org.open_suggested()
    assert org.state.tables[5].final
    check_invariants(org.state)


def test_a_lone_consolation_player_qualifies_and_the_fill_rule_completes_the_final() -> None:
    org = Organiser()
    ids = org.enter(3)  # one 3-table: a main final table with one loser
    org.open_suggested()
    org.knock_out(1, ids[0])
    assert org.state.qualified[Bracket.CONSOLATION] == [ids[0]]
    assert sorted(org.state.finalists) == sorted(ids)  # nobody eliminated to fill up


def test_one_life_no_consolation_the_latest_eliminated_fill_the_final() -> None:
    org = Organiser(KnockoutRules(lives=1))
    ids = org.enter(8)
    state = play_out(org, random.Random(3))
    assert state.qualified[Bracket.CONSOLATION] == []
    final = state.grand_final()
    assert final is not None and len(final.players) == 4
    assert sorted(r.player for r in ranking(state)) == sorted(ids)


def test_fill_none_plays_a_smaller_grand_final() -> None:
    org = Organiser(KnockoutRules(lives=1, final_fill="none"))
    ids = org.enter(8)
    state = play_out(org, random.Random(3))
    final = state.grand_final()
    assert final is not None and len(final.players) == 2
    assert sorted(r.player for r in ranking(state)) == sorted(ids)


def test_chips_carry_over_within_a_bracket() -> None:
    org = Organiser(KnockoutRules(chips_carry_over=True))
    ids = org.enter(8)
    org.open_suggested()
    org.lose(1, ids[2])  # survives with 1 chip
    org.knock_out(1, ids[0])
    org.knock_out(1, ids[1])
    org.knock_out(2, ids[4])
    org.knock_out(2, ids[5])
    org.open_suggested()
    assert org.state.table_chips(3)[ids[2]] == 1
    assert org.state.table_chips(3)[ids[3]] == 2
    assert org.state.table_chips(4)[ids[0]] == 2  # a new bracket: fresh chips


def test_without_carry_over_chips_are_fresh_at_every_table() -> None:
    org = Organiser()
    ids = org.enter(8)
    org.open_suggested()
    org.lose(1, ids[2])
    org.knock_out(1, ids[0])
    org.knock_out(1, ids[1])
    org.knock_out(2, ids[4])
    org.knock_out(2, ids[5])
    org.open_suggested()
    assert org.state.table_chips(3)[ids[2]] == 2


def test_later_tables_of_four_as_soon_as_four_wait() -> None:
    org = Organiser()
    ids = org.enter(16)
    org.open_suggested()  # four 4-tables
    org.knock_out(1, ids[0])
    org.knock_out(1, ids[1])
    # nobody comes from outside, but 2 waiting are at most the survivors: they wait
    assert suggested_tables(org.state, Bracket.MAIN) == ()
    org.knock_out(2, ids[4])
    org.knock_out(2, ids[5])
    (table,) = suggested_tables(org.state, Bracket.MAIN)
    assert len(table) == 4
    (cons,) = suggested_tables(org.state, Bracket.CONSOLATION)
    assert sorted(cons) == sorted([ids[0], ids[1], ids[4], ids[5]])
