"""The recorded facts of a format-D tournament: each with a number `n` and a time `at`."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.engine.clock import At
from tafelrunde.engine.knockout.rules import Bracket


@dataclass(frozen=True, kw_only=True)
class KoFact:
    """Common fields of every fact: its number, when (seconds or ISO text) and by whom."""

    n: int
    at: At
    by: str = ""


@dataclass(frozen=True, kw_only=True)
class Register(KoFact):
    """Register a player; after the deadline only with the organiser's override."""

    player: str
    name: str = ""
    override_deadline: bool = False


@dataclass(frozen=True, kw_only=True)
class PayFee(KoFact):
    """Mark a player's entry fee paid."""

    player: str


@dataclass(frozen=True, kw_only=True)
class PayFees(KoFact):
    """Mark the entry fee of several players paid at once (all present players)."""

    players: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class TakeBackFee(KoFact):
    """Take back a player's fee mark (paid by mistake, or money returned) before seating."""

    player: str


@dataclass(frozen=True, kw_only=True)
class HallTables(KoFact):
    """Set how many physical tables the hall has; open tables take the lowest free one."""

    count: int


@dataclass(frozen=True, kw_only=True)
class CheckIn(KoFact):
    """Check a player in (needed before seating only when the ruleset asks for it)."""

    player: str


@dataclass(frozen=True, kw_only=True)
class Withdraw(KoFact):
    """Take back a registration of a player who was never seated."""

    player: str


@dataclass(frozen=True, kw_only=True)
class OpenTable(KoFact):
    """Open a table of a bracket with waiting players (suggested or chosen by hand)."""

    bracket: Bracket
    players: tuple[str, ...]
    by_hand: bool = False


@dataclass(frozen=True, kw_only=True)
class GameLost(KoFact):
    """Record the one loser of a Schocken game at a table; `corrects` replaces an earlier one."""

    table: int
    player: str
    corrects: int | None = None


@dataclass(frozen=True, kw_only=True)
class TableLoserEntered(KoFact):
    """A player of an open table says who lost the table's current game (number `game`)."""

    table: int
    game: int
    player: str
    loser: str
    phone: str = ""  # the phone it came from: a digest of its session ("" when unknown)


@dataclass(frozen=True, kw_only=True)
class TableLoserConfirmed(KoFact):
    """Another player of the table (or, player "", the staff) confirms entry `entry`: "Stimmt"."""

    table: int
    game: int
    entry: int
    player: str = ""
    phone: str = ""  # the phone it came from ("" when unknown)


@dataclass(frozen=True, kw_only=True)
class TableLoserDecided(KoFact):
    """The staff chooses entry `entry` of a disputed game at a table."""

    table: int
    game: int
    entry: int


TableLoserFact = TableLoserEntered | TableLoserConfirmed | TableLoserDecided


@dataclass(frozen=True, kw_only=True)
class Undo(KoFact):
    """Take back an earlier fact (a taken-back correction restores what it replaced)."""

    target: int


@dataclass(frozen=True, kw_only=True)
class SchockOut(KoFact):
    """Record a Schock aus made in a single throw."""

    player: str
    table: int | None = None


@dataclass(frozen=True, kw_only=True)
class Donation(KoFact):
    """Record the donation handed to the referees for a recorded Schock aus."""

    schock_out: int


KnockoutFact = (
    Register
    | PayFee
    | PayFees
    | TakeBackFee
    | HallTables
    | CheckIn
    | Withdraw
    | OpenTable
    | GameLost
    | TableLoserEntered
    | TableLoserConfirmed
    | TableLoserDecided
    | Undo
    | SchockOut
    | Donation
)
