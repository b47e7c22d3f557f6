"""Score sheets of format D: one per open table, a row per player with lives, chip boxes to cross
off, the order of leaving, Schock aus and the referee's initials; the table's clock; game lines."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.engine.knockout import Bracket, KnockoutState
from tafelrunde.engine.knockout.model import TableState
from tafelrunde.engine.knockout.views_data import bracket_name, clock_of, sharp_seconds
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.templatetags.tafel import translated

GAME_LINES = 12  # room for the longest table: the grand final (4 players, 3 chips) needs 11


@dataclass(frozen=True)
class Seat:
    """One player's row: name, lives at the table's start (None: grand final), the order of
    leaving where the table knows it already."""

    name: str
    lives: int | None
    left: int | None


@dataclass(frozen=True)
class KnockoutSheet:
    """The score sheet of one open table."""

    number: int  # the hall's table number
    heading: str
    seats: tuple[Seat, ...]
    chips: int
    opened: str  # HH:MM
    sharp: str  # HH:MM from which games are sharp; empty: never (the grand final)
    minutes: int  # sharp play begins this many minutes after the opening
    games: tuple[int, ...]
    notes: tuple[str, ...]

    @property
    def boxes(self) -> range:
        """One box per chip, to cross off."""
        return range(self.chips)

    @property
    def halves(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The game lines in two columns side by side."""
        half = (len(self.games) + 1) // 2
        return self.games[:half], self.games[half:]


def _heading(table: TableState) -> str:
    """The bracket, and whether the table is the bracket's final table."""
    name = bracket_name(table.bracket)
    if table.final and table.bracket is not Bracket.GRAND_FINAL:
        return translated(msg("{bracket} · final table", bracket=name))
    return translated(name)


def _notes(state: KnockoutState, grand: bool) -> tuple[str, ...]:
    """What the table needs to remember: who leaves, sharp play, the Schock aus donation."""
    rules = state.rules
    said: list[Message] = []
    if grand:
        said.append(msg("No lives in the grand final: who has handed in all chips is out; the "
                        "order of leaving gives places 4, 3, 2, 1."))  # fmt: skip
    else:
        said.append(msg("A player without chips leaves the table and loses a life. A table of 4 "
                        "plays until 2 have left, a table of 3 until 1 has."))  # fmt: skip
    if rules.donation:
        said.append(msg("Schock aus in one throw: one stroke each; it counts for the "
                        "Schock-Aus-König only with the {euro} € donation to the referees.",
                        euro=rules.donation))  # fmt: skip
    return tuple(translated(m) for m in said)


def knockout_sheet(state: KnockoutState, table: TableState) -> KnockoutSheet:
    """The sheet of one open table."""
    grand = table.bracket is Bracket.GRAND_FINAL
    seats = []
    for p in table.players:
        player = state.players[p]
        gone = table.left.index(p) + 1 if p in table.left else None
        lives = None if grand else player.lives + (1 if gone is not None else 0)
        seats.append(Seat(player.name, lives, gone))
    sharp_in = sharp_seconds(state, table.number)
    sharp = "" if sharp_in is None else clock_of(table.opened_at + sharp_in)
    return KnockoutSheet(
        table.place or table.number, _heading(table), tuple(seats),
        state.rules.chips(table.bracket), clock_of(table.opened_at), sharp,
        state.rules.sharp_after_minutes,
        tuple(range(1, GAME_LINES + 1)), _notes(state, grand),
    )  # fmt: skip


def knockout_sheets(state: KnockoutState) -> list[KnockoutSheet]:
    """The sheets of every open table, by hall number."""
    tables = sorted(state.open_tables(), key=lambda t: t.place or t.number)
    return [knockout_sheet(state, t) for t in tables]
