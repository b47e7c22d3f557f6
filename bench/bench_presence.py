"""Benchmark: withdrawals and late players among 4,950 players (5,000 with the late ones).

A club evening of 4 games drawn anew; game 1 drawn and entered; then 100 withdrawals,
50 late players, the draw of game 2, a replay of every fact, and what the players page
asks of each player (may they withdraw, their situation, which table still plays).

Run: .venv/bin/python bench/bench_presence.py [--players N]   (prints figures, asserts nothing)
"""

from __future__ import annotations

import argparse
import random
import time
import tomllib

from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import Result, Tournament
from tafelrunde.engine.groups.presence import (
    late_entry,
    status,
    withdrawal,
    withdrawal_note,
    withdrawal_refusal,
)
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import preset_text


def evening(games: int) -> Tournament:
    """An empty evening tournament's ruleset: Alhambra's preliminary, late players welcome."""
    data = tomllib.loads(preset_text("alhambra"))
    data["stages"] = [dict(data["stages"][0], games=games)]
    data["players"] = {"withdrawn": "keep", "late_join": True}
    return ruleset_from_dict(data)  # type: ignore[return-value]


def timed(label: str, work: object) -> object:
    """Run `work()` and print how long it took."""
    start = time.perf_counter()
    result = work()  # type: ignore[operator]
    print(f"{label:<52} {time.perf_counter() - start:8.3f} s")
    return result


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4950)
    n = parser.parse_args().players
    rng = random.Random(1)
    players = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, n + 1)]
    state = TournamentState(Tournament("bench", evening(4), players, seed=1))  # type: ignore[arg-type]
    record(state, next_draw(state, seed=1))
    st = state.current
    assert st is not None
    for index, table in enumerate(st.tables(1) or (), start=1):
        scores = {p: rng.randint(40, 160) for p in table}
        record(state, Result(n=0, stage=st.key, game=1, table=index, scores=scores))
    print(f"{n} players, game 1 entered ({len(state.tournament.facts)} entries)")

    def withdraw_100() -> None:
        for p in rng.sample([p.id for p in players], 100):
            record(state, withdrawal(state, p))

    def join_50() -> None:
        for k in range(50):
            record(state, late_entry(state, f"Spät {k}"))

    timed("100 withdrawals (each checked and recorded)", withdraw_100)
    timed("50 late players", join_50)
    timed("draw of game 2 for the players present", lambda: record(state, next_draw(state, seed=2)))
    timed("replay of every entry", lambda: TournamentState(state.tournament))

    def page() -> None:
        finished = state.finished
        for p in [*players, *state.tournament.late_players()]:
            status(state, p.id)
            if withdrawal_refusal(state, p.id, finished=finished) is None:
                withdrawal_note(state, p.id)

    timed("what the players page asks of every player", page)


if __name__ == "__main__":
    main()
