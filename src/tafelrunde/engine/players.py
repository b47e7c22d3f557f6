"""A player of a tournament of any family, and reading a player list: CSV with a name column,
or plain names, one per line."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import (
    MAX_LIST_BYTES,
    MAX_PLAYERS,
    checked_count,
    checked_name,
    checked_size,
)
from tafelrunde.i18n import msg


@dataclass(frozen=True)
class Player:
    """A registered participant."""

    id: str
    name: str


DEMO_NAMES = (
    "Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Günter", "Hanna", "Ingo", "Jana",
    "Klaus", "Lena", "Max", "Nora", "Otto", "Paula", "Quirin", "Rosa", "Sepp", "Tina", "Uwe",
    "Vera", "Willi", "Xenia", "Yvonne", "Zoe",
)  # fmt: skip


def _csv_rows(lines: list[str]) -> list[list[str]]:
    """The rows of a CSV list, separated by ';' when the first line has more of them than ','."""
    delimiter = ";" if lines[0].count(";") > lines[0].count(",") else ","
    try:
        return list(csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter))
    except csv.Error as err:
        raise RuleError(
            msg("The player list is not a readable CSV file ({err}).", err=err), field="players"
        ) from None


def parse_player_names(text: str) -> list[str]:
    """Read names from CSV (a 'name' column, else the first) or plain text, one per line.

    Every name is checked (length, no control characters); a list is at most MAX_PLAYERS long.
    """
    checked_size(len(text.encode("utf-8", "surrogatepass")), limit=MAX_LIST_BYTES, field="players")
    lines = [
        line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]
    names: list[str] = []
    if lines and ("," in lines[0] or ";" in lines[0]):
        rows = _csv_rows(lines)
        header = [h.strip().casefold() for h in rows[0]]
        col = next(
            (header.index(h) for h in ("name", "spieler", "teilnehmer") if h in header), None
        )
        body, at = (rows[1:] if col is not None else rows), col or 0
        names = [r[at].strip() for r in body if len(r) > at and r[at].strip()]  # no cell: no name
    else:
        names = [line.strip() for line in lines]
        if names and names[0].casefold() in ("name", "spieler", "teilnehmer"):
            names = names[1:]
    checked_count(len(names), limit=MAX_PLAYERS, field="players", what=msg("players"))
    seen: dict[str, str] = {}
    for name in names:
        checked_name(name, field="players")
        if name.casefold() in seen:
            raise RuleError(
                msg("'{name}' is in the player list twice.", name=name), field="players"
            )
        seen[name.casefold()] = name
    return names


def parse_players(text: str) -> list[Player]:
    """Read a player list of at least 3 and number the players p01, p02, ..."""
    names = parse_player_names(text)
    if len(names) < 3:
        raise RuleError(msg("The player list needs at least 3 players."), field="players")
    width = len(str(len(names)))
    return [Player(f"p{str(i).zfill(width)}", n) for i, n in enumerate(names, start=1)]


def numbered_players(names: list[str], first: int = 1) -> list[Player]:
    """Give new players ids p001, p002, ... from `first` on."""
    return [Player(f"p{k:03d}", n) for k, n in enumerate(names, start=first)]
