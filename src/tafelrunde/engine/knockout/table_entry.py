"""Format D at the table: each table's current game, its status and the versions awaiting a word.

A player of an open table enters the loser of the table's current game
(`TableLoserEntered`), another player confirms it (`TableLoserConfirmed`), the staff
confirms or decides a disputed game (`TableLoserDecided`) or enters the loser itself
(`GameLost`). The builders below give facts numbered 0 at time 0 for `record_all`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.engine.confirmation import STAFF, Mode, Status, TableFact, not_from_phone
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.checks import current_result, known_table
from tafelrunde.engine.knockout.facts import (
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
)
from tafelrunde.engine.knockout.state import KnockoutState
from tafelrunde.i18n import msg

ORDER: dict[Status, int] = {"disputed": 0, "entered": 1, "open": 2, "confirmed": 3, "decided": 3}


@dataclass(frozen=True)
class Version:
    """A loser entered by a player of the table that awaits a word."""

    entry: int  # the number of the fact that entered it
    player: str  # who entered it
    loser: str
    phone: str = ""  # the phone it was entered on


@dataclass(frozen=True)
class TableGame:
    """One game at a table: its status, the versions awaiting a word and the loser that counts."""

    table: int
    place: int  # the hall's table number ("Tisch 7")
    game: int  # 1 for the table's first game
    status: Status  # open, entered, confirmed, disputed or decided
    mode: Mode
    seats: tuple[str, ...]  # the players who may enter and confirm (those still playing)
    versions: tuple[Version, ...]  # the pending versions, oldest first
    loser: str | None  # the loser that counts (None until settled)
    by_staff: bool  # settled by the organisers or a referee
    settled_by: int | None  # the fact that settled it (to undo or to correct)
    history: tuple[TableFact, ...]  # every entry, confirmation and decision of the game
    table_open: bool  # the table still plays
    confirmable: tuple[tuple[str, tuple[int, ...]], ...] = ()  # by player: what they may confirm

    def may_confirm(self, player: str, phone: str = "") -> tuple[int, ...]:
        """The versions this player may confirm now from this phone (the engine's answer):
        not one entered on the same phone."""
        allowed = dict(self.confirmable).get(player, ())
        return not_from_phone(allowed, {v.entry: v.phone for v in self.versions}, phone)


def current_game(state: KnockoutState, table: int) -> int:
    """The number of the game a table plays now (after it closed: one past its last game)."""
    return known_table(state, table).lost + 1


def game_status(state: KnockoutState, table: int, game: int) -> TableGame:
    """The status of one game at a table (open when nothing was entered for it yet)."""
    t = known_table(state, table)
    result = state.results.get((table, game))
    if result is None:
        if not t.is_open or game != t.lost + 1:
            raise RuleError(
                msg("Table {table} has no game {game}.", table=t.place, game=game), field="game"
            )
        result = current_result(state, t)
    settled = result.settled
    return TableGame(
        table=table,
        place=t.place,
        game=game,
        status=result.status,
        mode=result.mode,
        seats=result.seats,
        versions=tuple(Version(e.n, e.player, str(e.values), e.phone) for e in result.pending),
        loser=None if settled is None else str(settled.values),
        by_staff=result.by_staff,
        settled_by=result.history[-1].n if settled is not None else None,
        history=tuple(result.history),
        table_open=t.is_open,
        confirmable=tuple((p, result.may_confirm(p)) for p in result.seats),
    )


def table_status(state: KnockoutState, table: int) -> TableGame:
    """An open table's current game; a closed table's last game (settled)."""
    t = known_table(state, table)
    return game_status(state, table, t.lost + 1 if t.is_open else t.lost)


def results_board(state: KnockoutState) -> list[TableGame]:
    """The current game of every open table: disputed first, then entered, open, settled."""
    games = [table_status(state, t.number) for t in state.open_tables()]
    return sorted(games, key=lambda g: (ORDER[g.status], g.place))


def enter_loser(
    state: KnockoutState, table: int, player: str, loser: str, phone: str = ""
) -> TableLoserEntered:
    """A player's entry (from a phone) of the loser of the table's current game."""
    game = current_game(state, table)
    return TableLoserEntered(
        n=0, at=0, table=table, game=game, player=player, loser=loser, phone=phone
    )


def _current(state: KnockoutState, table: int, shown: int | None, basis: int | None) -> int:
    """The table's current game; refuse when it is no longer the game a form showed, or the
    game has a newer entry than the form's `basis` (its latest fact then)."""
    game = current_game(state, table)
    if shown is not None and shown != game:
        raise RuleError(msg("This game has been entered meanwhile."), field="game")
    if basis is not None:
        history = game_status(state, table, game).history
        if (history[-1].n if history else 0) != basis:
            said = msg(
                "Meanwhile something else was entered at this table; please check and try again."
            )
            raise RuleError(said, field="version")
    return game


def confirm_loser(
    state: KnockoutState,
    table: int,
    entry: int,
    player: str = STAFF,
    *,
    game: int | None = None,
    basis: int | None = None,
    phone: str = "",
) -> TableLoserConfirmed:
    """A confirmation of a pending entry of the current game (`game` and `basis`: the game
    and its latest fact the form showed), by a player (from a phone) or the staff."""
    now = _current(state, table, game, basis)
    return TableLoserConfirmed(
        n=0, at=0, table=table, game=now, entry=entry, player=player, phone=phone
    )


def decide_loser(
    state: KnockoutState,
    table: int,
    entry: int,
    *,
    game: int | None = None,
    basis: int | None = None,
) -> TableLoserDecided:
    """The staff's choice of one version of the disputed current game (`game` and `basis`:
    the game and its latest fact the form showed)."""
    now = _current(state, table, game, basis)
    return TableLoserDecided(n=0, at=0, table=table, game=now, entry=entry)
