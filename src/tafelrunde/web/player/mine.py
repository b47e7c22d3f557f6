"""What a player's pass shows ("Mein Platz"): where I sit now, what I must do now, my
results so far and my standing; each family says it its own way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from tafelrunde.engine.actions import open_rolloffs
from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.engine.knockout.results import ranking
from tafelrunde.engine.knockout.table_entry import table_status
from tafelrunde.engine.knockout.views_data import bracket_name
from tafelrunde.engine.numbers import display
from tafelrunde.engine.progress import rolloff_purpose
from tafelrunde.engine.seat_list import SeatRow
from tafelrunde.engine.seat_list import Where as At
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.store import memo, read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.templatetags.tafel import lang, translated
from tafelrunde.web.table.now_at import row_of, table_token
from tafelrunde.web.table.seat import seat_of, where_of


@dataclass
class Mine:
    """Everything "Mein Platz" shows of one player in one tournament."""

    row: SeatRow | None
    table_url: str = ""
    todo: list[str] = field(default_factory=list)  # what to do now, most urgent first
    results: list[dict[str, str]] = field(default_factory=list)
    standing: str = ""
    facts: list[tuple[str, str]] = field(default_factory=list)  # format D: chips, lives …
    heading: str = ""  # the stage and game shown ("Vorrunde · Durchgang 2")
    scored: bool = True  # the format has results per game to list (not format D)
    standing_note: str = ""  # why no standing is shown yet
    mates: list[str] = field(default_factory=list)  # who else sits at my table, in seat order
    over: bool = False  # the tournament is over: no table to go to, nothing to wait for


def mine(rec: TournamentRecord, player: str) -> Mine:
    """What the player's pass shows now."""
    state = read_only(rec)[1]
    row = row_of(rec, player)
    token = table_token(rec, state, row)
    shown = Mine(row, reverse("table-link", args=[token]) if token else "")
    seating = seating_of(rec)
    if row is not None and row.where is At.SEATED:
        same = [r for r in seating.rows if r.where is At.SEATED and r.table == row.table
                and r.game == row.game and r.player != player]  # fmt: skip
        shown.mates = [r.name for r in sorted(same, key=lambda r: r.seat or 0)]
    _FAMILIES[rec.family.key](rec, state, player, shown)
    if state.finished:  # no "wait for the next draw", no table to go to
        shown.over, shown.table_url, shown.mates, shown.heading = True, "", [], ""
        shown.todo = [translated(msg("The tournament is over: see the final ranking."))]
    return shown


def _group(rec: TournamentRecord, state: Any, player: str, shown: Mine) -> None:
    """Formats A–C: the table's state, open roll-offs, results per game, the stage's rank."""
    st = state.current
    row = shown.row
    if st is not None and row is not None and row.where is At.SEATED and row.table:
        seat = seat_of(state, where_of(st, row.table, row.game or 1))
        said = msg("{stage} · {word} {game}", stage=st.title(), word=st.rule.game_word(),
                   game=row.game or 1)  # fmt: skip
        shown.heading = translated(said)
        if seat is not None:
            shown.todo.append(translated(_table_step(seat, player)))
    if st is not None:
        name = state.tournament.name_of
        for need in memo(rec, "pass-rolloffs", lambda: open_rolloffs(state)):
            if player in need.players:
                others = ", ".join(name(p) for p in need.players if p != player)
                said = msg("{purpose} With: {others}.", purpose=rolloff_purpose(st, need),
                           others=others)  # fmt: skip
                shown.todo.insert(0, translated(said))
    for stage in state.stages:
        if player not in stage.members:
            continue
        outcomes = stage.outcomes
        for game in range(1, stage.drawn_games() + 1):
            index = stage.table_of(player, game)
            out = outcomes.get((game, index)) if index else None
            if out is None or player not in out.places:
                continue
            points = out.points.get(player) if out.points else None
            shown.results.append({
                "what": translated(msg("{stage} · {word} {game}", stage=stage.title(),
                                       word=stage.rule.game_word(), game=game)),
                "table": str(index), "place": str(out.places[player]),
                "points": display(points, lang()) if points is not None else "–",
            })  # fmt: skip
    if (
        st is not None
        and st.results
        and not memo(rec, "pass-missing", lambda: st.missing_results())
    ):
        ranks = memo(rec, f"pass-ranks-{st.key}", lambda: _ranks(state, st))  # (between games only:
        if player in ranks:  # a rank that moved with every result would remake every pass)
            rank, total = ranks[player]
            said = msg("Place {rank} of {total} in {stage} after {word} {game}", rank=rank,
                       total=total, stage=st.title(), word=st.rule.game_word(),
                       game=st.drawn_games())  # fmt: skip
            shown.standing = translated(said)
    if not shown.standing:
        shown.standing_note = translated(
            msg("Shown here once every result of the current game is in.")
        )


def _ranks(state: Any, st: Any) -> dict[str, tuple[int, int]]:
    """Each player's rank in the running stage's standing, and how many are ranked."""
    rows = st.standing(state.cut(st)).rows
    return {r.player: (r.rank, len(rows)) for r in rows}


def _table_step(seat: Any, player: str) -> Message:
    """What the player does at their table now."""
    status = seat.status
    if not seat.writable or status.result is not None:
        return msg("Your result counts. Wait for the next draw.")
    if status.status == "disputed":
        return msg("Two different results were entered: the organisers decide.")
    if status.pending and all(e.player == player for e in status.pending):
        return msg("You entered the result: another player of your table confirms it.")
    if status.pending:
        return msg("A result was entered at your table: check it and confirm it.")
    return msg("After the game: enter your table's result.")


def _loser_step(game: Any, player: str) -> Message:
    """What a format-D player does at their table now: play, or confirm who lost."""
    if game.status == "disputed":
        return msg("Two different losers were entered: the organisers decide.")
    if game.versions and all(v.player == player for v in game.versions):
        return msg("You entered who lost: another player of your table confirms it.")
    if game.versions:
        return msg("Who lost was entered at your table: check it and confirm it.")
    return msg("Play at table {table}; after each game one of you enters who lost.",
               table=game.place)  # fmt: skip


def _knockout(rec: TournamentRecord, state: Any, player: str, shown: Mine) -> None:
    """Format D: the table or queue, chips and lives, the place once decided."""
    p = state.players.get(player)
    if p is None:
        return
    row = shown.row
    if row is not None and row.where is At.SEATED and p.table is not None:
        shown.todo.append(translated(_loser_step(table_status(state, p.table), player)))
    elif row is not None and row.note:
        shown.todo.append(translated(row.note))
    shown.scored = False
    shown.facts = [
        (translated(msg("Lives")), str(p.lives)),
        (translated(msg("Chips")), str(p.chips)),
    ]
    if p.bracket is not None:
        shown.facts.append((translated(msg("Bracket")), translated(bracket_name(p.bracket))))
    place = next((r.place for r in ranking(state) if r.player == player), None)
    if place is not None:
        shown.standing = translated(msg("Place {rank}", rank=place))
    else:
        shown.standing_note = translated(
            msg("Your place is known once you leave the evening's play or win it.")
        )


_FAMILIES: dict[str, Callable[[TournamentRecord, Any, str, Mine], None]] = {
    GROUP.key: _group,
    KNOCKOUT.key: _knockout,
}
