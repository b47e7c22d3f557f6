"""Format D as data for people: facts, tables and players described as messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tafelrunde.engine.clock import clock_text
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
from tafelrunde.engine.knockout.rules import BRACKET_NAMES, Bracket
from tafelrunde.engine.knockout.state import KnockoutState
from tafelrunde.i18n import Message, Text, msg

STATUS_WORDS = {
    "registered": msg("registered"),
    "waiting": msg("waiting"),
    "seated": msg("at a table"),
    "finalist": msg("finalist"),
    "out": msg("out"),
    "withdrawn": msg("withdrawn"),
    "placed": msg("placed"),
}


def bracket_name(b: Bracket | None) -> Text:
    """Name a bracket (a dash for none)."""
    return "–" if b is None else BRACKET_NAMES[b]


def names(state: KnockoutState, ids: list[str] | tuple[str, ...]) -> str:
    """Join players' names."""
    return ", ".join(state.players[p].name if p in state.players else p for p in ids)


@dataclass(frozen=True)
class Places:
    """The hall numbers ("Tisch 7") of the tables: by table number and by opening fact; and
    who threw each Schock aus (by its fact), to name a donation by its player."""

    by_table: dict[int, int] = field(default_factory=dict)
    by_fact: dict[int, int] = field(default_factory=dict)
    schock_outs: dict[int, str] = field(default_factory=dict)


def hall_numbers(state: KnockoutState) -> Places:
    """Return every table's hall number, to describe facts with it."""
    tables = state.tables.values()
    return Places(
        {t.number: t.place for t in tables},
        {t.opened_by: t.place for t in tables},
        {n: f.player for n, f in state.schock_outs.items()},
    )


def fact_line(who: dict[str, str], fact: KnockoutFact, places: Places | None = None) -> Message:
    """Describe a fact in one line, with names (from `roster`) and hall numbers (`places`).

    Without `places` (or for a table no longer in the history) a table is named by its own number.
    """
    name = who.get(getattr(fact, "player", ""), getattr(fact, "player", ""))
    places = places or Places()
    table = getattr(fact, "table", None)
    if table is not None:
        table = places.by_table.get(table, table)
    if isinstance(fact, Register):
        if fact.override_deadline:
            return msg("registered {name} (after the deadline)", name=name)
        return msg("registered {name}", name=name)
    if isinstance(fact, PayFee):
        return msg("entry fee paid: {name}", name=name)
    if isinstance(fact, PayFees):
        players = ", ".join(who.get(p, p) for p in fact.players)
        return msg(
            "entry fee paid by all present ({count}): {players}",
            count=len(fact.players),
            players=players,
        )
    if isinstance(fact, TakeBackFee):
        return msg("entry fee mark taken back: {name}", name=name)
    if isinstance(fact, HallTables):
        return msg("tables in the hall: {count}", count=fact.count)
    if isinstance(fact, CheckIn):
        return msg("checked in: {name}", name=name)
    if isinstance(fact, Withdraw):
        return msg("withdrawn: {name}", name=name)
    if isinstance(fact, OpenTable):
        bracket = BRACKET_NAMES[fact.bracket]
        players = ", ".join(who.get(p, p) for p in fact.players)
        place = places.by_fact.get(fact.n)
        if place is not None:
            if fact.by_hand:
                return msg(
                    "table {table} opened ({bracket}, by hand): {players}",
                    table=place,
                    bracket=bracket,
                    players=players,
                )
            return msg(
                "table {table} opened ({bracket}): {players}",
                table=place,
                bracket=bracket,
                players=players,
            )
        if fact.by_hand:
            return msg(
                "table opened ({bracket}, by hand): {players}", bracket=bracket, players=players
            )
        return msg("table opened ({bracket}): {players}", bracket=bracket, players=players)
    if isinstance(fact, GameLost):
        if fact.corrects:
            return msg(
                "table {table}: game lost: {name}, corrects no. {corrects}",
                table=table,
                name=name,
                corrects=fact.corrects,
            )
        return msg("table {table}: game lost: {name}", table=table, name=name)
    if isinstance(fact, TableLoserEntered):
        return msg(
            "table {table}, game {game}: {name} enters: lost {loser}",
            table=table,
            game=fact.game,
            name=name,
            loser=who.get(fact.loser, fact.loser),
        )
    if isinstance(fact, TableLoserConfirmed):
        if not fact.player:
            return msg(
                "table {table}, game {game}: no. {entry} confirmed by the organisers",
                table=table,
                game=fact.game,
                entry=fact.entry,
            )
        return msg(
            "table {table}, game {game}: {name} confirms no. {entry}",
            table=table,
            game=fact.game,
            name=name,
            entry=fact.entry,
        )
    if isinstance(fact, TableLoserDecided):
        return msg(
            "table {table}, game {game}: the organisers decide for no. {entry}",
            table=table,
            game=fact.game,
            entry=fact.entry,
        )
    if isinstance(fact, SchockOut):
        if table:
            return msg("Schock aus in one throw: {name} (table {table})", name=name, table=table)
        return msg("Schock aus in one throw: {name}", name=name)
    if isinstance(fact, Donation):
        thrower = places.schock_outs.get(fact.schock_out)
        if thrower is not None:  # its player, not the entry's number
            return msg("donation for the Schock aus of {name}", name=who.get(thrower, thrower))
        return msg("donation for Schock aus no. {number}", number=fact.schock_out)
    assert isinstance(fact, Undo)
    return msg("undid no. {target}", target=fact.target)


def clock_of(at: float) -> str:
    """Show a fact's time of day."""
    return clock_text(at % 86_400)


def sharp_seconds(state: KnockoutState, number: int) -> int | None:
    """Seconds after its opening from which a table plays sharp (None: never, the final)."""
    table = state.tables[number]
    if table.bracket is Bracket.GRAND_FINAL and not state.rules.sharp_in_final:
        return None
    return state.rules.sharp_after_minutes * 60


def table_rows(state: KnockoutState, at: float) -> list[dict[str, Any]]:
    """Describe every table: players with chips, who left, the clock and sharp play."""
    rows = []
    for table in state.tables.values():
        running = (at - table.opened_at) / 60 if table.is_open else None
        rows.append(
            {
                "table": table.number,
                "hall_table": table.place,
                "bracket": str(table.bracket),
                "bracket_name": bracket_name(table.bracket),
                "final": table.final,
                "by_hand": table.by_hand,
                "players": list(table.players),
                "chips": state.table_chips(table.number),
                "left": list(table.left),
                "opened": clock_of(table.opened_at),
                "closed": None if table.closed_at is None else clock_of(table.closed_at),
                "minutes": None if running is None else int(max(running, 0)),
                "elapsed": None if running is None else int(max(at - table.opened_at, 0)),
                "sharp_in": sharp_seconds(state, table.number),
                "sharp": table.is_open and state.is_sharp(table.number, at),
            }
        )
    return rows


def player_rows(state: KnockoutState) -> list[dict[str, Any]]:
    """Describe every player: status, bracket, lives, chips, table, fee."""
    return [
        {
            "id": p.id,
            "name": p.name,
            "status": str(p.status),
            "status_text": STATUS_WORDS[str(p.status)],
            "bracket": None if p.bracket is None else str(p.bracket),
            "lives": p.lives,
            "chips": p.chips if p.table is not None else None,
            "table": p.table,
            "hall_table": None if p.table is None else state.tables[p.table].place,
            "paid": p.paid,
            "checked_in": p.checked_in,
        }
        for p in state.players.values()
    ]
