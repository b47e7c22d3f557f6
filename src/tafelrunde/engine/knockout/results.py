"""The results of format D: the overall ranking, the prizes and the Schock-Aus-König."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from tafelrunde.engine.knockout.model import Status
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
