"""What a state finds once and keeps until the next fact (the roll-offs a stage needs, the
start order's standing of each table) is what a state replayed afresh from the same facts
finds, after every result, entry at a table, confirmation, roll-off, draw and undo."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import (
    next_draw,
    open_rolloffs,
    record,
    rolled_by_software,
    undo_last,
)
from tafelrunde.engine.groups.entries import Spot, Values, confirm_at_table, enter_at_table
from tafelrunde.engine.groups.facts import TableEntered, Tournament, Undo
from tafelrunde.engine.groups.ruleset import SeatOrder
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.sim.autoplay import random_result

pytestmark = pytest.mark.unit

AT = "2026-11-28T20:00:00"
STEPS = ("result", "enter", "enter", "confirm", "rolloff", "undo")


def step(state: TournamentState, kind: str, rng: random.Random) -> TournamentState:
    """One thing happening at the tables or the desk (a draw when nothing else is open);
    the state that follows it."""
    cur = state.current
    missing = cur.missing_results() if cur is not None else []
    entered = [f for f in state.tournament.facts if isinstance(f, TableEntered)
               and (f.game, f.table) in missing]  # fmt: skip
    if not missing and not open_rolloffs(state):
        record(state, next_draw(state, seed=rng.randrange(2**31)), at=AT)
    elif kind == "rolloff" and open_rolloffs(state):
        need = rng.choice(open_rolloffs(state))
        record(state, rolled_by_software(need, seed=rng.randrange(2**31)), at=AT)
    elif kind == "undo" and not isinstance(state.tournament.facts[-1], Undo):
        return undo_last(state, at=AT)[0]
    elif kind == "confirm" and entered and cur is not None:
        entry = rng.choice(entered)
        other = next(p for p in cur.seated(entry.game, entry.table) if p != entry.player)
        spot = Spot(entry.stage, entry.game, entry.table)
        confirm_at_table(state, spot, other, entry.n, at=AT, by=other, phone="b" * 16)
    elif missing and cur is not None:
        game, table = rng.choice(missing)
        res = random_result(state, game, table, rng)
        res = replace(res, scores={p: rng.choice((20, 21)) for p in res.scores},
                      pips={p: rng.choice((9, 10)) for p in res.pips})  # fmt: skip
        if kind == "enter":
            player = cur.seated(game, table)[0]
            values = Values(dict(res.scores), dict(res.pips), dict(res.places or {}))
            enter_at_table(state, Spot(cur.key, game, table), player, values, at=AT,
                           by=player, phone="a" * 16)  # fmt: skip
        else:
            record(state, res, at=AT)
    return state


def found(state: TournamentState, stage: StageState) -> tuple[object, ...]:
    """Everything the stage keeps until the next fact or takes from an earlier state: its
    roll-off needs (of the stage and of each table, with and without the cut), each table's
    start standing per game, the tables' standings and the stage's standing."""
    tables = range(1, len(stage.tables(1) or ()) + 1)
    needs = [stage.rolloff_needs(cut, table) for cut in (None, state.cut(stage))
             for table in (None, *tables)]  # fmt: skip
    passes = stage.rule.seat_order == SeatOrder.PASSES  # the start order follows the passes
    starts = [stage.start_standing(game, table) for game in range(3, stage.rule.games + 1)
              for table in tables if passes]  # fmt: skip
    tabled = stage.table_standings if not stage.rule.reseat_each_game else None
    return (needs, starts, tabled, stage.standing(state.cut(stage)), stage.outcomes)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(("gruppenmodus", "alhambra", "king-lui")),
    seed=st.integers(0, 2**16),
    kinds=st.lists(st.sampled_from(STEPS), min_size=4, max_size=40),
)
def test_what_a_state_keeps_is_what_a_fresh_state_finds(
    preset: str, seed: int, kinds: list[str]
) -> None:
    people = [Player(f"p{i:02d}", f"Spieler {i}") for i in range(1, 13)]
    state = TournamentState(Tournament("Fuzz", load_ruleset(preset), people, seed=seed))
    rng = random.Random(seed)
    replayed: TournamentState | None = None  # as the pages' states are made: from the last
    # (`count`: the steps so far)
    for count, kind in enumerate(kinds):
        try:
            state = step(state, kind, rng)
        except RuleError:
            continue  # a step the rules refuse (e.g. a draw before its time) changes nothing
        facts = state.tournament.facts
        fresh = TournamentState(replace(state.tournament, facts=list(facts)))
        replayed = TournamentState(replace(state.tournament, facts=list(facts)), stored=True,
                                   earlier=replayed)  # fmt: skip
        assert len(fresh.stages) == len(state.stages) == len(replayed.stages)
        for kept, afresh, taken in zip(state.stages, fresh.stages, replayed.stages, strict=True):
            assert found(state, kept) == found(fresh, afresh)
            if count % 3 != 1:  # every third state is not looked at: the next takes over
                assert found(replayed, taken) == found(fresh, afresh)  # what it took over
