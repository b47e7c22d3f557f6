"""The results of format D: the overall ranking, the prizes and the Schock-Aus-König."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from tafelrunde.engine.choices import Fill
from tafelrunde.engine.knockout.model import Status
from tafelrunde.engine.knockout.rules import Bracket
from tafelrunde.engine.knockout.state import KnockoutState


@dataclass(frozen=True)
class RankRow:
    """A line of the overall ranking."""

    place: int
    player: str


def ranking(state: KnockoutState) -> tuple[RankRow, ...]:
    """Return the ranking: grand final first, then the later eliminated the better.

    Before the end only the places already decided (the eliminated, from the bottom).
    """
    if state.winner is None:
        total = sum(1 for p in state.players.values() if p.status is not Status.WITHDRAWN)
        rows = [RankRow(total - i, pid) for i, pid in enumerate(state.eliminated)]
        return tuple(reversed(rows))
    order = [state.winner, *reversed(state.final_order), *reversed(state.eliminated)]
    return tuple(RankRow(i + 1, pid) for i, pid in enumerate(order))


class Advance(StrEnum):
    """Whether a player goes on: for sure, so far, not so far, or out for good."""

    ON = "on"  # in the grand final, or qualified for it
    ON_SO_FAR = "on_so_far"  # still playing in a bracket
    OUT_SO_FAR = "out_so_far"  # no lives left, but may still fill the grand final
    OUT = "out"  # no lives left, the grand final's players are known
    NONE = "none"  # not playing (registered, withdrawn) or placed in the grand final


def revival_open(state: KnockoutState) -> bool:
    """Say whether players without lives may still fill the grand final (not named yet)."""
    named = bool(state.finalists) or state.grand_final() is not None or state.finished
    return state.rules.final_fill == Fill.LATEST_ELIMINATED and not named


def advance(state: KnockoutState, pid: str) -> Advance:
    """Say whether a player goes on; 'so far' until the stage deciding it is complete."""
    p = state.players[pid]
    if p.status is Status.FINALIST:
        return Advance.ON
    if p.status is Status.SEATED:
        return Advance.ON if p.bracket is Bracket.GRAND_FINAL else Advance.ON_SO_FAR
    if p.status is Status.WAITING:
        return Advance.ON_SO_FAR
    if p.status is Status.OUT:
        return Advance.OUT_SO_FAR if revival_open(state) else Advance.OUT
    return Advance.NONE


def prize_winners(state: KnockoutState) -> tuple[tuple[int, str, str], ...]:
    """Return (place, player, prize) for the prized places once the tournament is over."""
    if not state.finished:
        return ()
    prizes = state.rules.prizes
    return tuple((r.place, r.player, prizes[r.place - 1]) for r in ranking(state)[: len(prizes)])


def schock_out_counts(state: KnockoutState) -> dict[str, int]:
    """Count each player's Schock aus in one throw whose donation was handed in."""
    counts: dict[str, int] = {}
    for n in state.donations:
        pid = state.schock_outs[n].player
        counts[pid] = counts.get(pid, 0) + 1
    return counts


def schock_outs_unpaid(state: KnockoutState) -> dict[str, int]:
    """Count each player's recorded Schock aus whose donation is not handed in yet."""
    counts: dict[str, int] = {}
    for n, fact in state.schock_outs.items():
        if n not in state.donations:
            counts[fact.player] = counts.get(fact.player, 0) + 1
    return counts


def schock_out_kings(state: KnockoutState) -> tuple[str, ...]:
    """Return the player(s) with the most counted Schock aus (empty when none)."""
    counts = schock_out_counts(state)
    best = max(counts.values(), default=0)
    return tuple(sorted(p for p, c in counts.items() if c == best and best > 0))


def donation_total(state: KnockoutState) -> Decimal:
    """Return the sum of the recorded donations."""
    return state.rules.donation * len(state.donations)


def fees_total(state: KnockoutState) -> Decimal:
    """Return the sum of the entry fees paid."""
    return state.rules.entry_fee * sum(1 for p in state.players.values() if p.paid)
