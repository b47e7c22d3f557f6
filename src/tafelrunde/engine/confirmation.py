"""Results entered at the table and their confirmation: entered, confirmed, disputed, decided.

A table's result can come from a player of the table (through the table link), from a
referee or from the organiser. Under the ruleset option `confirmation`:

- `"table"` (default): a player's entry counts once a *different* player of the table
  confirms it ("Stimmt") or enters the same values; a different result makes the table
  disputed, and the organiser (or a referee) decides between the versions or enters their own;
- `"none"`: a player's first entry counts at once;
- `"organiser"`: a player's entry counts once the organiser or a referee confirms it.

An entry by the organiser or a referee always counts at once. Only a settled result counts
for standings, roll-offs and the next draw; every entry stays in the table's history.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import Message, msg

Mode = Literal["table", "none", "organiser"]
MODES: tuple[Mode, ...] = ("table", "none", "organiser")
Status = Literal["open", "entered", "confirmed", "disputed", "decided"]
STAFF = ""  # `player` of an entry or confirmation made by the organiser or a referee


@dataclass(frozen=True)
class TableEntry:
    """A result for one table entered by a seated player, or (player STAFF) by the staff;
    `phone`: the phone it came from ("" when unknown: the staff, a file of before)."""

    n: int
    player: str
    values: Hashable
    phone: str = ""


@dataclass(frozen=True)
class TableConfirm:
    """A confirmation ("Stimmt") of entry `entry` by a seated player or (STAFF) by the staff,
    from a phone ("" when unknown)."""

    n: int
    player: str
    entry: int
    phone: str = ""


@dataclass(frozen=True)
class TableDecide:
    """The staff's choice of one entry of a disputed table."""

    n: int
    entry: int


TableFact = TableEntry | TableConfirm | TableDecide


@dataclass
class TableResult:
    """What a table's facts add up to: its status, the result that counts, the history."""

    mode: Mode
    seats: tuple[str, ...]
    status: Status = "open"
    settled: TableEntry | None = None
    pending: list[TableEntry] = field(default_factory=list)  # the versions awaiting a word
    history: list[TableFact] = field(default_factory=list)

    def apply(self, fact: TableFact) -> None:
        """Take one fact, or refuse it with a message and change nothing."""
        self._check(fact)
        if isinstance(fact, TableDecide):
            self._settle(self._pending_entry(fact.entry), "decided")
        elif isinstance(fact, TableConfirm):
            self._settle(self._pending_entry(fact.entry), "confirmed")
        elif fact.player == STAFF or self.mode == "none":
            self._settle(fact, "confirmed")
        else:
            self._enter(fact)
        self.history.append(fact)

    def may_confirm(self, player: str, phone: str = "") -> tuple[int, ...]:
        """The entries this player may confirm now (from this phone): the one answer every
        page and command asks (a seated player, not their own entry, not from the phone that
        entered it, not disputed, the rules let players)."""
        allowed = []
        for entry in self.pending:
            try:
                self._check(TableConfirm(0, player, entry.n, phone))
            except RuleError:
                continue
            allowed.append(entry.n)
        return tuple(allowed)

    def after(self, fact: TableFact) -> TableResult:
        """The result with one more fact, this one unchanged; refuse as `apply` does."""
        new = replace(self, pending=list(self.pending), history=list(self.history))
        new.apply(fact)
        return new

    @property
    def by_staff(self) -> bool:
        """Say whether the result that counts was entered, confirmed or chosen by the staff."""
        if self.settled is None or not self.history:
            return False
        last = self.history[-1]
        return isinstance(last, TableDecide) or last.player == STAFF

    def _enter(self, entry: TableEntry) -> None:
        """A player's entry: a first version, a player's own new version, a match, a dispute;
        a disputed table stays disputed (one more version) until the organisers decide."""
        others = [e for e in self.pending if e.player != entry.player]
        if self.status == "disputed":
            self.pending = [*others, entry]
            return
        matching = [e for e in others if e.values == entry.values and _apart(e.phone, entry.phone)]
        if self.mode == "table" and matching:
            self._settle(entry, "confirmed")
            return
        self.pending = [*others, entry]
        distinct = {e.values for e in self.pending}
        self.status = "disputed" if len(distinct) > 1 else "entered"

    def _settle(self, entry: TableEntry, status: Status) -> None:
        """The table's result counts from now on."""
        self.settled, self.status, self.pending = entry, status, []

    def _pending_entry(self, n: int) -> TableEntry:
        """The version numbered n that awaits a word."""
        for e in self.pending:
            if e.n == n:
                return e
        raise RuleError(msg("This entry no longer awaits a confirmation."), field="entry")

    def _check(self, fact: TableFact) -> None:
        """Refuse what this table's state does not allow."""
        player = fact.player if isinstance(fact, TableEntry | TableConfirm) else STAFF
        if player != STAFF and player not in self.seats:
            raise RuleError(msg("Only a player of this table can do that."), field="player")
        if player != STAFF and self.settled is not None:
            raise RuleError(
                msg("The result of this table counts already; only the organisers can correct it."),
                field="entry",
            )
        if isinstance(fact, TableDecide):
            if self.status != "disputed":
                raise RuleError(msg("This table is not disputed."), field="entry")
            self._pending_entry(fact.entry)
        if isinstance(fact, TableConfirm):
            entry = self._pending_entry(fact.entry)
            if player != STAFF and self.mode == "organiser":
                raise RuleError(
                    msg("Under these rules the organisers confirm the results."), field="player"
                )
            if player != STAFF and entry.player == player:
                raise RuleError(
                    msg("Another player of the table must confirm this result."), field="player"
                )
            if player != STAFF and not _apart(entry.phone, fact.phone):
                raise RuleError(
                    msg("This result was entered on this phone: another player confirms it "
                        "on their own phone."),
                    field="player",
                )  # fmt: skip
            if self.status == "disputed" and player != STAFF:
                raise RuleError(
                    msg("This table is disputed: the organisers decide."), field="entry"
                )


def not_from_phone(
    allowed: tuple[int, ...], entered_on: dict[int, str], phone: str
) -> tuple[int, ...]:
    """Of the entries a player may confirm, those not entered on this phone."""
    return tuple(n for n in allowed if _apart(entered_on.get(n, ""), phone))


def _apart(one: str, other: str) -> bool:
    """Say whether two facts came from different phones (an unknown phone is apart)."""
    return not one or not other or one != other


def mode_words(mode: Mode) -> Message:
    """The confirmation rule in words, for the players' rules."""
    if mode == "none":
        return msg("a result entered at the table counts at once")
    if mode == "organiser":
        return msg("a result entered at the table counts once the organisers confirm it")
    return msg(
        "a result entered at the table counts once another player of the table confirms it; "
        "if two players enter different results, the organisers decide"
    )


MODE_CHOICES: tuple[tuple[Mode, Message], ...] = (
    ("table", msg("another player of the table confirms")),
    ("none", msg("the first entry counts")),
    ("organiser", msg("the organisers or a referee confirm")),
)


def table_result(mode: Mode, seats: Sequence[str], facts: Sequence[TableFact]) -> TableResult:
    """Replay a table's facts (each must fit, as when it was stored)."""
    if mode not in MODES:
        raise RuleError(
            msg("'{value}' is not a confirmation rule (table, none, organiser).", value=mode),
            field="confirmation",
        )
    result = TableResult(mode, tuple(seats))
    for fact in facts:
        result.apply(fact)
    return result
