"""Play a tournament of any A–C preset to its end with random results (for demos and tests)."""

from __future__ import annotations

import random

from tafelrunde.engine.families import GROUP, written
from tafelrunde.engine.groups.actions import next_draw, open_rolloffs, record, rolled_by_software
from tafelrunde.engine.groups.facts import Result, Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num


def random_result(state: TournamentState, game: int, table: int, rng: random.Random) -> Result:
    """Invent a plausible result for one table: scores, pips or both as the stage needs."""
    st = state.current
    assert st is not None
    players = st.seated(game, table)  # without players who withdrew
    low, high = GROUP.score_range(written(state.tournament.ruleset))
    scores: dict[str, Num] = {}
    if st.rule.score == "required" or (st.rule.score == "optional" and high > 0):
        scores = {p: rng.randint(low, high) for p in players}
    pips = {p: rng.randint(3, 18) for p in players} if st.rule.pips else {}
    return Result(n=0, stage=st.key, game=game, table=table, scores=scores, pips=pips)


def play_step(state: TournamentState, rng: random.Random) -> bool:
    """Do the next thing an organiser would do; return False when the tournament is over."""
    if state.finished:
        return False
    st = state.current
    if st is not None:
        missing = st.missing_results()
        if missing:
            game, table = missing[0]
            record(state, random_result(state, game, table, rng), by="sim")
            return True
        needs = open_rolloffs(state)
        if needs:
            record(state, rolled_by_software(needs[0], seed=rng.randrange(2**31)), by="sim")
            return True
    record(state, next_draw(state, seed=rng.randrange(2**31)), by="sim")
    return True


def play_to_end(tournament: Tournament, *, seed: int, limit: int = 1_000_000) -> TournamentState:
    """Play every remaining step with random results."""
    rng = random.Random(seed)
    state = TournamentState(tournament)
    for _ in range(limit):
        if not play_step(state, rng):
            break
    return state
