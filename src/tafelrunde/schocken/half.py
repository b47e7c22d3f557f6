"""A half (Hälfte): 13 lids leave the pot, then pass between players until one holds all."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tafelrunde.i18n import msg
from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.hands import Hand, Kind
from tafelrunde.schocken.moves import Move, NextMove
from tafelrunde.schocken.round import Round
from tafelrunde.schocken.variants import DEFAULT, Variants


@dataclass(frozen=True)
class LidMove:
    """What a finished round did: who gave (None: the pot) how many lids to whom."""

    highest: str
    lowest: str
    high_hand: Hand
    low_hand: Hand
    giver: str | None
    count: int


def _seat_order(seats: tuple[str, ...], starter: str, playing: set[str]) -> tuple[str, ...]:
    """Return the playing seats in seat order, beginning with the starter."""
    at = seats.index(starter)
    turned = seats[at:] + seats[:at]
    return tuple(p for p in turned if p in playing)


@dataclass(frozen=True)
class Half:
    """A half in progress or over; `lids` follows `seats`, the rest of the lids is the pot."""

    seats: tuple[str, ...]
    variants: Variants
    pot: int
    lids: tuple[int, ...]
    round: Round | None
    loser: str | None = None
    rounds: int = 0  # rounds finished
    last: LidMove | None = None

    @classmethod
    def start(cls, seats: tuple[str, ...], *, starter: str, variants: Variants = DEFAULT) -> Half:
        """Start a half at these seats; the starter opens (with one throw each: Laden)."""
        if starter not in seats:
            raise RuleError(msg("{starter} is not at the table", starter=starter), field="starter")
        order = _seat_order(seats, starter, set(seats))
        first = Round.start(order, variants=variants, opening=variants.opening_round)
        return cls(seats, variants, variants.lids, (0,) * len(seats), first)

    @property
    def over(self) -> bool:
        """Tell whether the half has a loser."""
        return self.loser is not None

    def lids_of(self, player: str) -> int:
        """Return the lids a player holds."""
        return self.lids[self.seats.index(player)]

    def playing(self) -> tuple[str, ...]:
        """Return who plays the current round (in the passing phase: only players with lids)."""
        return self.round.players if self.round is not None else ()

    def next_move(self) -> NextMove | None:
        """Return whose move it is and what is legal, or None once the half is over."""
        return None if self.round is None else self.round.next_move()

    def play(self, move: Move) -> Half:
        """Play one move; a finished round moves lids and starts the next round."""
        if self.round is None:
            raise RuleError(msg("the half is over"), field="half")
        played = self.round.play(move)
        if not played.over:
            return replace(self, round=played)
        return self._settle(played)

    def _settle(self, done: Round) -> Half:
        """Move the lids of a finished round and start the next one (or end the half)."""
        high, low = done.highest(), done.lowest()
        high_hand, low_hand = done.hands[high], done.hands[low]
        giver, receiver = done.players[high], done.players[low]
        lids = list(self.lids)
        at_low, total = self.seats.index(receiver), self.variants.lids
        pot = self.pot
        if high_hand.kind is Kind.SCHOCK_OUT:
            count = total - lids[at_low]
            lids = [0] * len(lids)
            lids[at_low], pot = total, 0
            from_who: str | None = giver
        elif pot > 0:
            count = min(high_hand.lids(self.variants), pot)
            pot -= count
            lids[at_low] += count
            from_who = None
        else:
            at_high = self.seats.index(giver)
            count = min(high_hand.lids(self.variants), lids[at_high])
            lids[at_high] -= count
            lids[at_low] += count
            from_who = giver
        last = LidMove(giver, receiver, high_hand, low_hand, from_who, count)
        base = replace(self, pot=pot, lids=tuple(lids), rounds=self.rounds + 1, last=last)
        if lids[at_low] == total:
            return replace(base, round=None, loser=receiver)
        playing = (
            set(self.seats)
            if pot > 0
            else {p for p, n in zip(self.seats, lids, strict=True) if n > 0}
        )
        order = _seat_order(self.seats, receiver, playing)
        return replace(base, round=Round.start(order, variants=self.variants))
