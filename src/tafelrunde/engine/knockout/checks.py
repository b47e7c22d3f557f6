"""Check a fact against the state before it is applied; a misfit raises RuleError."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.clock import clock_text, is_late, seconds
from tafelrunde.engine.knockout.facts import (
    CheckIn,
    Donation,
    GameLost,
    KoFact,
    OpenTable,
    PayFee,
    Register,
    SchockOut,
    Withdraw,
)
from tafelrunde.engine.knockout.model import PlayerState, Status, TableState
from tafelrunde.engine.knockout.rules import BRACKET_NAMES, Bracket

if TYPE_CHECKING:
    from tafelrunde.engine.knockout.state import KnockoutState


def fresh_number(state: KnockoutState, fact: KoFact) -> None:
    """Refuse a fact whose number is not above every earlier one, or whose time is no time."""
    last = state.facts[-1].n if state.facts else 0
    if fact.n <= last:
        raise RuleError(
            f"Die Nummer {fact.n} muss größer als {last} sein.",
            f"number {fact.n} must be greater than {last}.",
            field="n",
        )
    seconds(fact.at)


def not_over(state: KnockoutState) -> None:
    """Refuse play after the tournament has its winner."""
    if state.finished:
        raise RuleError(
            "Das Turnier ist beendet; nur Korrekturen, Rücknahmen und Spenden gehen noch.",
            "the tournament is over; only corrections, undos and donations are possible.",
            field="n",
        )


def known_player(state: KnockoutState, pid: str) -> PlayerState:
    """Return a registered player or refuse."""
    p = state.players.get(pid)
    if p is None:
        raise RuleError(
            f"Den Spieler „{pid}“ gibt es nicht.", f"there is no player '{pid}'.", field="player"
        )
    return p


def known_table(state: KnockoutState, number: int) -> TableState:
    """Return a table by number or refuse."""
    table = state.tables.get(number)
    if table is None:
        raise RuleError(
            f"Den Tisch {number} gibt es nicht.", f"there is no table {number}.", field="table"
        )
    return table


def name_key(name: str) -> str:
    """Return the form of a name that two players must not share."""
    return " ".join(name.split()).casefold()


def can_register(state: KnockoutState, fact: Register) -> None:
    """Refuse a duplicate, a late registration without override, or one after the main bracket."""
    not_over(state)
    if not fact.player.strip():
        raise RuleError("Die Spieler-ID fehlt.", "the player id is missing.", field="player")
    if fact.player in state.players:
        raise RuleError(
            f"„{fact.player}“ ist schon angemeldet.",
            f"'{fact.player}' is registered already.",
            field="player",
        )
    if name_key(fact.name or fact.player) in state.names:
        raise RuleError(
            f"Ein Spieler „{fact.name or fact.player}“ ist schon angemeldet.",
            f"a player '{fact.name or fact.player}' is registered already.",
            field="name",
        )
    deadline = state.rules.deadline
    if is_late(fact.at, deadline, state.day) and not fact.override_deadline:
        raise RuleError(
            f"Anmeldeschluss war um {clock_text(deadline)} Uhr "
            "(Ausnahme nur durch die Turnierleitung).",
            f"registration closed at {clock_text(deadline)} (only the organiser can override).",
            field="at",
        )
    main_final = any(t.final for t in state.open_tables(Bracket.MAIN))
    if main_final or Bracket.MAIN in state.done_brackets:
        raise RuleError(
            "Die Hauptrunde ist schon beim Final-Tisch; keine Anmeldung mehr.",
            "the main bracket has reached its final table; no more registrations.",
            field="player",
        )


def can_mark(state: KnockoutState, fact: PayFee | CheckIn) -> PlayerState:
    """Refuse marking the fee paid or the check-in twice."""
    not_over(state)
    p = known_player(state, fact.player)
    if p.status is Status.WITHDRAWN:
        raise RuleError(f"„{p.name}“ ist abgemeldet.", f"'{p.name}' has withdrawn.", field="player")
    if isinstance(fact, PayFee) and p.paid:
        raise RuleError(
            f"„{p.name}“ hat die Startgebühr schon bezahlt.",
            f"'{p.name}' has paid the entry fee already.",
            field="player",
        )
    if isinstance(fact, CheckIn) and p.checked_in:
        raise RuleError(
            f"„{p.name}“ ist schon eingecheckt.",
            f"'{p.name}' is checked in already.",
            field="player",
        )
    return p


def can_withdraw(state: KnockoutState, fact: Withdraw) -> PlayerState:
    """Refuse withdrawing a player who has been seated."""
    not_over(state)
    p = known_player(state, fact.player)
    if p.seated_ever or p.status not in (Status.REGISTERED, Status.WAITING):
        raise RuleError(
            f"„{p.name}“ hat schon gespielt oder ist abgemeldet.",
            f"'{p.name}' has played already or has withdrawn.",
            field="player",
        )
    return p


def _seatable(state: KnockoutState, p: PlayerState, bracket: Bracket) -> None:
    """Refuse a player who is not waiting in the bracket's queue, saying why."""
    de_b, en_b = BRACKET_NAMES[bracket]
    if p.status is Status.REGISTERED and not p.paid:
        de, en = "hat die Startgebühr nicht bezahlt", "has not paid the entry fee"
    elif p.status is Status.REGISTERED:
        de, en = "ist nicht eingecheckt", "is not checked in"
    elif p.status is Status.SEATED:
        de, en = f"sitzt schon an Tisch {p.table}", f"is at table {p.table} already"
    elif p.status is Status.WAITING and p.bracket is bracket:
        return
    elif p.status is Status.WAITING and p.bracket is not None:
        de, en = f"wartet in der {BRACKET_NAMES[p.bracket][0]}", f"waits in the {p.bracket}"
    else:
        de, en = f"wartet nicht in der {de_b}", f"is not waiting in the {en_b}"
    raise RuleError(f"„{p.name}“ {de}.", f"'{p.name}' {en}.", field="players")


def can_open(state: KnockoutState, fact: OpenTable) -> bool:
    """Refuse a table that does not fit; return whether it is its bracket's final table."""
    not_over(state)
    players = fact.players
    if len(set(players)) != len(players):
        raise RuleError(
            "Ein Spieler steht doppelt auf dem Tisch.",
            "a player is listed twice.",
            field="players",
        )
    for pid in players:
        known_player(state, pid)
    if fact.bracket is Bracket.GRAND_FINAL:
        if not state.grand_final_ready() or sorted(players) != sorted(state.finalists):
            names = ", ".join(state.players[f].name for f in state.finalists) or "—"
            raise RuleError(
                f"Das große Finale spielen genau die Finalisten: {names}.",
                f"the grand final is played by exactly the finalists: {names}.",
                field="players",
            )
        return True
    if fact.bracket in state.done_brackets:
        de, en = BRACKET_NAMES[fact.bracket]
        raise RuleError(f"Die {de} ist beendet.", f"the {en} is over.", field="bracket")
    sizes = state.rules.tables.sizes()
    if len(players) not in sizes:
        allowed = ", ".join(str(s) for s in sorted(sizes))
        raise RuleError(
            f"Ein Tisch hat {allowed} Spieler, nicht {len(players)}.",
            f"a table seats {allowed} players, not {len(players)}.",
            field="players",
        )
    for pid in players:
        _seatable(state, state.players[pid], fact.bracket)
    queue = state.queues[fact.bracket]
    alone = not state.running[fact.bracket] and len(players) == len(queue)
    return state.closed(fact.bracket) and alone


def can_lose(state: KnockoutState, fact: GameLost) -> TableState:
    """Refuse a game loser who is not playing at that open table."""
    not_over(state)
    table = known_table(state, fact.table)
    p = known_player(state, fact.player)
    if not table.is_open:
        raise RuleError(
            f"Tisch {table.number} ist schon geschlossen.",
            f"table {table.number} is closed already.",
            field="table",
        )
    if p.id not in table.remaining:
        de = "hat den Tisch schon verlassen" if p.id in table.left else "sitzt nicht dort"
        en = "has left that table already" if p.id in table.left else "is not at that table"
        raise RuleError(
            f"„{p.name}“ {de} (Tisch {table.number}).",
            f"'{p.name}' {en} (table {table.number}).",
            field="player",
        )
    return table


def can_schock_out(state: KnockoutState, fact: SchockOut) -> None:
    """Refuse a Schock aus by an unknown player or at a table he does not play at.

    It may be entered after the winner is known: the last game's Schock aus counts too.
    """
    p = known_player(state, fact.player)
    if fact.table is not None and p.id not in known_table(state, fact.table).players:
        raise RuleError(
            f"„{p.name}“ spielt nicht an Tisch {fact.table}.",
            f"'{p.name}' does not play at table {fact.table}.",
            field="table",
        )


def can_donate(state: KnockoutState, fact: Donation) -> None:
    """Refuse a donation for an unknown Schock aus, or a second one."""
    if fact.schock_out not in state.schock_outs:
        raise RuleError(
            f"Fakt {fact.schock_out} ist kein Schock aus.",
            f"fact {fact.schock_out} is no Schock aus.",
            field="schock_out",
        )
    if fact.schock_out in state.donations:
        raise RuleError(
            f"Für Schock aus {fact.schock_out} ist schon gespendet.",
            f"the donation for Schock aus {fact.schock_out} is recorded already.",
            field="schock_out",
        )
