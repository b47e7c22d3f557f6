"""Helpers for Schocken tests: scripted hands and random legal play (real engine objects)."""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from tafelrunde.schocken.moves import Move, MoveKind, NextMove


class Playable(Protocol):
    """Anything that says what comes next and plays a move (round, half, game, table)."""

    def next_move(self) -> NextMove | None: ...

    def play(self, move: Move) -> Playable: ...


P = TypeVar("P", bound=Playable)


def whose(state: Playable) -> str:
    """Return the player whose move it is."""
    prompt = state.next_move()
    assert prompt is not None
    return prompt.player


def show(state: P, *hands: str) -> P:
    """Let the next players each throw one hand at once ("652") and stop."""
    for hand in hands:
        player = whose(state)
        state = state.play(Move.throw(player, *(int(d) for d in hand)))  # type: ignore[assignment]
        state = state.play(Move.stop(player))  # type: ignore[assignment]
    return state


def random_move(prompt: NextMove, rng: random.Random) -> Move:
    """Pick a legal move at random (void throws rarely), dice from the seeded generator."""
    kinds = sorted(prompt.kinds - {MoveKind.VOID}, key=lambda k: k.value)
    if MoveKind.VOID in prompt.kinds and rng.random() < 0.02:
        return Move.void(prompt.player)
    kind = rng.choice(kinds)
    if kind is MoveKind.THROW:
        return Move.throw(prompt.player, *(rng.randint(1, 6) for _ in range(prompt.cup)))
    if kind is MoveKind.SET_ASIDE:
        ones = rng.randint(1, prompt.loose.count(1))
        return Move.set_aside(prompt.player, *([1] * ones))
    return Move(prompt.player, kind)


def play_out(state: P, rng: random.Random, *, limit: int = 200_000) -> tuple[P, int]:
    """Play random legal moves until the state has no next move; return it and the move count."""
    for count in range(limit):
        prompt = state.next_move()
        if prompt is None:
            return state, count
        assert prompt.kinds, f"stuck: {prompt}"
        state = state.play(random_move(prompt, rng))  # type: ignore[assignment]
    raise AssertionError("no end after the move limit")
