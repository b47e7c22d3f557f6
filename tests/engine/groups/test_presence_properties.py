"""Properties of withdrawals and late players: the next draw seats exactly the players
present, each once; a refused step changes nothing; undo restores the state exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import event, example, given
from hypothesis import strategies as st

from helpers import preset_data, ruleset_with, tournament
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import (
    next_draw,
    open_rolloffs,
    record,
    rolled_by_software,
    undo_last,
)
from tafelrunde.engine.groups.facts import Draw
from tafelrunde.engine.groups.presence import known_players, late_entry, withdrawal
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.sim.autoplay import random_result

pytestmark = pytest.mark.unit


def evening() -> Ruleset:
    """A club evening: one stage of 4 games, each drawn anew; late players welcome."""
    data = preset_data("alhambra")
    data["stages"] = [data["stages"][0] | {"games": 4}]
    data["players"] = {"withdrawn": "last", "late_join": True}
    data["format"] = ""
    return ruleset_from_dict(data)


RULESETS = {
    "evening": evening,
    "alhambra": lambda: ruleset_with("alhambra", players={"late_join": True}),
    "gruppenmodus": lambda: ruleset_with("gruppenmodus", players={"withdrawn": "last"}),
    "king-lui": lambda: ruleset_with("king-lui"),
}
STEPS = ("withdraw", "withdraw", "join", "undo", "result", "rolloff", "play", "play", "draw",
         "draw")  # fmt: skip


def fingerprint(state: TournamentState) -> Any:
    """Everything that follows from the facts, and the draw that would come next."""
    try:
        following: Any = next_draw(state, seed=99).tables
    except RuleError as err:
        following = err.text("en")
    stages = [
        (st.key, tuple(st.standing(state.cut(st)).order()), tuple(st.missing_results()),
         tuple(st.present()), state.goes_on(st),
         {p: (t.points, t.game_points, t.pips, t.wins, t.losses, t.games)
          for p, t in st.totals.items()})
        for st in state.stages
    ]  # fmt: skip
    return following, stages, state.overall(), dict(state.withdrawn), dict(state.late)


def expected_seats(state: TournamentState) -> set[str]:
    """Who the next draw must seat: the running stage's players present, or the next
    stage's entrants (none withdrawn, all present in the stage before)."""
    cur = state.current
    if cur is not None and cur.rule.reseat_each_game and cur.drawn_games() < cur.rule.games:
        return set(cur.present())
    plan = state.following(cur)
    if plan is None:
        return set()  # nothing left to draw: the draw is refused
    entrants = set(plan.entrants)
    assert not entrants & set(state.withdrawn)
    assert cur is None or entrants <= set(cur.present())
    return entrants


def step(state: TournamentState, kind: str, pick: int, rng: random.Random, now: Any) -> list[Any]:
    """Do one step an organiser might do (`now`: the state's fingerprint); return the
    fingerprint before each fact it recorded (none: nothing to do). A step that does not
    fit raises RuleError."""
    before = [now]
    if kind == "withdraw":
        players = known_players(state)
        record(state, withdrawal(state, players[pick % len(players)]))
    elif kind == "join":
        record(state, late_entry(state, f"Late {pick}"))
    elif kind == "result":
        cur = state.current
        missing = cur.missing_results() if cur else []
        if not missing:
            return []
        game, table = missing[pick % len(missing)]
        record(state, random_result(state, game, table, rng))
    elif kind == "play":  # every result and roll-off the running stage still needs
        cur = state.current
        while cur is not None and (cur.missing_results() or open_rolloffs(state)):
            game, table = (cur.missing_results() or [(0, 0)])[0]
            fact = random_result(state, game, table, rng) if game else None
            record(state, fact or rolled_by_software(open_rolloffs(state)[0], seed=pick))
            before.append(fingerprint(state))
        return before[:-1]
    elif kind == "rolloff":
        needs = open_rolloffs(state)
        if not needs:
            return []
        record(state, rolled_by_software(needs[pick % len(needs)], seed=pick))
    else:
        wanted = expected_seats(state) if not state.finished else set()
        fact = record(state, next_draw(state, seed=pick))
        assert isinstance(fact, Draw)
        seated = [p for t in fact.tables for p in t]
        assert len(seated) == len(set(seated)) and set(seated) == wanted
        event(f"{preset_of(state)}: draw after {len(state.withdrawn)} withdrawn, "
              f"{len(state.late)} late")  # fmt: skip
    return before


def preset_of(state: TournamentState) -> str:
    """A short name of the tournament's format, for the statistics."""
    return state.tournament.ruleset.format or "evening"


@example(
    preset="evening",
    n=7,
    seed=3,
    steps=[
        ("join", 1),
        ("withdraw", 2),
        ("draw", 3),
        ("undo", 0),
        ("undo", 0),
        ("undo", 0),
        ("join", 4),
        ("play", 1),
        ("withdraw", 5),
        ("draw", 5),
        ("play", 2),
        ("draw", 6),
    ],
)
@example(
    preset="gruppenmodus",
    n=13,
    seed=1,
    steps=[("withdraw", 0), ("play", 1), ("withdraw", 4), ("draw", 2), ("undo", 0), ("draw", 3)],
)
@given(
    preset=st.sampled_from(sorted(RULESETS)),
    n=st.integers(6, 13),
    steps=st.lists(st.tuples(st.sampled_from(STEPS), st.integers(0, 50)), max_size=30),
    seed=st.integers(0, 2**16),
)
def test_draws_seat_the_players_present_and_undo_restores_exactly(
    preset: str, n: int, steps: list[tuple[str, int]], seed: int
) -> None:
    state = TournamentState(tournament(RULESETS[preset](), n))
    rng = random.Random(seed)
    record(state, next_draw(state, seed=seed))
    earlier: list[Any] = []  # the fingerprint before each fact still in force
    for kind, pick in steps:
        before, facts = fingerprint(state), len(state.tournament.facts)
        if kind == "undo":
            if not earlier:
                continue
            state = undo_last(state)[0]
            assert fingerprint(state) == earlier.pop()
            continue
        try:
            earlier += step(state, kind, pick, rng, before)
        except RuleError:
            assert len(state.tournament.facts) == facts and fingerprint(state) == before
            continue
        if len(state.tournament.facts) > facts:  # replaying the file gives the same state
            assert fingerprint(TournamentState(state.tournament)) == fingerprint(state)
