"""The dice game Schocken: hands, rounds, halves, games, variants and bots."""

from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.game import Game, Stage
from tafelrunde.schocken.half import Half, LidMove
from tafelrunde.schocken.hands import SINGLE_THROWS, Hand, Kind
from tafelrunde.schocken.moves import Move, MoveKind, NextMove
from tafelrunde.schocken.record import GameRecord
from tafelrunde.schocken.round import Round
from tafelrunde.schocken.table import GameResult, Table
from tafelrunde.schocken.turn import Turn
from tafelrunde.schocken.variants import Variants

__all__ = [
    "SINGLE_THROWS",
    "Game",
    "GameRecord",
    "GameResult",
    "Half",
    "Hand",
    "Kind",
    "LidMove",
    "Move",
    "MoveKind",
    "NextMove",
    "Round",
    "RuleError",
    "Stage",
    "Table",
    "Turn",
    "Variants",
]
