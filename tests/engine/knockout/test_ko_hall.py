"""Format D in the hall: a table takes the lowest free physical number; a full hall waits."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ko_play import Organiser, check_invariants, refused

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    GameLost,
    HallTables,
    KnockoutRules,
    KnockoutState,
    KnockoutTournament,
    OpenTable,
    StepKind,
    Undo,
    next_steps,
)
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all, registrations
from tafelrunde.engine.knockout.views_data import fact_line, hall_numbers, table_rows

pytestmark = pytest.mark.unit


def _places(state: KnockoutState) -> dict[int, int]:
    """The hall number of every open table, by table number."""
    return {t.number: t.place for t in state.open_tables()}


def _open_one(org: Organiser) -> None:
    """Open the first suggested table."""
    step = next(s for s in next_steps(org.state) if s.kind is StepKind.OPEN_TABLE)
    assert step.bracket is not None
    org.add(OpenTable, bracket=step.bracket, players=step.players)


def test_without_a_hall_size_tables_count_up_and_reuse_free_numbers() -> None:
    org = Organiser()
    org.enter(12)
    org.open_suggested()
    assert _places(org.state) == {1: 1, 2: 2, 3: 3}
    org.knock_out(2, "p005")
    org.knock_out(2, "p006")  # table 2 (hall table 2) has finished
    assert _places(org.state) == {1: 1, 3: 3}
    org.knock_out(1, "p001")
    org.knock_out(1, "p002")
    org.knock_out(3, "p009")
    org.knock_out(3, "p010")
    _open_one(org)  # the main bracket's next table takes hall table 1 again
    assert _places(org.state)[4] == 1


def test_a_full_hall_opens_no_table_and_says_why() -> None:
    org = Organiser()
    org.enter(16)
    org.add(HallTables, count=3)
    steps = next_steps(org.state)
    opens = [s for s in steps if s.kind is StepKind.OPEN_TABLE]
    assert len(opens) == 3  # 4 tables of 4 suggested, the hall has 3
    wait = [s for s in steps if s.kind is StepKind.WAIT_FOR_TABLE]
    assert len(wait) == 1 and "(3)" in wait[0].text.text("de")
    assert len(tables_to_open(org.state)) == 3
    org.open_suggested()
    assert sorted(_places(org.state).values()) == [1, 2, 3]
    err = refused(
        org, OpenTable, bracket=Bracket.MAIN, players=tuple(org.state.queues[Bracket.MAIN])
    )
    assert "Halle" in err.text("de") and err.field == "players"
    with pytest.raises(RuleError):
        tables_to_open(org.state)
    org.knock_out(2, org.state.tables[2].players[0])
    org.knock_out(2, org.state.tables[2].players[1])
    _open_one(org)  # hall table 2 is free again
    assert _places(org.state)[4] == 2


def test_the_hall_size_changes_during_the_evening_but_not_below_a_playing_table() -> None:
    org = Organiser()
    org.enter(12)
    org.open_suggested()
    err = refused(org, HallTables, count=2)
    assert "3" in err.text("de") and err.field == "count"
    refused(org, HallTables, count=0)
    org.add(HallTables, count=3)
    org.add(HallTables, count=10)
    assert org.state.hall_tables == 10


def test_undoing_the_hall_size_is_refused_when_the_tables_would_no_longer_fit() -> None:
    tour = KnockoutTournament("Hall", KnockoutRules())
    record_all(tour, registrations(tour, [f"S{i}" for i in range(12)], paid=True), at="16:40")
    record_all(tour, [HallTables(n=0, at=0, count=2)], at="16:50")
    grow = record_all(tour, [HallTables(n=0, at=0, count=3)], at="16:51")
    assert grow.hall_tables == 3
    state = record_all(tour, tables_to_open(grow), at="17:00")
    assert sorted(_places(state).values()) == [1, 2, 3]
    with pytest.raises(RuleError) as err:
        record_all(tour, [Undo(n=0, at=0, target=tour.facts[-4].n)], at="17:01")
    assert err.value.field in ("count", "players")


def test_log_lines_and_table_rows_name_the_hall_table() -> None:
    tour = KnockoutTournament("Hall", KnockoutRules())
    names = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frida", "Gerd", "Hanna"]
    record_all(tour, registrations(tour, names, paid=True), at="16:40")
    state = record_all(tour, tables_to_open(tour.state()), at="17:00")
    for pid in state.tables[1].players[:2]:  # table 1 finishes
        while pid in state.tables[1].remaining:
            state = record_all(tour, [GameLost(n=0, at=0, table=1, player=pid)], at="17:05")
    record_all(tour, [HallTables(n=0, at=0, count=5)], at="17:06")
    who = {f"p{i + 1:03d}": n for i, n in enumerate(names)}
    state = tour.state()
    assert [r["hall_table"] for r in table_rows(state, 17 * 3600)] == [1, 2]
    places = hall_numbers(state)
    opened = [f for f in tour.facts if isinstance(f, OpenTable)]
    assert fact_line(who, opened[1], places).text("de").startswith("Tisch 2 eröffnet (Hauptrunde")
    assert fact_line(who, tour.facts[-1], places).text("de") == "Tische in der Halle: 5"
    lost = next(f for f in tour.facts if isinstance(f, GameLost))
    assert fact_line(who, lost, places).text("de").startswith("Tisch 1: Spiel verloren")


# -- properties ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(4, 40),
    hall=st.lists(st.integers(1, 8), min_size=1, max_size=4),
    seed=st.integers(0, 2**32),
)
def test_open_tables_never_share_a_hall_number_and_take_the_lowest_free(
    count: int, hall: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    org = Organiser()
    org.enter(count)
    sizes = iter(hall)
    org.add(HallTables, count=next(sizes))
    for _ in range(20_000):
        state = org.state
        check_invariants(state)
        places = [t.place for t in state.open_tables()]
        assert len(places) == len(set(places))
        assert all(1 <= p <= (state.hall_tables or 0) for p in places)
        if state.finished:
            break
        steps = next_steps(state)
        if rng.random() < 0.05:  # the organiser changes the hall's size now and then
            size = next(sizes, rng.randint(1, 8))
            if size >= max(places, default=0):
                org.add(HallTables, count=size)
                continue
        opens = [s for s in steps if s.kind in (StepKind.OPEN_TABLE, StepKind.OPEN_GRAND_FINAL)]
        plays = [s for s in steps if s.kind is StepKind.PLAY_TABLE]
        assert opens or plays, steps  # a full hall has tables playing
        if opens and (not plays or rng.random() < 0.5):
            step = rng.choice(opens)
            free = min(set(range(1, (state.hall_tables or 0) + 1)) - set(places))
            assert step.bracket is not None
            org.add(OpenTable, bracket=step.bracket, players=step.players)
            assert org.state.tables[len(org.state.tables)].place == free
        else:
            step = rng.choice(plays)
            assert step.table is not None
            org.lose(step.table, rng.choice(step.players))
    assert org.state.finished
