"""Format D on the command line: loading, saving, naming players, times and facts."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from tafelrunde.cli.files import load_any, save_tournament
from tafelrunde.cli.stamp import author, now
from tafelrunde.cli.views import t
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    CheckIn,
    Donation,
    GameLost,
    KnockoutFact,
    KnockoutState,
    KnockoutTournament,
    OpenTable,
    PayFee,
    Register,
    SchockOut,
    Undo,
    Withdraw,
)
from tafelrunde.engine.knockout.clock import clock_text, seconds
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.rules import BRACKET_NAMES

BRACKET_WORDS = {
    "haupt": Bracket.MAIN,
    "hauptrunde": Bracket.MAIN,
    "main": Bracket.MAIN,
    "trost": Bracket.CONSOLATION,
    "trostrunde": Bracket.CONSOLATION,
    "consolation": Bracket.CONSOLATION,
    "finale": Bracket.GRAND_FINAL,
    "final": Bracket.GRAND_FINAL,
    "grand_final": Bracket.GRAND_FINAL,
}

STATUS_WORDS = {
    "registered": ("angemeldet", "registered"),
    "waiting": ("wartet", "waiting"),
    "seated": ("am Tisch", "at a table"),
    "finalist": ("Finalist", "finalist"),
    "out": ("ausgeschieden", "out"),
    "withdrawn": ("abgemeldet", "withdrawn"),
    "placed": ("platziert", "placed"),
}


def load_ko(path: Path) -> KnockoutTournament:
    """Load a format-D tournament file; refuse one of another format."""
    tour = load_any(path)
    if not isinstance(tour, KnockoutTournament):
        raise RuleError(
            f"{path.name} ist kein Turnier im Format D; dieser Befehl gilt nur für den "
            "Schocken-K.-o.",
            f"{path.name} is not a format-D tournament; this command is for the Schocken "
            "knockout only.",
            field="file",
        )
    return tour


def is_knockout(path: Path) -> bool:
    """Say whether a path holds a readable format-D tournament file."""
    try:
        return isinstance(load_any(path), KnockoutTournament)
    except (RuleError, OSError):
        return False


def when(args: argparse.Namespace, tour: KnockoutTournament) -> str:
    """Return the time of the new facts: --at (a time of the tournament day, or ISO), or now."""
    text = getattr(args, "at", None)
    if not text:
        return now()
    text = text.strip()
    seconds(text, field="--at")
    if len(text) >= 10 and text[4] == "-":
        return text
    day = tour.day or date.today()
    return f"{day.isoformat()}T{text}"


def add_facts(
    args: argparse.Namespace, tour: KnockoutTournament, facts: list[KnockoutFact]
) -> KnockoutState:
    """Record facts (numbered, timed, signed) all or none, and save the file."""
    state = record_all(tour, facts, at=when(args, tour), by=author())
    save_tournament(tour, args.file)
    return state


def bracket_of(word: str) -> Bracket:
    """Read a bracket's name (German or English)."""
    b = BRACKET_WORDS.get(word.strip().casefold())
    if b is None:
        raise RuleError(
            f"„{word}“ ist keine Runde (haupt, trost oder finale).",
            f"'{word}' is no bracket (main, consolation or final).",
            field="--bracket",
        )
    return b


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
