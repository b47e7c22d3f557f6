"""The group family's sign-up, arrival and pass."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.progress import rolloff_purpose
from tafelrunde.engine.numbers import display
from tafelrunde.engine.players import numbered_players
from tafelrunde.engine.seat_list import Where as At
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain import setup
from tafelrunde.web.core.domain.store import Logged, group_read, memo
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.seat import seat_of, where_of
from tafelrunde.web.core.templatetags.tafel import lang, translated
from tafelrunde.web.player.family_parts import Entry, PlayerPart, Someone
from tafelrunde.web.player.mine_data import Mine
from tafelrunde.web.player.numbers import forget, next_number, numbered
from tafelrunde.web.player.signups import CLOSED


def may_arrive(rec: TournamentRecord, _player: str) -> bool:
    """Formats A–C: until the first draw."""
    return not group_read(rec)[1].stages


def _group_open(rec: TournamentRecord) -> bool:
    """Formats A–C: players are added until the first draw."""
    return not setup.started(rec)


def _group_add(rec: TournamentRecord, name: str) -> str:
    """Formats A–C: add the player (as the players page does); their id."""
    made: list[str] = []

    def change(locked: TournamentRecord) -> list[str]:
        if name.casefold() in {p["name"].casefold() for p in locked.players}:
            raise RuleError(msg("'{name}' is registered already.", name=name), field="name")
        new = numbered_players([name], next_number(locked, locked.players))[0]
        locked.players = [*locked.players, {"id": new.id, "name": new.name}]
        made.append(new.id)
        return numbered(locked, [new.id])

    fresh = TournamentRecord.objects.only("version").get(pk=rec.pk)
    setup.edit_before_start(
        rec.pk, fresh.version, CLOSED, change, user=None,
        log=lambda: Logged(msg("Signed up online: {name}", name=name)),
    )  # fmt: skip
    return made[0]


def _group_remove(rec: TournamentRecord, player: str, by: Someone) -> None:
    """Formats A–C: take the player out again (before the first draw): cancelled by the
    registrant (`by` None), or taken out by the organisers `by` as not here."""
    gone: list[str] = []

    def change(locked: TournamentRecord) -> list[str]:
        gone.extend(p["name"] for p in locked.players if p["id"] == player)
        locked.players = [p for p in locked.players if p["id"] != player]
        return numbered(locked, [player])

    def log() -> Logged:
        name = ", ".join(gone)
        if by is None:
            return Logged(msg("Online sign-up cancelled: {name}", name=name))
        return Logged(msg("Not here, taken out before the first draw: {name}", name=name))

    fresh = TournamentRecord.objects.only("version").get(pk=rec.pk)
    setup.edit_before_start(rec.pk, fresh.version, CLOSED, change, user=by, log=log)
    forget(rec, player)


def _group(rec: TournamentRecord, player: str, shown: Mine) -> None:
    """Formats A–C: the table's state, open roll-offs, results per game, the stage's rank."""
    state = group_read(rec)[1]
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


PLAYER = PlayerPart(
    Entry(_group_open, _group_add, _group_remove, RuleError(msg(
        "After the first draw only the organisers can take a player out; please tell them."),
        field="")),
    may_arrive,
    lambda *_: None,  # formats A–C: being here is all there is to it
    _group,
)  # fmt: skip
