"""Seating by rank (serpentine) and format A's start orders (passes, Herzog)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import add, tournament
from tafelrunde.engine.groups.facts import Draw, Result, Rolloff
from tafelrunde.engine.groups.progress import pending
from tafelrunde.engine.groups.seating import drawn_seat_order, pass_start_order, serpentine_seating
from tafelrunde.engine.groups.tournament_state import TournamentState

pytestmark = pytest.mark.unit


def ranks(n: int) -> list[str]:
    return [str(r) for r in range(1, n + 1)]


def as_numbers(tables: list[tuple[str, ...]]) -> list[tuple[int, ...]]:
    return [tuple(int(p) for p in t) for t in tables]


# -- serpentine -----------------------------------------------------------------------


def test_serpentine_9_tables_of_3_is_format_c_round_2() -> None:
    tables = serpentine_seating(ranks(27), [3] * 9)
    assert as_numbers(tables) == [
        (1, 18, 19), (2, 17, 20), (3, 16, 21), (4, 15, 22), (5, 14, 23),
        (6, 13, 24), (7, 12, 25), (8, 11, 26), (9, 10, 27),
    ]  # fmt: skip


def test_serpentine_3_tables_of_3_is_format_c_round_3() -> None:
    assert as_numbers(serpentine_seating(ranks(9), [3, 3, 3])) == [(1, 6, 7), (2, 5, 8), (3, 4, 9)]


def expected_table(r: int, tables: int) -> int:
    """The table (0-based) of rank r in a serpentine over equal tables."""
    k, i = divmod(r - 1, tables)
    return i if k % 2 == 0 else tables - 1 - i


@given(tables=st.integers(1, 12), size=st.integers(1, 6))
def test_serpentine_formula(tables: int, size: int) -> None:
    seated = serpentine_seating(ranks(tables * size), [size] * tables)
    assert len(seated) == tables
    assert all(len(t) == size for t in seated)
    where = {p: i for i, t in enumerate(seated) for p in t}
    for r in range(1, tables * size + 1):
        assert where[str(r)] == expected_table(r, tables)
    for t in seated:  # within a table, better ranks sit first
        assert list(t) == sorted(t, key=int)


@given(sizes=st.lists(st.integers(2, 5), min_size=1, max_size=8))
def test_serpentine_with_unequal_tables_seats_everyone_once(sizes: list[int]) -> None:
    seated = serpentine_seating(ranks(sum(sizes)), sizes)
    assert [len(t) for t in seated] == sizes
    assert sorted(int(p) for t in seated for p in t) == list(range(1, sum(sizes) + 1))
    # the first pass goes forward: rank t+1 sits at table t
    assert [t[0] for t in seated] == ranks(len(sizes))


# -- seat orders ----------------------------------------------------------------------


def test_drawn_seat_order_is_reproducible_from_the_seed() -> None:
    table = ("a", "b", "c", "d")
    once = drawn_seat_order(table, seed=11, game=2, index=3)
    assert sorted(once) == sorted(table)
    assert drawn_seat_order(table, seed=11, game=2, index=3) == once
    others = {drawn_seat_order(table, seed=s, game=2, index=3) for s in range(30)}
    assert len(others) > 1


def test_pass_start_order_function() -> None:
    drawn = ("A", "B", "C", "D")
    assert pass_start_order(drawn, 1, None) == drawn
    assert pass_start_order(drawn, 2, ["B", "A", "D", "C"]) == ("D", "C", "B", "A")
    assert pass_start_order(drawn, 3, ["C", "A", "D", "B"]) == ("C", "A", "D", "B")


def test_pass_start_order_reverses_pass_2_without_a_standing() -> None:
    assert pass_start_order(("A", "B", "C", "D"), 2, None) == ("D", "C", "B", "A")


# -- format A start orders in a real group ---------------------------------------------

A, B, C, D = "p01", "p02", "p03", "p04"


def final_of_four() -> TournamentState:
    """Format A with 4 players: the final group only (4 passes), drawn A B C D."""
    state = TournamentState(tournament("gruppenmodus", 4))
    add(state, Draw(n=0, stage="finale", game=1, seed=3, tables=((A, B, C, D),)))
    return state


def pips(game: int, **by_player: int) -> Result:
    return Result(
        n=0,
        stage="finale",
        game=game,
        table=1,
        pips={f"p0{k[-1]}": v for k, v in by_player.items()},
    )


def two_passes_with_ties(state: TournamentState) -> None:
    """After 2 passes A and B are equal on points and pips, and so are C and D."""
    add(state, pips(1, p1=17, p2=12, p3=9, p4=5))  # A 6, B 4, C 2, D 0
    add(state, pips(2, p1=12, p2=17, p3=5, p4=9))  # B 6, A 4, D 2, C 0


def test_format_a_pass_1_starts_in_the_drawn_order() -> None:
    state = final_of_four()
    assert state.current is not None
    assert state.current.seat_order(1, 1) == (A, B, C, D)


def test_format_a_pass_2_starts_in_reverse() -> None:
    state = final_of_four()
    assert state.current is not None
    assert state.current.seat_order(2, 1) == (D, C, B, A)


def test_format_a_pass_3_starts_by_standings_leader_first() -> None:
    state = final_of_four()
    add(state, pips(1, p1=17, p2=12, p3=9, p4=5))  # A 6, B 4, C 2, D 0
    add(state, pips(2, p1=3, p2=4, p3=17, p4=12))  # C 6, D 4, B 2, A 0
    st_ = state.current
    assert st_ is not None
    # points: A 6, B 6, C 8, D 4 → C; A and B on pips: A 20, B 16 → A, B; D
    assert st_.seat_order(3, 1) == (C, A, B, D)
    assert not [s for s in pending(state) if s.kind == "herzog"]


def test_format_a_herzog_winner_starts_later() -> None:
    state = final_of_four()
    two_passes_with_ties(state)
    st_ = state.current
    assert st_ is not None
    herzogs = [s for s in pending(state) if s.kind == "herzog"]
    assert sorted(tuple(sorted(s.data["players"])) for s in herzogs) == [(A, B), (C, D)]
    assert all(s.data["rolloff"] == "herzog" and s.data["game"] == 3 for s in herzogs)
    totals_before = {p: (t.points, t.pips) for p, t in st_.totals.items()}

    add(state, Rolloff(n=0, stage="finale", kind="herzog", game=3, order=(A, B)))  # A wins
    add(state, Rolloff(n=0, stage="finale", kind="herzog", game=3, order=(D, C)))  # D wins
    st_ = state.current
    assert st_ is not None
    # the winner of the Herzog is placed lower: B before A, C before D
    assert st_.seat_order(3, 1) == (B, A, C, D)
    # the Herzog changes neither points nor pips
    assert {p: (t.points, t.pips) for p, t in st_.totals.items()} == totals_before
    assert not [s for s in pending(state) if s.kind == "herzog"]


def test_a_tables_start_order_waits_for_its_open_herzog() -> None:
    """The evening's defect: tables played pass 3 past an open Herzog with a start player the
    lot had made. Now the table names no start player and says what it waits for."""
    from tafelrunde.engine.groups.table_view import game_tables
    from tafelrunde.i18n import text_in

    state = final_of_four()
    two_passes_with_ties(state)
    st_ = state.current
    assert st_ is not None
    (view,) = game_tables(state, st_, 3)
    assert not view.seats_known
    assert "Startreihenfolge erst nach dem Herzog" in text_in(view.note, "de")
    add(state, Rolloff(n=0, stage="finale", kind="herzog", game=3, order=(A, B)))
    (view,) = game_tables(state, st_, 3)
    assert not view.seats_known  # one Herzog is still open
    add(state, Rolloff(n=0, stage="finale", kind="herzog", game=3, order=(D, C)))
    (view,) = game_tables(state, state.current, 3)  # type: ignore[arg-type]
    assert view.seats_known and view.seats == (B, A, C, D)
    assert "Herzog" not in text_in(view.note, "de")


def test_format_a_herzog_of_pass_4_uses_three_passes() -> None:
    state = final_of_four()
    two_passes_with_ties(state)
    add(state, Rolloff(n=0, stage="finale", kind="herzog", game=3, order=(B, A)))
    add(state, Rolloff(n=0, stage="finale", kind="herzog", game=3, order=(C, D)))
    st_ = state.current
    assert st_ is not None
    assert st_.seat_order(3, 1) == (A, B, D, C)
    add(state, pips(3, p1=4, p2=3, p3=18, p4=10))  # C 6, D 4, A 2, B 0
    # after 3 passes: A 12 points, B 10, C 8, D 6
    assert state.current is not None
    assert state.current.seat_order(4, 1) == (A, B, C, D)
