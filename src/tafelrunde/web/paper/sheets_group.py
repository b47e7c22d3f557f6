"""Score sheets of formats A–C: one per table, a row per game, columns per player; what the
engine already knows is printed filled in."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.table_view import Placed, TableView, game_tables
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num, shown
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.board import current_tables
from tafelrunde.web.core.templatetags.tafel import translated

NOT_PLAYING = "–"  # a player who does not play this game (withdrawn)
SUMMED = ("points", "pips", "score")
Value = Num | str | None  # a known number, the dash, or None: to write in


@dataclass(frozen=True)
class GameRow:
    """One game of the table: its name, the start player (empty: not known yet), the cells."""

    label: str
    start: str
    cells: tuple[tuple[str, ...], ...]  # per player, per column; empty: to write in


@dataclass(frozen=True)
class GroupSheet:
    """The score sheet of one table: players in seat order, a row per game, maybe a sum."""

    number: int
    heading: str
    word: str  # the stage's name of a game ('Durchgang')
    names: tuple[str, ...]
    columns: tuple[str, ...]  # the words of the columns each player has
    rows: tuple[GameRow, ...]
    total: tuple[tuple[str, ...], ...] | None  # the sum row (None: one game, no sum)
    notes: tuple[str, ...] = ()


def kinds_of(st: StageState) -> tuple[str, ...]:
    """The columns each player has: points, pips and place with pips (A), else score and place."""
    return ("points", "pips", "place") if st.rule.pips else ("score", "place")


def column_words(st: StageState) -> tuple[str, ...]:
    """The headings of a player's columns."""
    words: dict[str, Message] = {"points": st.rule.points_word(), "pips": msg("Pips"),
                                 "place": msg("Place"), "score": msg("Game points")}  # fmt: skip
    return tuple(translated(words[k]) for k in kinds_of(st))


def _value(kind: str, line: Placed | None) -> Num | None:
    """One known value of a player's line of a result."""
    if line is None:
        return None
    return {"points": line.points, "pips": line.pips, "place": line.place,
            "score": line.score}[kind]  # fmt: skip


def _cells(st: StageState, view: TableView | None, players: tuple[str, ...]) -> list[Value]:
    """A game's cells: known values, None to write in, a dash for who does not play."""
    lines = {p.player: p for p in view.placed} if view else {}
    seated = set(view.seats) if view else set(players)
    out: list[Value] = []
    for p in players:
        for kind in kinds_of(st):
            out.append(_value(kind, lines.get(p)) if p in seated else NOT_PLAYING)
    return out


def _text(value: Value) -> str:
    """A cell as printed."""
    if value is None:
        return ""
    return value if isinstance(value, str) else translated(shown(value))


def per_player(st: StageState, cells: list[str]) -> tuple[tuple[str, ...], ...]:
    """A row's cells grouped by player."""
    k = len(kinds_of(st))
    return tuple(tuple(cells[i : i + k]) for i in range(0, len(cells), k))


def _total(st: StageState, games: list[list[Value]]) -> tuple[tuple[str, ...], ...]:
    """The sum row: a column's sum once every game of it is known, else empty."""
    kinds = kinds_of(st)
    out = []
    for k in range(len(games[0])):
        if kinds[k % len(kinds)] not in SUMMED:
            out.append("")
            continue
        values = [g[k] for g in games if g[k] != NOT_PLAYING]
        known = [v for v in values if isinstance(v, int | Fraction)]
        out.append(_text(sum(known)) if values and len(known) == len(values) else "")
    return per_player(st, out)


def sheet_of(state: TournamentState, st: StageState, index: int, game: int) -> GroupSheet:
    """The sheet of one table: of its one game where tables are drawn anew, else of the stage."""
    word = st.rule.game_word()
    games = [game] if st.rule.reseat_each_game else list(range(1, st.rule.games + 1))
    tables = st.tables(games[0]) or ()
    players = tuple(tables[index - 1])
    rows, values = [], []
    for g in games:
        view = next(iter(game_tables(state, st, g, only={index})), None)
        cells = _cells(st, view, players)
        start = view.names[0] if view and view.names and _start_known(st, view, g, index) else ""
        label = translated(msg("{word} {game}", word=word, game=g))
        rows.append(GameRow(label, start, per_player(st, [_text(c) for c in cells])))
        values.append(cells)
    if len(games) == 1:
        heading = msg("{stage} · {word} {game}", stage=st.title(), word=word, game=games[0])
    else:
        heading = msg("{stage} · {word} 1–{last}", stage=st.title(), word=word, last=games[-1])
    notes = tuple(n for n in (st.rule.note,) if n)
    name = state.tournament.name_of
    total = _total(st, values) if len(games) > 1 else None
    return GroupSheet(index, translated(heading), translated(word), tuple(name(p) for p in players),
                      column_words(st), tuple(rows), total, notes)  # fmt: skip


def _start_known(st: StageState, view: TableView, game: int, index: int) -> bool:
    """Say whether the game's start player is known (no roll-off or later standings waiting)."""
    if not view.seats_known:
        return False
    if st.rule.seat_order != "passes" or game < 3:
        return True
    standing = st.start_standing(game, index)
    return standing is None or not standing.pending


def group_sheets(state: TournamentState) -> list[GroupSheet]:
    """The sheets of the running stage's current tables, by game (if drawn anew) and number."""
    st = state.current
    if st is None:
        return []
    anew = st.rule.reseat_each_game  # else a table's current game differs, its sheet does not
    rows = sorted(current_tables(state), key=lambda r: (r.seat.game if anew else 0, r.seat.index))
    return [sheet_of(state, st, r.seat.index, r.seat.game) for r in rows]
