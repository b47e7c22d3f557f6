"""Reading player lists and tournament files, writing them atomically."""

from __future__ import annotations

import csv
import io
import os
import tempfile
from pathlib import Path

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import Player, Tournament
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.tournament_file import dumps_any, loads, loads_any


def read_text(path: Path, what: str) -> str:
    """Read a text file or refuse with a clear message."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RuleError(
            f"{what} „{path}“ gibt es nicht.", f"{what} '{path}' does not exist.", field=str(path)
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise RuleError(
            f"{what} „{path}“ lässt sich nicht lesen: {err}",
            f"cannot read {what} '{path}': {err}",
            field=str(path),
        ) from None


def parse_player_names(text: str) -> list[str]:
    """Read names from CSV (a 'name' column, else the first) or plain text, one per line."""
    lines = [
        line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]
    names: list[str] = []
    if lines and ("," in lines[0] or ";" in lines[0]):
        dialect = csv.Sniffer().sniff(lines[0], delimiters=",;")
        rows = list(csv.reader(io.StringIO("\n".join(lines)), dialect))
        header = [h.strip().casefold() for h in rows[0]]
        col = next(
            (header.index(h) for h in ("name", "spieler", "teilnehmer") if h in header), None
        )
        body = rows[1:] if col is not None else rows
        names = [r[col or 0].strip() for r in body if r and r[col or 0].strip()]
    else:
        names = [line.strip() for line in lines]
        if names and names[0].casefold() in ("name", "spieler", "teilnehmer"):
            names = names[1:]
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            raise RuleError(
                f"„{name}“ steht zweimal in der Spielerliste.",
                f"'{name}' is in the player list twice.",
                field="players",
            )
        seen[name.casefold()] = name
    return names


def parse_players(text: str) -> list[Player]:
    """Read a player list of at least 3 and number the players p01, p02, ..."""
    names = parse_player_names(text)
    if len(names) < 3:
        raise RuleError(
            "Die Spielerliste braucht mindestens 3 Spieler.",
            "The player list needs at least 3 players.",
            field="players",
        )
    width = len(str(len(names)))
    return [Player(f"p{str(i).zfill(width)}", n) for i, n in enumerate(names, start=1)]


def load_tournament(path: Path) -> Tournament:
    """Read a tournament file."""
    return loads(read_text(path, "Turnierdatei"), origin=path.name)


def load_any(path: Path) -> Tournament | KnockoutTournament:
    """Read a tournament file of any format."""
    return loads_any(read_text(path, "Turnierdatei"), origin=path.name)


def save_tournament(t: Tournament | KnockoutTournament, path: Path) -> None:
    """Write the tournament file atomically: the old file stays whole until the new one is."""
    text = dumps_any(t)
    folder = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=".tafelrunde-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
