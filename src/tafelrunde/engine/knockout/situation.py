"""What stands in a format-D tournament: players, tables, queues, and the questions asked of it.

The checks read it; `KnockoutState` records a fact into it.
"""

from __future__ import annotations

from datetime import date

from tafelrunde.engine.confirmation import TableResult
from tafelrunde.engine.knockout.facts import Donation, KnockoutFact, SchockOut
from tafelrunde.engine.knockout.model import PlayerState, TableState
from tafelrunde.engine.knockout.rules import Bracket, KnockoutRules

BRACKETS = (Bracket.MAIN, Bracket.CONSOLATION)


class KnockoutSituation:
    """What stands after a format-D tournament's facts so far, and the questions asked of it."""

    def __init__(self, rules: KnockoutRules, day: date | None = None) -> None:
        self.rules = rules
        self.day = day  # the tournament day: registrations on earlier days are in time
        self.facts: list[KnockoutFact] = []
        self.players: dict[str, PlayerState] = {}
        self.tables: dict[int, TableState] = {}
        self.queues: dict[Bracket, list[str]] = {b: [] for b in BRACKETS}
        self.qualified: dict[Bracket, list[str]] = {b: [] for b in BRACKETS}
        self.done_brackets: set[Bracket] = set()
        self.eliminated: list[str] = []
        self.finalists: list[str] = []
        self.final_order: list[str] = []
        self.winner: str | None = None
        self.schock_outs: dict[int, SchockOut] = {}
        self.donations: dict[int, Donation] = {}
        # kept up to date with each fact, so no question scans every player or table
        self.unready: dict[str, None] = {}  # registered, fee (or check-in) missing; in order
        self.running: dict[Bracket, dict[int, TableState]] = {b: {} for b in Bracket}
        self.tables_closed: dict[Bracket, int] = {b: 0 for b in Bracket}
        self.final_table: TableState | None = None
        self.names: set[str] = set()  # every registered name, as checks.name_key gives it
        self.hall_tables: int | None = None  # physical tables of the hall; None: not limited
        # every game played or being played at a table, by (table, game): entries from the
        # table, confirmations, decisions and the staff's losers; only a settled loser counts
        self.results: dict[tuple[int, int], TableResult] = {}

    # -- questions ----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Say whether the tournament has its winner."""
        return self.winner is not None

    @property
    def seated(self) -> bool:
        """Say whether players sit at tables now (a table open, the tournament not over)."""
        return bool(self.open_tables()) and not self.finished

    def name_of(self, player: str) -> str:
        """A player's name (the id itself when nobody has it)."""
        known = self.players.get(player)
        return known.name if known is not None else player

    def open_tables(self, bracket: Bracket | None = None) -> list[TableState]:
        """Return the open tables, of one bracket or of all."""
        if bracket is not None:
            return list(self.running[bracket].values())
        return sorted((t for b in Bracket for t in self.running[b].values()), key=_number)

    def places_in_use(self) -> set[int]:
        """Return the hall numbers of the open tables."""
        return {t.place for b in Bracket for t in self.running[b].values()}

    def free_places(self) -> int | None:
        """Return how many hall tables are free now (None: the hall is not limited)."""
        if self.hall_tables is None:
            return None
        return self.hall_tables - len(self.places_in_use())

    def next_place(self) -> int | None:
        """Return the lowest hall number no open table uses (None: all are in use)."""
        used = self.places_in_use()
        top = self.hall_tables if self.hall_tables is not None else len(used) + 1
        return next((k for k in range(1, top + 1) if k not in used), None)

    def pending(self) -> list[str]:
        """Return the registered players still missing the entry fee (or check-in)."""
        return list(self.unready)

    def closed(self, bracket: Bracket) -> bool:
        """Say whether no more players can arrive in a bracket from outside it."""
        if bracket is Bracket.MAIN:
            return not self.unready
        return Bracket.MAIN in self.done_brackets

    def grand_final(self) -> TableState | None:
        """Return the grand final table once it is open."""
        return self.final_table

    def grand_final_ready(self) -> bool:
        """Say whether the grand final can be opened now."""
        return bool(self.finalists) and self.grand_final() is None and not self.finished


def _number(table: TableState) -> int:
    """Return a table's number (to sort tables)."""
    return table.number
