"""The table page of an opened format-D table: who lost each game, confirmed at the table;
chips, lives, the clock and "scharf" on show."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from tafelrunde.engine.clock import seconds
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import Bracket, KnockoutFact, KnockoutState, KnockoutTournament
from tafelrunde.engine.knockout.table_entry import (
    TableGame,
    confirm_loser,
    current_game,
    enter_loser,
    game_status,
    table_status,
)
from tafelrunde.engine.knockout.views_data import bracket_name, clock_of, table_rows
from tafelrunde.engine.limits import MAX_FACT_NUMBER, whole_number
from tafelrunde.engine.seat_list import SeatRow
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.knockout import enter, knockout_read
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.ko_board import HALL, hall_where, sitting_of
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.phones import phone_of
from tafelrunde.web.core.seat import (
    Where,
    by_words,
    counts_already,
    moved_on,
    status_words,
    steps_for,
)
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.table.bindings import PASS
from tafelrunde.web.table.family_parts import TablePart
from tafelrunde.web.table.models import TableLink
from tafelrunde.web.table.sent import Told, once


def mark_of(game: TableGame) -> int:
    """The number of the game's latest entry, confirmation or decision (0: none)."""
    return game.history[-1].n if game.history else 0


def _same_again(game: TableGame, fact: KnockoutFact) -> bool:
    """Say whether the game's latest word is this one again (a double tap)."""
    if not game.history:
        return False
    last = game.history[-1]
    if getattr(fact, "loser", None) is not None:
        version = next((v for v in game.versions if v.entry == last.n), None)
        settled = game.loser if game.settled_by == last.n else None
        loser = version.loser if version else settled
        said = getattr(fact, "player", None), getattr(fact, "loser", None)
        return (getattr(last, "player", None), loser) == said
    return getattr(last, "player", None) == getattr(fact, "player", None) and getattr(
        last, "entry", None
    ) == getattr(fact, "entry", None)


def seats(link: TableLink) -> tuple[str, ...] | None:
    """Who is still at the link's table now (None: its opening was taken back; none: a
    physical table where nothing is open right now)."""
    state = knockout_read(link.tournament)[1]
    number = sitting_of(state, link.stage, link.table)
    if number is None:
        return () if link.stage == HALL else None
    return tuple(state.tables[number].remaining)


def answer(request: HttpRequest, link: TableLink, me: str) -> HttpResponse:
    """The table page: take a tapped loser or a confirmation, else show the current game (a
    physical table between two games: that nothing is open there yet)."""
    state = knockout_read(link.tournament)[1]
    number = sitting_of(state, link.stage, link.table)
    if number is None:
        if request.method == "POST":
            messages.error(request, translated(msg("No game is open at this table now.")))
            return redirect(request.path)
        context = {"rec": link.tournament, "place": link.table, "over": state.finished}
        return render(request, "table/ko_waiting.html", context)
    if request.method == "POST":
        hall = int(state.tables[number].place)
        return post(request, link, number, me, by_words(hall, state.players[me].name))
    return page(request, link, number, state, me)


def page(
    request: HttpRequest, link: TableLink, number: int, state: KnockoutState, me: str
) -> HttpResponse:
    """Show the opened table `number` with its current game (as this phone may act on it)."""
    phone = phone_of(request)
    game = table_status(state, number)
    table = state.tables[number]
    row = next(r for r in table_rows(state, seconds(stamp())) if r["table"] == number)
    said, next_step = status_words(game, game.mode)  # type: ignore[arg-type]
    if game.mode == "table":
        next_step = steps_for(game.status, next_step, link.tournament.identity == PASS)
    grand = table.bracket is Bracket.GRAND_FINAL
    players = [
        {"id": p, "name": state.players[p].name, "chips": row["chips"].get(p),
         "lives": None if grand else state.players[p].lives, "gone": p not in row["chips"]}
        for p in table.players
    ]  # fmt: skip
    writable = table.is_open
    versions = [
        {"n": v.entry, "by": state.players[v.player].name, "loser": state.players[v.loser].name,
         "mine": v.player == me,
         "confirmable": writable and v.entry in game.may_confirm(me, phone),
         "this_phone": writable and bool(v.phone) and v.phone == phone}
        for v in game.versions
    ]  # fmt: skip
    entered = {v.loser for v in game.versions}
    context = {
        "rec": link.tournament,
        "place": table.place,
        "bracket": translated(bracket_name(table.bracket)),
        "game": game,
        "mark": mark_of(game),
        "players": players,
        "playing": [p for p in players if not p["gone"] and p["id"] not in entered],
        "names": [(p["id"], p["name"]) for p in players if not p["gone"]],
        "game_no": game.game,
        "tap_help": translated(msg("Tap your name; then you can enter or confirm who lost.")),
        "me": me if me in game.seats else "",
        "me_name": state.players[me].name if me in state.players else "",
        "said": translated(said),
        "next_step": translated(next_step),
        "versions": versions,
        "can_confirm": writable and bool(game.may_confirm(me, phone)),
        "loser": state.players[game.loser].name if game.loser else "",
        "writable": writable,
        "opened": clock_of(table.opened_at),
        "minutes": row["minutes"],
        "sharp": row["sharp"],
        "elapsed": row["elapsed"],
        "sharp_in": row["sharp_in"],
        "sharp_after": state.rules.sharp_after_minutes,
        "sharp_at": clock_of(table.opened_at + state.rules.sharp_after_minutes * 60),
        "grand": grand,
        "earlier": _earlier(state, number, game.game),
    }  # fmt: skip
    return render(request, "table/ko_table.html", context)


def _earlier(state: KnockoutState, table: int, game: int) -> dict[str, Any] | None:
    """The table's game before the current one: who lost it and how that was settled (the
    players learn what the organisers decided once the page shows the next game)."""
    if game <= 1:
        return None
    try:
        before = game_status(state, table, game - 1)
    except RuleError:  # no such game at this table (kept defensive: the page must show)
        return None
    if before.loser is None:
        return None
    said = translated(status_words(before, before.mode)[0])  # type: ignore[arg-type]
    return {"game": game - 1, "said": said, "loser": state.players[before.loser].name}


def post(request: HttpRequest, link: TableLink, number: int, me: str, by: str) -> HttpResponse:
    """Take a tapped loser or a "Correct" for the opened table `number`; a refusal is told,
    nothing stored."""
    action = request.POST.get("action", "")
    try:
        basis = whole_number(request.POST.get("basis", ""), field="basis", high=MAX_FACT_NUMBER)
        game_no = whole_number(request.POST.get("game", ""), field="game", high=MAX_FACT_NUMBER)
        entry = whole_number(request.POST.get("entry", "0"), field="entry", high=MAX_FACT_NUMBER)
    except RuleError as err:
        messages.error(request, translated(err.msg))
        return redirect(request.path)
    loser = request.POST.get("loser", "")
    again: list[bool] = []
    phone = phone_of(request)

    def build(tour: KnockoutTournament, now: KnockoutState, _d: Any) -> list[KnockoutFact]:
        table = number
        fact: KnockoutFact = (
            enter_loser(now, table, me, loser, phone)
            if action == "lost"
            else confirm_loser(now, table, entry, me, phone=phone)
        )
        shown = game_status(now, table, game_no) if game_no >= 1 else None
        if shown is None:
            raise moved_on()
        if mark_of(shown) != basis or game_no != current_game(now, table):
            if _same_again(shown, fact):
                again.append(True)
                return []
            if shown.loser is not None or not now.tables[table].is_open:
                raise counts_already()
            raise moved_on()
        return [fact]

    def write() -> Told:
        done = enter(link.tournament_id, lambda t, s: build(t, s, None), expected=None,
                     user=None, at=stamp(), by=by, phone=phone)  # fmt: skip
        fact = done.facts[0].n if done.facts else None
        assert done.state is not None
        return Told(messages.SUCCESS, _after(done.state, number, game_no, bool(again)), fact)

    try:
        once(request, link.tournament_id, write).tell(request)
    except RuleError as err:
        messages.error(request, translated(err.msg))
    return redirect(request.path)


def _after(state: KnockoutState, number: int, game_no: int, again: bool) -> Message:
    """What a player is told after saving: how the game stands now (in `state`)."""
    if again:
        return msg("This was saved already.")
    game = game_status(state, number, game_no)
    if game.loser is not None:
        return msg("Saved: the result is confirmed and counts.")
    if game.status == "disputed":
        return msg("Saved. The table is disputed now: the organisers decide.")
    return msg("Saved: entered – waiting for confirmation.")


def link_of(_rec: TournamentRecord, row: SeatRow) -> Where | None:
    """The link of the hall's table where a format-D player sits."""
    return hall_where(row.table) if row.table is not None else None


TABLE = TablePart(seats, answer, link_of)
