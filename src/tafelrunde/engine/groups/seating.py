"""Seating by rank (serpentine) and seat or start orders at a table."""

from __future__ import annotations

import random
from collections.abc import Sequence

Table = tuple[str, ...]


def serpentine_seating(ranked: Sequence[str], sizes: Sequence[int]) -> list[Table]:
    """Seat ranked players snake-wise: 1..T forward, T+1..2T backward, and so on."""
    tables: list[list[str]] = [[] for _ in sizes]
    forward = True
    i = 0
    while i < len(ranked):
        order = range(len(sizes)) if forward else range(len(sizes) - 1, -1, -1)
        for t in order:
            if i < len(ranked) and len(tables[t]) < sizes[t]:
                tables[t].append(ranked[i])
                i += 1
        forward = not forward
    return [tuple(t) for t in tables]


def drawn_seat_order(table: Table, *, seed: int, game: int, index: int) -> Table:
    """Draw a table's seat order for one game (/drawseat), reproducible from the draw's seed."""
    seats = list(table)
    random.Random(f"{seed}:seats:{game}:{index}").shuffle(seats)
    return tuple(seats)


def pass_start_order(drawn: Table, pass_no: int, by_standing: Sequence[str] | None) -> Table:
    """Return the start order of a pass: drawn, then reversed, then by the standing so far."""
    if pass_no == 2:
        return tuple(reversed(drawn))
    if pass_no == 1 or by_standing is None:
        return drawn  # pass 3 and later: known once the earlier passes are in
    return tuple(by_standing)
