"""Format D as data for people: describe facts, tables and players in German or English."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.knockout.clock import clock_text
from tafelrunde.engine.knockout.facts import (
    CheckIn,
    Donation,
    GameLost,
    KnockoutFact,
    OpenTable,
    PayFee,
    Register,
    SchockOut,
    Undo,
    Withdraw,
)
from tafelrunde.engine.knockout.rules import BRACKET_NAMES, Bracket
from tafelrunde.engine.knockout.state import KnockoutState
from tafelrunde.engine.rules_text import t

STATUS_WORDS = {
    "registered": ("angemeldet", "registered"),
    "waiting": ("wartet", "waiting"),
    "seated": ("am Tisch", "at a table"),
    "finalist": ("Finalist", "finalist"),
    "out": ("ausgeschieden", "out"),
    "withdrawn": ("abgemeldet", "withdrawn"),
    "placed": ("platziert", "placed"),
}


def bracket_name(b: Bracket | None, lang: str) -> str:
    """Name a bracket in the language."""
    if b is None:
        return "–"
    de, en = BRACKET_NAMES[b]
    return t(lang, de, en)


def names(state: KnockoutState, ids: list[str] | tuple[str, ...]) -> str:
    """Join players' names."""
    return ", ".join(state.players[p].name if p in state.players else p for p in ids)


def describe(who: dict[str, str], fact: KnockoutFact, lang: str) -> str:
    """Describe a fact in one line, with names (from `roster`) instead of ids."""
    name = who.get(getattr(fact, "player", ""), getattr(fact, "player", ""))
    if isinstance(fact, Register):
        late = t(lang, " (nach Anmeldeschluss)", " (after the deadline)")
        return (
            t(lang, "Anmeldung ", "registered ") + name + (late if fact.override_deadline else "")
        )
    if isinstance(fact, PayFee):
        return t(lang, f"Startgebühr bezahlt: {name}", f"entry fee paid: {name}")
    if isinstance(fact, CheckIn):
        return t(lang, f"eingecheckt: {name}", f"checked in: {name}")
    if isinstance(fact, Withdraw):
        return t(lang, f"abgemeldet: {name}", f"withdrawn: {name}")
    if isinstance(fact, OpenTable):
        hand = t(lang, ", von Hand", ", by hand") if fact.by_hand else ""
        players = ", ".join(who.get(p, p) for p in fact.players)
        return t(lang, "Tisch eröffnet (", "table opened (") + (
            f"{bracket_name(fact.bracket, lang)}{hand}): {players}"
        )
    if isinstance(fact, GameLost):
        fix = t(lang, f", korrigiert Nr. {fact.corrects}", f", corrects no. {fact.corrects}")
        text = t(lang, f"Tisch {fact.table}: Spiel verloren: ", f"table {fact.table}: game lost: ")
        return text + name + (fix if fact.corrects else "")
    if isinstance(fact, SchockOut):
        where = t(lang, f" (Tisch {fact.table})", f" (table {fact.table})") if fact.table else ""
        return t(lang, "Schock aus in einem Wurf: ", "Schock aus in one throw: ") + name + where
    if isinstance(fact, Donation):
        return t(lang, "Spende für Schock aus Nr. ", "donation for Schock aus no. ") + str(
            fact.schock_out
        )
    assert isinstance(fact, Undo)
    return t(lang, f"Nr. {fact.target} zurückgenommen", f"undid no. {fact.target}")


def clock_of(at: float) -> str:
    """Show a fact's time of day."""
    return clock_text(at % 86_400)


def table_rows(state: KnockoutState, at: float, lang: str) -> list[dict[str, Any]]:
    """Describe every table: players with chips, who left, the clock and sharp play."""
    rows = []
    for table in state.tables.values():
        running = (at - table.opened_at) / 60 if table.is_open else None
        rows.append(
            {
                "table": table.number,
                "bracket": str(table.bracket),
                "bracket_name": bracket_name(table.bracket, lang),
                "final": table.final,
                "by_hand": table.by_hand,
                "players": list(table.players),
                "chips": {p: state.players[p].chips for p in table.remaining},
                "left": list(table.left),
                "opened": clock_of(table.opened_at),
                "closed": None if table.closed_at is None else clock_of(table.closed_at),
                "minutes": None if running is None else int(max(running, 0)),
                "sharp": table.is_open and state.is_sharp(table.number, at),
            }
        )
    return rows


def player_rows(state: KnockoutState, lang: str) -> list[dict[str, Any]]:
    """Describe every player: status, bracket, lives, chips, table, fee."""
    return [
        {
            "id": p.id,
            "name": p.name,
            "status": str(p.status),
            "status_text": t(lang, *STATUS_WORDS[str(p.status)]),
            "bracket": None if p.bracket is None else str(p.bracket),
            "lives": p.lives,
            "chips": p.chips if p.table is not None else None,
            "table": p.table,
            "paid": p.paid,
            "checked_in": p.checked_in,
        }
        for p in state.players.values()
    ]
