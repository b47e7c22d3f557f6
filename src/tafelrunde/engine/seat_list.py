"""Who sits where now: every player's table, seat and start position for the current game,
in alphabetical order ("Wo sitze ich?" and the seating list "Wer sitzt wo"), formats A–D.

Formats A–C show the running stage: a stage drawn afresh for every game (B's preliminary)
its latest drawn game; a stage with fixed tables (A's groups, C's rounds) per table the
first game still without a result there (the last game once all are in). Format D shows
the open table of each player, or the queue they wait in, or why they play no table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from tafelrunde.engine.knockout import KnockoutState, Status, ranking
from tafelrunde.engine.knockout.rules import BRACKET_NAMES, Bracket
from tafelrunde.engine.name_match import NameIndex, sort_key
from tafelrunde.engine.presence import known_players
from tafelrunde.engine.rules_text import joined
from tafelrunde.engine.stage_state import StageState
from tafelrunde.engine.table_view import game_tables
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import Text, msg


class Where(StrEnum):
    """Where a player is now."""

    SEATED = "seated"  # at a table
    WAITING = "waiting"  # format D: in a queue, or for the grand final
    NOT_SEATED = "not_seated"  # not at a table yet (nothing drawn, late, fee missing)
    WITHDRAWN = "withdrawn"
    OUT = "out"  # not in the running stage, or no lives left
    PLACED = "placed"  # format D: left the grand final or won it


@dataclass(frozen=True)
class SeatRow:
    """One player's place now: table, seat and start position, or why there is none."""

    player: str
    name: str
    where: Where
    table: int | None = None  # the table's number (format D: the hall's number)
    seat: int | None = None  # place in the seat order, from 1
    start: int | None = None  # place in the start order, from 1 (None: not known yet)
    game: int | None = None  # the game of a stage of formats A–C
    note: Text = ""

    def start_text(self) -> Text:
        """The start position in words: 'start player', 'start position 3', or not known."""
        if self.where is not Where.SEATED or self.game is None:
            return ""
        if self.start is None:
            return msg("start order not known yet")
        if self.start == 1:
            return msg("start player")
        return msg("start position {n}", n=self.start)


@dataclass(frozen=True)
class Seating:
    """Everybody's place now, alphabetically, with what it is about."""

    title: Text  # the stage and game (formats A–C)
    note: Text  # what holds for everybody (nothing drawn yet, the tournament is over)
    rows: tuple[SeatRow, ...]
    word: Text = ""  # the stage's word for a game ('Durchgang'), when games differ by table
    with_start: bool = False  # the start order differs from the seat order somewhere

    @cached_property
    def index(self) -> NameIndex:
        """The names made searchable, on the first search (the projector needs none)."""
        return NameIndex(tuple(r.name for r in self.rows))

    def seated(self) -> int:
        """How many players sit at a table."""
        return sum(1 for r in self.rows if r.where is Where.SEATED)


def alphabetical(rows: list[SeatRow]) -> tuple[SeatRow, ...]:
    """The rows by name (German enough: umlauts with their vowel, ß as ss)."""
    return tuple(sorted(rows, key=lambda r: (*sort_key(r.name), r.player)))


# -- formats A–C ----------------------------------------------------------------------------


def current_games(st: StageState) -> dict[int, int]:
    """The game each table of a stage plays now, by table number."""
    drawn = st.drawn_games()
    count = len(st.tables(drawn) or ())
    if st.rule.reseat_each_game:
        return dict.fromkeys(range(1, count + 1), drawn)
    first: dict[int, int] = {}
    for game, index in st.missing_results():  # by game, then table
        first.setdefault(index, game)
    return {index: first.get(index, drawn) for index in range(1, count + 1)}


def group_seating(state: TournamentState) -> Seating:
    """Formats A–C: every player's table, seat and start position in the running stage."""
    name = state.tournament.name_of
    everyone = known_players(state)
    st = state.current
    if st is None or not st.drawn_games():
        rows = [SeatRow(p, name(p), Where.NOT_SEATED) for p in everyone]
        return Seating("", msg("Nothing drawn yet."), alphabetical(rows))
    games = current_games(st)
    placed: dict[str, SeatRow] = {}
    for game in sorted(set(games.values())):
        only = {index for index, g in games.items() if g == game}
        for view in game_tables(state, st, game, only):
            sitting = st.sitting_order(game, view.index)
            entered = msg("result entered") if view.result is not None else ""
            note = joined([x for x in (view.note, entered) if x], "; ")
            for position, p in enumerate(view.seats, start=1):
                start = position if view.seats_known else None
                seat = sitting.index(p) + 1
                placed[p] = SeatRow(p, name(p), Where.SEATED, view.index, seat, start, game, note)
    rows = [placed.get(p) or _unseated(state, st, p) for p in everyone]
    played = set(games.values())
    title = st.title()
    if len(played) == 1:
        game = next(iter(played))
        title = msg("{stage} · {word} {game}", stage=title, word=st.rule.game_word(), game=game)
    return Seating(
        title,
        _stage_note(state, st),
        alphabetical(rows),
        word="" if len(played) == 1 else st.rule.game_word(),
        with_start=any(r.start != r.seat for r in placed.values()),
    )


def _unseated(state: TournamentState, st: StageState, player: str) -> SeatRow:
    """Why a player of a format A–C tournament has no table in the current game."""
    name = state.tournament.name_of(player)
    if player in st.skipped or player in state.withdrawn:
        return SeatRow(player, name, Where.WITHDRAWN, note=msg("withdrawn"))
    if player in st.members:  # joined late: seated with the next draw
        return SeatRow(player, name, Where.NOT_SEATED, note=msg("seated with the next draw"))
    gone = next((s for s in state.stages if player not in s.members), st)  # where they went out
    out = msg("out before the stage “{stage}”", stage=gone.title())
    return SeatRow(player, name, Where.OUT, note=out)


def _stage_note(state: TournamentState, st: StageState) -> Text:
    """What holds for everybody: the tournament is over, or the stage's results are all in."""
    if state.finished:
        return msg("The tournament is over.")
    if st.results_complete():
        return msg("{stage}: every result is in; the next tables follow with the next draw.",
                   stage=st.title())  # fmt: skip
    return ""


# -- format D -------------------------------------------------------------------------------


def knockout_seating(state: KnockoutState) -> Seating:
    """Format D: each player's open table and seat, or the queue, or why there is none."""
    places = {r.player: r.place for r in ranking(state)}
    queued = {p: (b, k) for b, queue in state.queues.items() for k, p in enumerate(queue, 1)}
    rows = []
    for p in state.players.values():
        row = SeatRow(p.id, p.name, Where.NOT_SEATED, note=msg("not seated yet"))
        if p.status is Status.SEATED and p.table is not None:
            table = state.tables[p.table]
            note: Text = BRACKET_NAMES[table.bracket]
            if table.final and table.bracket is not Bracket.GRAND_FINAL:
                note = msg("{bracket}, final table", bracket=note)
            seat = table.players.index(p.id) + 1
            row = SeatRow(p.id, p.name, Where.SEATED, table.place or table.number, seat, note=note)
        elif p.status is Status.WAITING and p.id in queued:
            bracket, k = queued[p.id]
            count = len(state.queues[bracket])
            note = msg("waiting: {bracket}, {k} of {count} in the queue",
                       bracket=BRACKET_NAMES[bracket], k=k, count=count)  # fmt: skip
            row = SeatRow(p.id, p.name, Where.WAITING, note=note)
        elif p.status is Status.FINALIST:
            row = SeatRow(p.id, p.name, Where.WAITING, note=msg("waiting for the grand final"))
        elif p.status is Status.OUT:
            out = msg("no lives left")
            if p.id in places:
                out = msg("{status} – place {place}", status=out, place=places[p.id])
            row = SeatRow(p.id, p.name, Where.OUT, note=out)
        elif p.status is Status.PLACED:
            note = msg("finished – place {place}", place=places.get(p.id, "–"))
            row = SeatRow(p.id, p.name, Where.PLACED, note=note)
        elif p.status is Status.WITHDRAWN:
            row = SeatRow(p.id, p.name, Where.WITHDRAWN, note=msg("withdrawn"))
        elif not p.paid:
            row = SeatRow(p.id, p.name, Where.NOT_SEATED, note=msg("entry fee still missing"))
        elif state.rules.check_in and not p.checked_in:
            row = SeatRow(p.id, p.name, Where.NOT_SEATED, note=msg("check-in still missing"))
        rows.append(row)
    note = msg("The tournament is over.") if state.finished else ""
    return Seating("", note, alphabetical(rows))
