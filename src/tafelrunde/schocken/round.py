"""A round (Wurfrunde): the starter sets the throw limit, the others follow in seat order."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tafelrunde.i18n import msg
from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.hands import Hand, best_position, worst_position
from tafelrunde.schocken.moves import Move, NextMove
from tafelrunde.schocken.turn import Turn
from tafelrunde.schocken.variants import DEFAULT, Variants


@dataclass(frozen=True)
class Round:
    """A round in throwing order (starter first); in the opening round everyone throws once."""

    players: tuple[str, ...]
    variants: Variants = DEFAULT
    opening: bool = False
    hands: tuple[Hand, ...] = ()
    turn: Turn | None = None

    @classmethod
    def start(
        cls, players: tuple[str, ...], *, variants: Variants = DEFAULT, opening: bool = False
    ) -> Round:
        """Start a round with the players in throwing order, the starter first."""
        if len(players) < 2 or len(set(players)) != len(players):
            raise RuleError(
                msg("a round needs at least two different players"),
                field="players",
            )
        first = Turn(1 if opening else variants.max_throws, may_turn_sixes=variants.turn_sixes)
        return cls(players, variants, opening, (), first)

    @property
    def over(self) -> bool:
        """Tell whether every player has shown a hand."""
        return len(self.hands) == len(self.players)

    @property
    def max_throws(self) -> int:
        """Return the throws each non-starter may use (the starter's count once he stopped)."""
        if self.opening:
            return 1
        return self.hands[0].throws if self.hands else self.variants.max_throws

    @property
    def current(self) -> str | None:
        """Return the player whose turn it is, or None once the round is over."""
        return None if self.over else self.players[len(self.hands)]

    def next_move(self) -> NextMove | None:
        """Return whose move it is and what is legal, or None once the round is over."""
        if self.turn is None or self.current is None:
            return None
        turn = self.turn
        return NextMove(self.current, turn.legal(), turn.cup, turn.throws_left, turn.loose)

    def play(self, move: Move) -> Round:
        """Play one move of the current player."""
        if self.turn is None or self.current is None:
            raise RuleError(msg("the round is over"), field="round")
        if move.player != self.current:
            raise RuleError(
                msg(
                    "it is {current}'s turn, not {player}'s",
                    current=self.current,
                    player=move.player,
                ),
                field="player",
            )
        turn = self.turn.play(move.kind, move.dice)
        if turn.hand is None:
            return replace(self, turn=turn)
        hands = (*self.hands, turn.hand)
        done = replace(self, hands=hands, turn=None)
        nxt = Turn(done.max_throws, may_turn_sixes=self.variants.turn_sixes)
        return done if done.over else replace(done, turn=nxt)

    def highest(self) -> int:
        """Return the position of the highest hand (the round must be over)."""
        self._check_over()
        return best_position(self.hands, variants=self.variants)

    def lowest(self) -> int:
        """Return the position of the lowest hand (the round must be over)."""
        self._check_over()
        return worst_position(self.hands, variants=self.variants)

    def _check_over(self) -> None:
        """Refuse to rank a round that is still being played."""
        if not self.over:
            raise RuleError(msg("the round is still being played"), field="round")
