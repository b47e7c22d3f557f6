"""A compact, JSON-friendly record of a game that replays to the same result.

Format (a dict of plain JSON types)::

    {"seats": ["Anna", "Ben", "Cem"], "starter": "Anna", "sharp": false,
     "variants": {"schock_doof": true, "max_throws": 3, "lids": 13, ...},
     "moves": ["0t652", "0.", "1t611", "1a1", "1t23", "1.", ...],
     "loser": "Ben"}

Each move is `<seat index><code><dice>`, the dice as digits in the order shown:
`t` throw, `a` set aside (ones), `s` turn sixes, `x` void throw (Türmchen, Feuer),
`.` stop. "1t611" is: the player in seat 1 throws 6, 1, 1. `loser` is None while
the game runs; replaying checks it.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields
from typing import Any

from tafelrunde.i18n import msg
from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.game import Game
from tafelrunde.schocken.moves import Move, MoveKind
from tafelrunde.schocken.variants import Variants

_CODES = {
    MoveKind.THROW: "t",
    MoveKind.SET_ASIDE: "a",
    MoveKind.TURN_SIXES: "s",
    MoveKind.VOID: "x",
    MoveKind.STOP: ".",
}
_KINDS = {code: kind for kind, code in _CODES.items()}
_MOVE = re.compile(r"(\d+)([tasx.])([1-6]*)")


def encode_move(move: Move, seats: tuple[str, ...]) -> str:
    """Write one move in the record's notation."""
    digits = "".join(str(d) for d in move.dice)
    return f"{seats.index(move.player)}{_CODES[move.kind]}{digits}"


def decode_move(text: str, seats: tuple[str, ...]) -> Move:
    """Read one move of the record's notation."""
    found = _MOVE.fullmatch(text)
    if found is None or int(found[1]) >= len(seats):
        raise RuleError(msg("unreadable move {text!r}", text=text), field="moves")
    dice = tuple(int(d) for d in found[3])
    return Move(seats[int(found[1])], _KINDS[found[2]], dice)


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game: seats, starter, rules and the moves in order."""

    seats: tuple[str, ...]
    starter: str
    sharp: bool
    variants: Variants
    moves: tuple[str, ...]
    loser: str | None = None

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """Record a game (finished or not)."""
        moves = tuple(encode_move(m, game.seats) for m in game.moves)
        return cls(game.seats, game.starter, game.sharp, game.variants, moves, game.loser)

    def to_json(self) -> dict[str, Any]:
        """Return the record as plain JSON types."""
        return {
            "seats": list(self.seats),
            "starter": self.starter,
            "sharp": self.sharp,
            "variants": asdict(self.variants),
            "moves": list(self.moves),
            "loser": self.loser,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """Read a record written by `to_json`."""
        try:
            known = {f.name for f in fields(Variants)}
            given = data.get("variants", {})
            variants = Variants(**{k: v for k, v in given.items() if k in known})
            return cls(
                tuple(str(p) for p in data["seats"]),
                str(data["starter"]),
                bool(data.get("sharp", False)),
                variants,
                tuple(str(m) for m in data["moves"]),
                data.get("loser"),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise RuleError(
                msg("incomplete game record: {error}", error=error),
                field="record",
            ) from error

    def replay(self) -> Game:
        """Play the moves again from the start and return the game they lead to."""
        game = Game.start(
            self.seats, starter=self.starter, variants=self.variants, sharp=self.sharp
        )
        for text in self.moves:
            game = game.play(decode_move(text, self.seats))
        if self.loser is not None and game.loser != self.loser:
            raise RuleError(
                msg(
                    "replaying gives loser {replayed}, not {loser}",
                    replayed=game.loser,
                    loser=self.loser,
                ),
                field="loser",
            )
        return game
