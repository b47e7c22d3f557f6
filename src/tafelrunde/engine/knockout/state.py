"""Replay the facts of a format-D tournament into its state; refuse a fact that does not fit.

Every fact is first checked completely and only then applied, so a refused fact (a
`RuleError`) changes nothing. Corrections and undos replay the rewritten history.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from tafelrunde.engine.choices import Fill
from tafelrunde.engine.clock import seconds
from tafelrunde.engine.confirmation import STAFF, TableEntry, TableResult
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import checks
from tafelrunde.engine.knockout.corrections import effective_facts
from tafelrunde.engine.knockout.facts import (
    CheckIn,
    Donation,
    GameLost,
    HallTables,
    KnockoutFact,
    OpenTable,
    PayFee,
    PayFees,
    Register,
    SchockOut,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
    TakeBackFee,
    Undo,
    Withdraw,
)
from tafelrunde.engine.knockout.model import PlayerState, Status, TableState
from tafelrunde.engine.knockout.rules import Bracket, KnockoutRules
from tafelrunde.engine.knockout.situation import BRACKETS, KnockoutSituation
from tafelrunde.engine.sealed import Sealed
from tafelrunde.i18n import msg


class KnockoutState(Sealed, KnockoutSituation):
    """Everything that follows from a format-D tournament's facts; records the next one."""

    # -- questions about one table (an unknown table is refused) -------------------------

    def table_chips(self, number: int) -> dict[str, int]:
        """Return the chips of the players still at a table (when it closed, for a closed one:
        its survivors may sit at their next table with fresh chips by now)."""
        table = checks.known_table(self, number)
        if not table.is_open:
            return dict(table.chips_at_close)
        return {p: self.players[p].chips for p in table.remaining}

    def is_sharp(self, number: int, at: float | int | str) -> bool:
        """Say whether a game starting at `at` at the table is sharp (single half)."""
        table = checks.known_table(self, number)
        if table.bracket is Bracket.GRAND_FINAL and not self.rules.sharp_in_final:
            return False
        return seconds(at) - table.opened_at >= self.rules.sharp_after_minutes * 60

    # -- recording ----------------------------------------------------------------------

    def record(self, fact: KnockoutFact) -> None:
        """Check a new fact and apply it; a refused fact raises RuleError and changes nothing."""
        self.unsealed()
        checks.fresh_number(self, fact)
        if isinstance(fact, Undo) or (isinstance(fact, GameLost) and fact.corrects is not None):
            self._rewrite(fact)
            return
        self._apply(fact)
        self.facts.append(fact)

    def _rewrite(self, fact: KnockoutFact) -> None:
        """Replay the history with a correction or undo; keep the old state if it breaks."""
        history = [*self.facts, fact]
        replayed = KnockoutState(self.rules, self.day)
        for f in effective_facts(history):
            try:
                replayed._apply(f)
            except RuleError as err:
                raise RuleError(
                    msg("fact {n} would no longer fit: {reason}", n=f.n, reason=err.msg),
                    field=err.field,
                ) from None
        replayed.facts = history
        vars(self).update(vars(replayed))

    def _apply(self, fact: KnockoutFact) -> None:
        """Check and apply one plain fact (no undo, no correction)."""
        self.unsealed()
        if isinstance(fact, Register):
            checks.can_register(self, fact)
            self._register(fact)
        elif isinstance(fact, PayFee | CheckIn):
            p = checks.can_mark(self, fact)
            if isinstance(fact, PayFee):
                p.paid = True
            else:
                p.checked_in = True
            self._promote(p)
        elif isinstance(fact, PayFees):
            for p in checks.can_pay_all(self, fact):
                p.paid = True
                self._promote(p)
        elif isinstance(fact, TakeBackFee):
            p = checks.can_take_back_fee(self, fact)
            p.paid = False
            if p.status is Status.WAITING:
                self.queues[Bracket.MAIN].remove(p.id)
                p.status, p.bracket = Status.REGISTERED, None
                self.unready[p.id] = None
        elif isinstance(fact, HallTables):
            checks.can_set_hall_tables(self, fact)
            self.hall_tables = fact.count
        elif isinstance(fact, Withdraw):
            p = checks.can_withdraw(self, fact)
            if p.status is Status.WAITING:
                self.queues[Bracket.MAIN].remove(p.id)
            p.status = Status.WITHDRAWN
            self.unready.pop(p.id, None)
        elif isinstance(fact, OpenTable):
            final = checks.can_open(self, fact)
            self._open(fact, final)
        elif isinstance(fact, GameLost):
            table = checks.can_lose(self, fact)
            self._staff_settles(table, fact)
            self._lose(table, fact.player, seconds(fact.at))
        elif isinstance(fact, TableLoserEntered | TableLoserConfirmed | TableLoserDecided):
            table, result = checks.can_table(self, fact)
            self.results[(table.number, fact.game)] = result
            if result.settled is not None:
                self._lose(table, str(result.settled.values), seconds(fact.at))
        elif isinstance(fact, SchockOut):
            checks.can_schock_out(self, fact)
            self.schock_outs[fact.n] = fact
        elif isinstance(fact, Donation):
            checks.can_donate(self, fact)
            self.donations[fact.schock_out] = fact
        self._settle()

    # -- changes (no checks below this line) --------------------------------------------

    def _register(self, fact: Register) -> None:
        """Add a player with full lives."""
        p = PlayerState(fact.player, fact.name or fact.player, seconds(fact.at), self.rules.lives)
        self.players[p.id] = p
        self.unready[p.id] = None
        self.names.add(checks.name_key(p.name))
        self._promote(p)

    def _promote(self, p: PlayerState) -> None:
        """Put a player who has paid (and checked in when needed) into the main queue."""
        ready = p.paid and (p.checked_in or not self.rules.check_in)
        if p.status is Status.REGISTERED and ready:
            p.status, p.bracket = Status.WAITING, Bracket.MAIN
            self.queues[Bracket.MAIN].append(p.id)
            del self.unready[p.id]

    def _open(self, fact: OpenTable, final: bool) -> None:
        """Seat the players at a new table with their chips."""
        number = len(self.tables) + 1
        place = self.next_place()
        assert place is not None  # checks.can_open refuses a table when the hall is full
        table = TableState(
            number,
            fact.bracket,
            fact.players,
            seconds(fact.at),
            final,
            fact.by_hand,
            opened_by=fact.n,
            place=place,
        )
        table.remaining = list(fact.players)
        self.tables[number] = table
        self.running[fact.bracket][number] = table
        if fact.bracket is Bracket.GRAND_FINAL:
            self.final_table = table
        fresh = self.rules.chips(fact.bracket)
        for pid in fact.players:
            p = self.players[pid]
            keep = self.rules.chips_carry_over and p.seated_ever and p.bracket is fact.bracket
            p.chips = p.chips if keep and p.chips > 0 else fresh
            p.status, p.bracket, p.table, p.seated_ever = Status.SEATED, fact.bracket, number, True
            if fact.bracket is not Bracket.GRAND_FINAL:
                self.queues[fact.bracket].remove(pid)

    def _staff_settles(self, table: TableState, fact: GameLost) -> None:
        """The staff's loser settles the table's current game (versions waiting are dropped)."""
        key = (table.number, table.lost + 1)
        entry = TableEntry(fact.n, STAFF, fact.player)
        result = self.results.get(key)
        if result is None:  # the usual case, kept cheap: what `apply` would give
            mode, seats = self.rules.confirmation, tuple(table.remaining)
            self.results[key] = TableResult(mode, seats, "confirmed", entry, [], [entry])
        else:
            self.results[key] = result.after(entry)

    def _lose(self, table: TableState, pid: str, at: float) -> None:
        """Take a chip; without chips the player leaves the table (and maybe a life)."""
        p = self.players[pid]
        p.chips -= 1
        table.lost += 1
        if p.chips == 0:
            table.remaining.remove(pid)
            table.left.append(pid)
            p.table = None
            self._leave(p, table.bracket)
        if table.bracket is Bracket.GRAND_FINAL:
            if len(table.remaining) == 1:
                self._close(table, at)
                self.winner = table.remaining[0]
                self.players[self.winner].status = Status.PLACED
                self.players[self.winner].table = None
        elif len(table.remaining) <= self.rules.survivors:
            self._close(table, at)
            for sid in table.remaining:
                s = self.players[sid]
                s.status, s.table = Status.WAITING, None
                self.queues[table.bracket].append(sid)

    def _close(self, table: TableState, at: float) -> None:
        """Close a table at a time (its survivors' chips stay as they were then)."""
        table.closed_at = at
        table.chips_at_close = {p: self.players[p].chips for p in table.remaining}
        del self.running[table.bracket][table.number]
        self.tables_closed[table.bracket] += 1

    def _leave(self, p: PlayerState, bracket: Bracket) -> None:
        """Send a player who has no chips on: consolation, out, or a place in the grand final."""
        if bracket is Bracket.GRAND_FINAL:
            p.status = Status.PLACED
            self.final_order.append(p.id)
            return
        p.lives -= 1
        if p.lives >= 1:
            p.status, p.bracket = Status.WAITING, Bracket.CONSOLATION
            self.queues[Bracket.CONSOLATION].append(p.id)
        else:
            p.status = Status.OUT
            self.eliminated.append(p.id)

    def _settle(self) -> None:
        """Finish brackets whose remaining players qualify, and name the grand finalists."""
        for b in BRACKETS:
            if b not in self.done_brackets and self._bracket_over(b):
                self.done_brackets.add(b)
                self.qualified[b] = list(self.queues[b])
                self.queues[b].clear()
                for pid in self.qualified[b]:
                    self.players[pid].status = Status.FINALIST
        all_done = len(self.done_brackets) == len(BRACKETS)
        if all_done and not self.finalists and self.grand_final() is None and not self.finished:
            self._name_finalists()

    def _bracket_over(self, b: Bracket) -> bool:
        """Say whether a bracket has ended: nobody can come, no table, at most the survivors."""
        if not self.closed(b) or self.running[b] or len(self.queues[b]) > self.rules.survivors:
            return False
        return b is Bracket.CONSOLATION or self.tables_closed[b] > 0

    def _name_finalists(self) -> None:
        """Name the grand finalists: the brackets' qualifiers, filled up by the fill rule."""
        finalists = self.qualified[Bracket.MAIN] + self.qualified[Bracket.CONSOLATION]
        if self.rules.final_fill == Fill.LATEST_ELIMINATED:
            while len(finalists) < self.rules.final_size and self.eliminated:
                revived = self.eliminated.pop()
                self.players[revived].status = Status.FINALIST
                finalists.append(revived)
        self.finalists = finalists[: self.rules.final_size]
        if len(self.finalists) == 1:
            self.winner = self.finalists[0]
            self.players[self.winner].status = Status.PLACED


def replay(
    rules: KnockoutRules, facts: Iterable[KnockoutFact], day: date | None = None
) -> KnockoutState:
    """Build the state of a tournament from its facts (raises RuleError on the first misfit)."""
    state = KnockoutState(rules, day)
    for fact in facts:
        state.record(fact)
    return state
