"""Format D on the command line: loading, saving, naming players, times and facts."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from tafelrunde.cli.files import load_any, save_tournament
from tafelrunde.cli.stamp import author, now
from tafelrunde.engine.clock import seconds
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import Bracket, KnockoutFact, KnockoutState, KnockoutTournament
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.i18n import msg

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


def load_ko(path: Path) -> KnockoutTournament:
    """Load a format-D tournament file; refuse one of another format."""
    tour = load_any(path)
    if not isinstance(tour, KnockoutTournament):
        raise RuleError(
            msg(
                "{name} is not a format-D tournament; this command is for the Schocken "
                "knockout only.",
                name=path.name,
            ),
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
            msg("'{word}' is no bracket (main, consolation or final).", word=word),
            field="--bracket",
        )
    return b
