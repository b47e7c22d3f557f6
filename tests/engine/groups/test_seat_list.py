"""Who sits where (formats A–C): every player once, alphabetically; at each table the seats
and the start positions are 1..n; format A turns the start order in pass 2 while the seats
stay, and knows pass 3's once the table's passes are in."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import add, ruleset_with, tournament
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.family_engine import seating
from tafelrunde.engine.groups.actions import next_draw, open_rolloffs, rolled_by_software
from tafelrunde.engine.groups.facts import Draw
from tafelrunde.engine.groups.presence import known_players, late_entry, withdrawal
from tafelrunde.engine.groups.seat_list import current_games
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.name_match import sort_key
from tafelrunde.engine.seat_list import SeatRow, Where
from tafelrunde.sim.autoplay import random_result

pytestmark = pytest.mark.unit


def step(state: TournamentState, rng: random.Random) -> None:
    """Enter the next result of a random table (tables go at their own pace), a roll-off, or
    the next draw; now and then a player withdraws or a late player joins (where allowed)."""
    cur = state.current
    if rng.random() < 0.08:
        try:
            if rng.random() < 0.5:
                add(state, withdrawal(state, rng.choice(known_players(state))))
            else:
                add(state, late_entry(state, f"Spät {len(known_players(state))}"))
            return
        except RuleError:
            pass  # not now: play on
    if cur is not None and cur.missing_results():
        first: dict[int, int] = {}
        for game, index in cur.missing_results():
            first.setdefault(index, game)
        index, game = rng.choice(sorted(first.items()))
        add(state, random_result(state, game, index, rng))
    elif cur is not None and open_rolloffs(state):
        add(state, rolled_by_software(open_rolloffs(state)[0], seed=rng.randrange(2**31)))
    else:
        add(state, next_draw(state, seed=rng.randrange(2**31)))


def check_group(state: TournamentState) -> None:
    """What holds for the seating of a format A–C tournament."""
    found = seating(state)
    rows = found.rows
    assert sorted(r.player for r in rows) == sorted(known_players(state))
    assert list(rows) == sorted(rows, key=lambda r: (*sort_key(r.name), r.player))
    cur = state.current
    seated = [r for r in rows if r.where is Where.SEATED]
    if cur is None or not cur.drawn_games():
        assert not seated
        return
    games = current_games(cur)
    tables: dict[int, list[SeatRow]] = defaultdict(list)
    for r in seated:
        assert r.table is not None and r.game == games[r.table]
        assert cur.table_of(r.player, r.game) == r.table
        tables[r.table].append(r)
    for index, at in tables.items():
        n = len(at)
        assert sorted(r.seat for r in at) == list(range(1, n + 1))
        starts = [r.start for r in at]
        assert starts == [None] * n or sorted(starts) == list(range(1, n + 1))  # type: ignore[type-var]
        order = cur.seat_order(games[index], index)
        assert all(r.start in (None, order.index(r.player) + 1) for r in at)
        if cur.rule.seat_order != "passes":  # B and C sit in the start order
            assert all(r.seat == r.start for r in at)
        elif games[index] == 2:  # A: pass 2 starts from the other end, nobody moves
            assert all(r.start == n + 1 - (r.seat or 0) for r in at)
    for r in rows:
        if r.where is not Where.SEATED:
            assert r.table is None and r.seat is None and r.start is None and r.note


@settings(max_examples=30)
@given(
    preset=st.sampled_from(["gruppenmodus", "alhambra", "king-lui"]),
    players=st.integers(9, 17),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
)
def test_every_player_sits_once_and_seats_are_one_to_n(
    preset: str, players: int, seed: int, steps: int
) -> None:
    rules = ruleset_with(preset, **{"players.late_join": True}) if seed % 2 else preset
    state = TournamentState(tournament(rules, players, seed=seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.finished:
            break
        step(state, rng)
    check_group(state)


def test_format_a_pass_3_has_its_start_order_once_pass_2_is_in() -> None:
    state = TournamentState(tournament("gruppenmodus", 8, seed=3))
    cur_key = state.tournament.ruleset.stages[0].id
    ids = [p.id for p in state.tournament.players]
    add(state, Draw(n=0, stage=cur_key, game=1, seed=5, tables=(tuple(ids[:4]), tuple(ids[4:]))))
    rng = random.Random(2)
    for game in (1, 2):
        add(state, random_result(state, game, 1, rng))
    while open_rolloffs(state):
        add(state, rolled_by_software(open_rolloffs(state)[0], seed=1))
    rows = {r.player: r for r in seating(state).rows}
    assert seating(state).word  # the tables play different passes
    assert [rows[p].game for p in ids] == [3, 3, 3, 3, 1, 1, 1, 1]
    cur = state.current
    assert cur is not None
    assert [rows[p].seat for p in cur.seat_order(1, 1)] == [1, 2, 3, 4]  # the seats stay
    assert sorted(rows[p].start or 0 for p in ids[:4]) == [1, 2, 3, 4]
    assert {rows[p].start: p for p in ids[:4]}[1] == cur.start_standing(3, 1).order()[0]  # type: ignore[union-attr]


def test_the_name_search_is_made_on_the_first_search_only() -> None:
    state = TournamentState(tournament("alhambra", 12, seed=2))
    add(state, next_draw(state, seed=4))
    found = seating(state)
    assert "index" not in found.__dict__  # a seating shown, never searched, costs no index
    hits = found.index.find(found.rows[3].name)
    assert found.rows[hits[0]].name == found.rows[3].name
    assert found.index is found.index  # made once
