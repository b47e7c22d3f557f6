"""A fast Monte-Carlo path: NumPy throws whole batches of threshold-bot turns at once.

The threshold bot decides from its own dice only, so its turns are independent draws
given the round's throw limit. Turns are thrown in vectorised batches (dice from
`numpy.random.Generator(PCG64(seed))`, hands ranked by a lookup over the 216 ordered
throws); a plain loop then plays rounds, halves and games by the rules of
`tafelrunde.schocken` (same order of play, same tie rules, same lids) with them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from tafelrunde.schocken.bots import ThresholdBot
from tafelrunde.schocken.hands import ORDERED_THROWS, Kind
from tafelrunde.schocken.variants import DEFAULT, Variants
from tafelrunde.sim.schocken_exact import Progress, check_run
from tafelrunde.sim.schocken_lookup import CLASSES, class_table, strength_table
from tafelrunde.sim.schocken_stats import SchockenStats, Tally

IntArray = npt.NDArray[np.int64]
BATCH = 1 << 15  # most turns thrown per batch and throw limit
SCHOCK_OUT_CLASS = 0

CLASS_FROM_HAND: IntArray = np.array(class_table(from_hand=True), dtype=np.int64)
CLASS_NOT_FROM_HAND: IntArray = np.array(class_table(from_hand=False), dtype=np.int64)


def lids_of_class(index: int, variants: Variants = DEFAULT) -> int:
    """Return the lids a hand class moves when highest (Schock aus: all)."""
    kind, number = CLASSES[index]
    if kind is Kind.SCHOCK_OUT:
        return variants.lids
    if kind is Kind.SCHOCK:
        return number
    return {Kind.GENERAL: 3, Kind.STRAIGHT: 2}.get(kind, 1)


def strength_array(variants: Variants = DEFAULT, *, from_hand: bool = True) -> IntArray:
    """Return the strength of each of the 216 ordered throws as an array."""
    return np.array(strength_table(variants, from_hand=from_hand), dtype=np.int64)


def codes_of(dice: npt.NDArray[np.integer]) -> IntArray:
    """Return the code 0..215 of each row of ordered dice (an (n, 3) array of 1..6)."""
    d = dice.astype(np.int64)
    return (d[:, 0] - 1) * 36 + (d[:, 1] - 1) * 6 + (d[:, 2] - 1)


@cache
def packed_strengths(variants: Variants = DEFAULT) -> npt.NDArray[np.int16]:
    """Return the strength of each throw from the hand, indexed by 36*a + 6*b + c (0..258)."""
    table = np.zeros(259, dtype=np.int16)
    for dice, strength in zip(ORDERED_THROWS, strength_table(variants), strict=True):
        table[36 * dice[0] + 6 * dice[1] + dice[2]] = strength
    return table


def rank_hands(
    dice: npt.NDArray[np.integer], variants: Variants = DEFAULT
) -> npt.NDArray[np.int16]:
    """Return the strength of each row of dice thrown at once (an (n, 3) array of 1..6)."""
    # 16-bit codes 36*a + 6*b + c, built in place: few and small temporaries keep it fast
    codes = dice[:, 0].astype(np.uint16)
    codes *= 36
    middle = dice[:, 1].astype(np.uint16)
    middle *= 6
    codes += middle
    np.add(codes, dice[:, 2], out=codes, casting="unsafe")  # any integer dtype of 1..6
    ranked: npt.NDArray[np.int16] = packed_strengths(variants).take(codes)
    return ranked


class TurnBatch:
    """Threshold-bot turns with one throw limit, thrown a batch at a time and used in order."""

    def __init__(
        self,
        gen: np.random.Generator,
        *,
        max_throws: int,
        threshold: int,
        variants: Variants,
        tally: Tally,
    ) -> None:
        self.gen, self.max_throws, self.threshold = gen, max_throws, threshold
        self.variants, self.tally = variants, tally
        self.strong = (strength_array(variants), strength_array(variants, from_hand=False))
        self.turns: list[tuple[int, int, int]] = []
        self.used = 0
        self.size = 512  # batches grow to BATCH, so short runs throw few spare turns
        self.codes: IntArray = np.zeros((0, max_throws), dtype=np.int64)

    def next(self) -> tuple[int, int, int]:
        """Return the next turn as (strength, throws used, hand class)."""
        if self.used == len(self.turns):
            self.flush()
            self.turns, self.codes = self._throw(self.size)
            self.size = min(2 * self.size, BATCH)
            self.used = 0
        turn = self.turns[self.used]
        self.used += 1
        return turn

    def flush(self) -> None:
        """Count the three-dice throws of the turns used so far into the tally."""
        codes = self.codes[: self.used]
        codes = codes[codes >= 0]
        counts = np.bincount(CLASS_FROM_HAND[codes], minlength=len(CLASSES))
        for i, c in enumerate(counts.tolist()):
            self.tally.throws[i] += c
        self.codes = self.codes[self.used :]
        self.turns, self.used = self.turns[self.used :], 0

    def _throw(self, n: int) -> tuple[list[tuple[int, int, int]], IntArray]:
        """Play n turns with the threshold bot's policy, all dice of a step at once."""
        gen, m = self.gen, self.max_throws
        dice = gen.integers(1, 7, size=(n, 3), dtype=np.int64)
        aside = np.zeros((n, 3), dtype=bool)
        active = np.ones(n, dtype=bool)
        all_three = np.ones(n, dtype=bool)  # the latest throw had three dice (from the hand)
        strength = np.zeros(n, dtype=np.int64)
        throws = np.zeros(n, dtype=np.int64)
        kind = np.zeros(n, dtype=np.int64)
        three = np.full((n, m), -1, dtype=np.int64)
        three[:, 0] = codes_of(dice)
        for k in range(1, m + 1):
            code = codes_of(dice)
            now = np.where(all_three, self.strong[0][code], self.strong[1][code])
            stop = active & ((now >= self.threshold) | (k == m))
            strength[stop], throws[stop] = now[stop], k
            kind[stop] = np.where(all_three, CLASS_FROM_HAND[code], CLASS_NOT_FROM_HAND[code])[stop]
            active &= ~stop
            if k == m or not active.any():
                break
            ones = ~aside & (dice == 1)
            n1, cup = ones.sum(axis=1), (~aside).sum(axis=1)
            aside |= ones & (active & (n1 > 0) & (n1 < cup))[:, None]
            if self.variants.turn_sixes:
                sixes = ~aside & (dice == 6)
                n6 = sixes.sum(axis=1)
                turned = (
                    sixes
                    & (np.cumsum(sixes, axis=1) <= np.where(n6 == 3, 2, 1)[:, None])
                    & (active & (n6 >= 2))[:, None]
                )
                dice[turned] = 1
                aside |= turned
            again = ~aside & active[:, None]
            dice = np.where(again, gen.integers(1, 7, size=(n, 3), dtype=np.int64), dice)
            all_three = active & ~aside.any(axis=1)
            three[all_three, k] = codes_of(dice[all_three])
        turns = list(zip(strength.tolist(), throws.tolist(), kind.tolist(), strict=True))
        return turns, np.concatenate([self.codes, three])


class FastTable:
    """Rounds, halves and games by the rules of the exact engine, with batched turns."""

    def __init__(
        self, players: int, seed: int, *, threshold: int, variants: Variants, tally: Tally
    ) -> None:
        gen = np.random.Generator(np.random.PCG64(seed))
        self.variants, self.tally, self.players = variants, tally, players
        self.turns = {
            m: TurnBatch(gen, max_throws=m, threshold=threshold, variants=variants, tally=tally)
            for m in range(1, variants.max_throws + 1)
        }
        self.lids = [lids_of_class(i, variants) for i in range(len(CLASSES))]

    def play_round(self, order: Sequence[int], opening: bool) -> tuple[int, int, int]:
        """Play a round in this order; return the highest's seat, the lowest's, his hand class."""
        first = self.turns[1 if opening else self.variants.max_throws].next()
        rest = self.turns[1 if opening else first[1]].next
        hands = self.tally.hands
        # the engine's key: strength, then fewer throws, then earlier in the round
        best = worst = (first[0] * 256 + (15 - first[1])) * 16 + 15
        high = low = order[0]
        high_class = first[2]
        hands[high_class] += 1
        for pos in range(1, len(order)):
            strength, throws, kind = rest()
            hands[kind] += 1
            key = (strength * 256 + (15 - throws)) * 16 + 15 - pos
            if key > best:
                best, high, high_class = key, order[pos], kind
            elif key < worst:
                worst, low = key, order[pos]
        return high, low, high_class

    def play_half(self, seats: Sequence[int], starter: int) -> tuple[int, int]:
        """Play a half at these seats; return the loser's seat and the rounds played."""
        total, lids, play_round = self.variants.lids, self.lids, self.play_round
        held = [0] * self.players  # by seat number
        pot, rounds, opening, moved = total, 0, self.variants.opening_round, 0
        at = seats.index(starter)
        order = [*seats[at:], *seats[:at]]
        while True:
            high, low, high_class = play_round(order, opening)
            opening, rounds = False, rounds + 1
            if high_class == SCHOCK_OUT_CLASS:
                count = total - held[low]
                held = [0] * self.players
                held[low], pot = total, 0
            elif pot > 0:
                count = min(lids[high_class], pot)
                pot -= count
                held[low] += count
            else:
                count = min(lids[high_class], held[high])
                held[high] -= count
                held[low] += count
            moved += count
            if held[low] == total:
                self.tally.lids_moved += moved
                return low, rounds
            at = seats.index(low)  # the low starts; with the pot empty only lid holders play
            if pot > 0:
                order = [*seats[at:], *seats[:at]]
            else:
                order = [p for p in seats[at:] if held[p]] + [p for p in seats[:at] if held[p]]

    def play_game(self, starter: int) -> int:
        """Play one game (two halves and maybe a decider); return the loser's seat."""
        seats = list(range(self.players))
        first, r1 = self.play_half(seats, starter)
        second, r2 = self.play_half(seats, first)
        if first == second:
            self.tally.add_game([r1, r2], loser=first, decider=False)
            return first
        pair = [p for p in seats if p in (first, second)]
        loser, r3 = self.play_half(pair, first)
        self.tally.add_game([r1, r2, r3], loser=loser, decider=True)
        return loser


def simulate_fast(
    *,
    players: int,
    games: int,
    seed: int,
    threshold: int = ThresholdBot().threshold,
    variants: Variants = DEFAULT,
    progress: Progress | None = None,
) -> SchockenStats:
    """Play `games` games at one table of threshold bots; the loser starts the next game."""
    check_run(players, games, seed)
    tally = Tally(players)
    table = FastTable(players, seed, threshold=threshold, variants=variants, tally=tally)
    began = time.perf_counter()
    starter, step = 0, max(1, games // 100)
    for done in range(1, games + 1):
        starter = table.play_game(starter)
        if progress is not None and (done % step == 0 or done == games):
            progress(step if done % step == 0 else done % step)
    for batch in table.turns.values():
        batch.flush()
    seconds = time.perf_counter() - began
    return SchockenStats.of(tally, engine="fast", bot="threshold", seed=seed, seconds=seconds)
