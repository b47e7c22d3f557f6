"""The seat lookup: what a table link is for (`Where`), and what it shows and accepts in formats
A–C: the table, its result and its state (the table, organiser, print, player and live pages
read it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.entries import Values, moved_on
from tafelrunde.engine.groups.facts import Result, TableEntered, Tournament
from tafelrunde.engine.groups.progress import rolloff_purpose
from tafelrunde.engine.groups.stage_state import RolloffNeed, StageState
from tafelrunde.engine.groups.table_entry import TableStatus, current_game, table_status
from tafelrunde.engine.groups.table_view import TableView, game_tables
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import Message, Text, msg
from tafelrunde.web.core.templatetags.tafel import translated

__all__ = ["moved_on"]  # (the refusal of a form made before another entry, as the engine's)


@dataclass(frozen=True)
class Where:
    """What a link is for: a stage's key, a game (0: the whole stage) and a table."""

    stage: str
    game: int
    table: int


def where_of(st: StageState, index: int, game: int) -> Where:
    """The link of a table: of its game where tables are drawn anew, else of the stage."""
    return Where(st.key, game if st.rule.reseat_each_game else 0, index)


@dataclass(frozen=True)
class Seat:
    """A table as its link sees it now."""

    st: StageState
    game: int
    view: TableView
    status: TableStatus
    writable: bool  # the table's players may still enter or confirm
    mark: int  # the number of the table's latest fact (0: none), to spot double taps

    @property
    def index(self) -> int:
        """The table's number."""
        return self.view.index


def seat_of(state: TournamentState, where: Where) -> Seat | None:
    """The table a link is for (None when its stage was taken back)."""
    st = next((s for s in state.stages if s.key == where.stage), None)
    if st is None or not 1 <= where.table <= len(st.tables(1) or ()):
        return None
    game = where.game or current_game(st, where.table)
    if st.tables(game) is None:
        return None
    view = game_tables(state, st, game, only={where.table})[0]
    status = table_status(st, game, where.table)
    table = st.at_table.get((game, where.table))
    mark = table.history[-1].n if table and table.history else 0
    writable = st is state.current and status.result is None and st.played(game, where.table)
    return Seat(st, game, view, status, writable, mark)


def status_words(status: TableStatus, mode: str) -> tuple[Message, Message]:
    """The table's state in a few words, and what happens next."""
    if status.status == "open":
        return msg("open – nothing entered yet"), msg(
            "One player of the table taps their name and enters the result."
        )
    if status.status == "entered":
        if mode == "organiser":
            return msg("entered – waiting for confirmation"), msg(
                "The organisers confirm the result; then it counts."
            )
        return msg("entered – waiting for confirmation"), msg(
            "Another player of this table taps their name and 'Correct'; then the result counts."
        )
    if status.status == "disputed":
        return msg("disputed"), msg(
            "Two different results were entered. The organisers decide which one counts."
        )
    if status.status == "decided":
        return msg("confirmed (decided by the organisers)"), msg("The result counts.")
    return msg("confirmed"), msg("The result counts.")


PASS_STEPS = {  # what happens next where only players' passes enter and confirm
    "open": msg("One player of the table opens their pass and enters the result here."),
    "entered": msg(
        "Another player of this table, with their pass, taps 'Correct'; then it counts."
    ),
}


def steps_for(status: str, next_step: Message, pass_only: bool) -> Message:
    """What happens next, said for the way this tournament's tables enter (`identity`)."""
    return PASS_STEPS.get(status, next_step) if pass_only else next_step


def earlier(
    state: TournamentState, seat: Seat, mode: str, words: Callable[[Message], str]
) -> dict[str, Any] | None:
    """The game a table that stays for the stage played before and how its result counts
    (its players learn what the organisers decided once the link shows the next game): its
    players best first, with what they entered and the place and points it gave."""
    if seat.st.rule.reseat_each_game or seat.game <= 1:
        return None
    status = table_status(seat.st, seat.game - 1, seat.index)
    if status.result is None:
        return None
    said = words(status_words(status, mode)[0])
    view = game_tables(state, seat.st, seat.game - 1, only={seat.index})[0]
    rows = [(p.name, p.score, p.pips, p.place, p.points) for p in view.placed]
    return {"game": seat.game - 1, "said": said, "rows": rows, "points_word": view.points_word,
            "point_word": view.point_word}  # fmt: skip


def rows_of(tour: Tournament, view: TableView, entry: TableEntered | Result) -> list[Any]:
    """An entered result by player in seat order: name, game points, pips, place (and no
    points of the place: they follow once it counts)."""
    return [
        (tour.name_of(p), entry.scores.get(p), entry.pips.get(p), entry.places.get(p), None)
        for p in view.seats
    ]


@dataclass(frozen=True)
class Tap:
    """What a player sent from the table: a result (`values`) or a "Correct" for `entry`."""

    player: str
    game: int  # the game the form was shown for
    by: str  # who, in words: 'Tisch 3 · Anna'
    values: Values | None = None
    entry: int = 0
    phone: str = ""  # the phone it came from (see phones.py)


def same_as_latest(seat: Seat, tap: Tap) -> bool:
    """Say whether the table's latest fact is this one again (a double tap)."""
    st, key = seat.st, (seat.game, seat.index)
    table = st.at_table.get(key)
    if table is None or not table.history:
        return False
    last = table.history[-1]
    if tap.values is not None:
        entered = st.table_entries.get(last.n)
        v = tap.values
        return (
            entered is not None
            and entered.player == tap.player
            and (entered.scores, entered.pips, entered.places) == (v.scores, v.pips, v.places)
        )
    return getattr(last, "player", None) == tap.player and getattr(last, "entry", 0) == tap.entry


def counts_already() -> RuleError:
    """The refusal of an entry for a table whose result counts (or a game that is over)."""
    return RuleError(
        msg("The result of this table counts already; only the organisers can correct it."),
        field="entry",
    )


def by_words(index: int, name: str) -> str:
    """Who did it, in words: 'Tisch 3 · Anna'."""
    return translated(msg("Table {table} · {name}", table=index, name=name))


@dataclass(frozen=True)
class RolloffLine:
    """An open roll-off of the running stage in words: what it decides and who plays it."""

    table: int | None
    game: int  # the game whose tie it decides (0: the stage's standing)
    purpose: str  # "Stechen um Platz 1."
    names: tuple[str, ...]  # who plays it
    herzog: bool  # it decides a later game's start order

    @property
    def players(self) -> str:
        """Who plays it, in words: "Anna, Bernd"."""
        return ", ".join(self.names)

    def game_words(self, shown: int, word: Text) -> str:
        """Its game in words ("Durchgang 1") when a page shows another game, else ""."""
        if not self.game or self.game == shown or self.herzog:
            return ""
        return translated(msg("{word} {game}", word=word, game=self.game))


def rolloff_lines(state: TournamentState, table: int | None = None) -> list[RolloffLine]:
    """The running stage's open roll-offs (of one table: those that name it), in words."""
    return [rolloff_line(state, n) for n in open_rolloffs(state, table)]


def rolloff_line(state: TournamentState, need: RolloffNeed) -> RolloffLine:
    """An open roll-off of the running stage in words."""
    st = state.current
    assert st is not None  # a roll-off is open in the running stage
    names = tuple(state.tournament.name_of(p) for p in need.players)
    purpose = translated(rolloff_purpose(st, need))
    return RolloffLine(need.table, need.game, purpose, names, need.kind == st.rule.herzog)


def rolloffs_by_table(
    state: TournamentState, games: dict[int, int], *, names: bool = True
) -> dict[int, list[tuple[str, tuple[str, ...]]]]:
    """Each table's open roll-offs as lines ("Stechen um Platz 1. Anna, Bernd (Durchgang 1)",
    the game only when it is not the one `games` says the table shows; or, for a card that
    marks the names, just "Stechen um Platz 1"), each with who plays it."""
    st = state.current
    word = st.rule.game_word() if st else ""
    out: dict[int, list[tuple[str, tuple[str, ...]]]] = {}
    for r in rolloff_lines(state):
        if r.table is None:
            continue  # the stage's standing: no table plays it off by itself
        when = r.game_words(games.get(r.table, 0), word)
        said = f"{r.purpose} {r.players}" + (f" ({when})" if when else "")
        out.setdefault(r.table, []).append((said if names else r.purpose.rstrip("."), r.names))
    return out
