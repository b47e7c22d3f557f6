"""Helpers of the result tests: a drawn tournament and a result form of its table."""

from __future__ import annotations

from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import save_new


def drawn(n: int) -> tuple[int, TournamentState]:
    """A group-mode tournament of n players with its first draw, stored."""
    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, n + 1)]
    tour = Tournament("Abend", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=3))
    return int(save_new(tour).pk), state


def form(state: TournamentState, table: int, pips: tuple[int, ...]) -> dict[str, str]:
    """The result form of one table of game 1."""
    st = state.current
    assert st is not None
    seats = (st.tables(1) or ())[table - 1]
    data = {"stage": st.key, "game": "1", "table": str(table), "basis": "0"}
    return data | {f"pips-{p}": str(v) for p, v in zip(seats, pips, strict=True)}
