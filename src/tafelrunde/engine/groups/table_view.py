"""The tables of a game as data for people: seat order, start player, result, what is open."""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field

from tafelrunde.engine.choices import SeatOrder, Tie
from tafelrunde.engine.groups.facts import Result
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num, shown
from tafelrunde.engine.rule_words import joined
from tafelrunde.i18n import Text, msg, msg_n


@dataclass(frozen=True)
class Placed:
    """One player's line of an entered result."""

    player: str
    name: str
    place: int
    points: Num | None  # tournament points of the place
    pips: int | None
    score: Num | None = None  # the game's own points, as entered


@dataclass(frozen=True)
class TableView:
    """One table of one game, ready to show."""

    index: int
    seats: tuple[str, ...]  # player ids, start player first
    names: tuple[str, ...]
    note: Text  # e.g. the start order still waits for a roll-off
    seats_known: bool  # False while the start order follows from later standings
    result: Result | None
    placed: tuple[Placed, ...] = field(default=())
    points_word: Text = ""  # the stage's name of tournament points ('TP', 'Siegpunkte')
    point_word: Text = ""  # and of one of them ('Siegpunkt')

    def text(self) -> Text:
        """The result in one line with labels: '1. Anna – 131 points – 5 TP; 2. Ben – …'."""
        return joined([self._line(p) for p in self.placed], "; ")

    def _line(self, p: Placed) -> Text:
        """One player's line: place, name, game points, pips, tournament points."""
        parts: list[Text] = [msg("{place}. {name}", place=p.place, name=p.name)]
        if p.score is not None:
            parts.append(msg_n("{n} game point", "{n} game points", _count(p.score),
                               n=shown(p.score)))  # fmt: skip
        if p.pips is not None:
            parts.append(msg_n("{n} pip", "{n} pips", p.pips, n=p.pips))
        if p.points is not None:
            word = self.point_word if p.points == 1 else self.points_word
            parts.append(msg("{n} {word}", n=shown(p.points), word=word))
        return joined(parts, " – ")


def _count(value: Num) -> int:
    """The count that chooses a plural form: one for exactly 1, else many (1.5 points)."""
    return 1 if value == 1 else 2


def _without(
    state: TournamentState, drawn: tuple[str, ...], seated: tuple[str, ...], played: bool
) -> Text:
    """Say who of the drawn table does not play this game (withdrawn), and if nobody plays."""
    gone = [state.tournament.name_of(p) for p in drawn if p not in seated]
    if not gone:
        return ""
    if not played:
        return msg("withdrawn: {names}; no game at this table", names=", ".join(gone))
    return msg("withdrawn: {names}", names=", ".join(gone))


def draw_seed(st: StageState, game: int) -> int | None:
    """The lot seed of the draw that made this game's tables."""
    draw = st.draws.get(game if st.rule.reseat_each_game else 1)
    return draw.seed if draw else None


def game_tables(
    state: TournamentState, st: StageState, game: int, only: Container[int] | None = None
) -> list[TableView]:
    """Every table of a game (or those numbered in `only`) with seat order, start player and
    entered result."""
    name = state.tournament.name_of
    views = []
    tables = st.tables(game) or ()
    points_word = st.rule.points_word()  # one message shared by the game's tables
    point_word = st.rule.points_word(1)
    for index in _numbers(len(tables), only):
        drawn = tables[index - 1]
        order = st.seat_order(game, index)
        note: Text = _without(state, drawn, order, st.played(game, index))
        known = True
        passes = st.rule.seat_order == SeatOrder.PASSES
        start = st.start_standing(game, index) if passes and game >= 3 else None
        if start is not None and start.pending:  # the start order waits for the Herzog
            known = False
            waits = msg("start order once the Herzog roll-off is entered")
            note = joined([x for x in (note, waits) if x], "; ")
        if st.rule.seat_order == SeatOrder.PASSES and game >= 3 and start is None:
            known = False
            follows = msg(
                "follows from the standings after {word} {game}",
                word=st.rule.game_word(),
                game=game - 1,
            )
            note = joined([x for x in (follows, note) if x], "; ")
        outcome = st.outcomes.get((game, index))
        placed: list[Placed] = []
        if outcome:
            rolled = st.rule.scoring.tie == Tie.ROLLOFF and outcome.points is not None
            for pos, p in enumerate(outcome.order(), start=1):
                points = None if outcome.points is None else outcome.points[p]
                place = pos if rolled else outcome.places[p]
                result = st.results.get((game, index))
                score = result.scores.get(p) if result else None
                pips = outcome.pips.get(p) if st.rule.pips else None  # no pips: none shown
                placed.append(Placed(p, name(p), place, points, pips, score))
        views.append(
            TableView(
                index,
                tuple(order),
                tuple(name(p) for p in order),
                note,
                known,
                st.results.get((game, index)),
                tuple(placed),
                points_word,
                point_word,
            )
        )
    return views


def _numbers(count: int, only: Container[int] | None) -> list[int]:
    """The table numbers 1..count that `only` holds, in order (a set: looked up, not scanned;
    a link's page asks for one table of a hundred)."""
    if isinstance(only, set | frozenset):
        return sorted(i for i in only if type(i) is int and 1 <= i <= count)
    return [i for i in range(1, count + 1) if only is None or i in only]
