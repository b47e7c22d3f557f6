"""Who sits where in format D: the players of open tables with their hall table and seat,
everybody else with their queue and place in it, or why they play no table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ko_play import Organiser, play_step

from tafelrunde.engine.family_engine import seating
from tafelrunde.engine.knockout import KnockoutState, Status, next_steps
from tafelrunde.engine.seat_list import SeatRow, Where
from tafelrunde.i18n import Message

pytestmark = pytest.mark.unit


def note_number(row: SeatRow) -> int:
    """The place in the queue a waiting player's note names."""
    assert isinstance(row.note, Message)
    k: int = row.note.params["k"]
    return k


def check_knockout(state: KnockoutState) -> None:
    """What holds for the seating of a format-D tournament."""
    rows = {r.player: r for r in seating(state).rows}
    assert set(rows) == set(state.players)
    for p in state.players.values():
        r = rows[p.id]
        assert (r.where is Where.SEATED) == (p.status is Status.SEATED)
        if r.where is Where.SEATED:
            assert p.table is not None
            table = state.tables[p.table]
            assert r.table == table.place and table.players[(r.seat or 0) - 1] == p.id
    for table in state.open_tables():
        seats = [rows[p].seat for p in table.remaining]
        assert len(set(seats)) == len(seats)
    for queue in state.queues.values():
        for k, p in enumerate(queue, start=1):
            assert rows[p].where is Where.WAITING and note_number(rows[p]) == k


@settings(max_examples=20)
@given(players=st.integers(5, 14), seed=st.integers(0, 10**6), steps=st.integers(0, 120))
def test_format_d_seats_the_open_tables_and_names_the_queues(
    players: int, seed: int, steps: int
) -> None:
    org = Organiser()
    org.enter(players)
    rng = random.Random(seed)
    for _ in range(steps):
        if org.state.finished:
            break
        play_step(org, rng, next_steps(org.state))
    check_knockout(org.state)
    if org.state.finished:
        assert sum(1 for r in seating(org.state).rows if r.where is Where.PLACED) >= 1
