"""The group family's table page: enter the result, confirm one, roll off, or see it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.entries import Spot, Values
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.rolloff_entry import players_enter
from tafelrunde.engine.limits import MAX_FACT_NUMBER, whole_number
from tafelrunde.engine.seat_list import SeatRow
from tafelrunde.engine.seat_list import Where as SeatWhere
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.domain.store import Logged, append, group_read, group_state
from tafelrunde.web.core.forms_play import ResultForm
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.phones import phone_of, with_phone
from tafelrunde.web.core.seat import (
    Seat,
    Tap,
    Where,
    by_words,
    counts_already,
    earlier,
    moved_on,
    rows_of,
    same_as_latest,
    seat_of,
    status_words,
    steps_for,
    where_of,
)
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.table import rolloffs
from tafelrunde.web.table.bindings import (
    PASS,
)
from tafelrunde.web.table.family_parts import TablePart
from tafelrunde.web.table.models import TableLink
from tafelrunde.web.table.now_at import sits_now
from tafelrunde.web.table.sent import Told, once

ME = "table-me-{pk}"  # the session key of who holds the phone at this link's table


def _group_seats(link: TableLink) -> tuple[str, ...] | None:
    """Who sits at the link's table of a group format (None: it is not drawn, or undone)."""
    state = group_read(link.tournament)[1]
    seat = seat_of(state, Where(link.stage, link.game, link.table))
    return None if seat is None else seat.view.seats


def _group_answer(request: HttpRequest, link: TableLink, me: str) -> HttpResponse:
    """A group format's table page: enter the result, confirm one, or see it."""
    rec = link.tournament
    tour, state = group_read(rec)
    seat = seat_of(state, Where(link.stage, link.game, link.table))
    assert seat is not None  # the link's seats were found just now
    form = None
    action = request.POST.get("action", "") if request.method == "POST" else ""
    if request.method == "POST":
        if action == "enter":
            form, done = _enter(request, link, seat, me)
            if done:
                return redirect(request.path)
            if form.refused_on_store:  # the table moved on meanwhile: show it as it is now
                rec = record_of(link.tournament_id)
                tour, state = group_read(rec)
                now = seat_of(state, Where(link.stage, link.game, link.table))
                if now is None or now.game != _posted_game(request):  # nothing typed carries
                    messages.error(request, form.form_error())
                    return redirect(request.path)
                seat = now
        elif action == "confirm":
            _confirm(request, link, seat, me)
            return redirect(request.path)
        elif action in rolloffs.ACTIONS:
            rolloffs.take(request, link, tour, seat, me, action)
            return redirect(request.path)
        else:
            return redirect(request.path)
    bond = request.bond  # type: ignore[attr-defined]
    context = _context(tour, state, rec, seat, me, form, phone_of(request), bond.player)
    return render(request, "table/table.html", context)


def _context(
    tour: Any,
    state: Any,
    rec: Any,
    seat: Seat,
    me: str,
    form: ResultForm | None,
    phone: str,
    bound: str,
) -> dict[str, Any]:
    """Everything the table page shows (to this phone; `bound`: the player it is bound to)."""
    mode = tour.ruleset.confirmation
    said, next_step = status_words(seat.status, mode)
    if mode == "table":
        next_step = steps_for(seat.status.status, next_step, rec.identity == PASS)
    allowed = seat.status.may_confirm(me, phone) if seat.writable and me else ()
    pending = [
        {
            "n": e.n,
            "by": tour.name_of(e.player),
            "rows": rows_of(tour, seat.view, e),
            "mine": e.player == me,
            "confirmable": e.n in allowed,
            "this_phone": bool(e.phone) and e.phone == phone and seat.writable,
        }
        for e in seat.status.pending
    ]
    can_confirm = bool(allowed)  # the engine's answer, as for every other way in
    result = seat.status.result
    return {
        "rec": rec,
        "seat": seat,
        "stage": translated(seat.st.title()),
        "game_word": translated(seat.st.rule.game_word()),
        "standings_word": translated(seat.st.rule.points_word()),
        "players": list(zip(seat.view.seats, seat.view.names, strict=True)),
        "names": list(zip(seat.view.seats, seat.view.names, strict=True)),
        "mark": seat.mark,
        "game_no": seat.game,
        "tap_help": translated(msg("Tap your name; then you can enter or confirm the result.")),
        "me": me,
        "me_name": tour.name_of(me) if me else "",
        "status": seat.status.status,
        "said": translated(said),
        "next_step": translated(next_step),
        "pending": pending,
        "can_confirm": can_confirm,
        "result_text": translated(seat.view.text()) if result else "",
        "fields": _fields(seat),
        "rows": _form_rows(tour, seat, form),
        "form_error": form.form_error() if form is not None else "",
        "note": seat.st.rule.note,
        "finished": not seat.writable,
        "open_form": form is not None or not pending,
        "earlier": earlier(state, seat, mode, translated),
        "onward": None if seat.writable else _onward(state, rec, seat, me, bound),
        "rolloffs": rolloffs.boxes(tour, state, seat, me, phone),
        "rolloffs_entered_here": players_enter(tour.ruleset),
    }


def _onward(state: Any, rec: Any, seat: Seat, me: str, bound: str) -> dict[str, str] | None:
    """Where a link leads once its game is no longer played: which game is played now, where
    the player this phone is bound to sits now with that table's link (whichever table's old
    link it opened; for the staff, the player they tapped, as "Wo sitze ich?" tells
    everybody), and that page. None while the link's game is the one played."""
    cur = state.current
    if cur is None or state.finished:
        return None
    if cur is seat.st and not (cur.rule.reseat_each_game and cur.drawn_games() > seat.game):
        return None
    now = msg(
        "This table link is for {word} {game}; now {stage} · {now_word} {now_game} is played.",
        word=seat.st.rule.game_word(), game=seat.game, stage=cur.title(),
        now_word=cur.rule.game_word(), now_game=playing(cur),
    )  # fmt: skip
    shown = {"now": translated(now), "seats": reverse("seats", args=[rec.pk])}
    if bound:  # this phone is the player's: "Du sitzt jetzt an Tisch 7" and its link
        shown["sits"], shown["table_url"] = sits_now(rec, bound)
        return shown
    rows = seating_of(rec).rows if me else ()
    row = next((r for r in rows if r.player == me and r.where is SeatWhere.SEATED), None)
    sits = (
        msg("{name} now sits at table {table}, seat {seat}.", name=row.name, table=row.table,
            seat=row.seat)
        if row is not None
        else ""
    )  # fmt: skip
    return shown | {"sits": translated(sits)}


def playing(st: Any) -> int:
    """The game a stage plays now: the latest drawn where tables are drawn anew each game,
    else (all its games drawn at once) the first with results missing."""
    if st.rule.reseat_each_game:
        return int(st.drawn_games())
    return min((g for g, _ in st.missing_results()), default=st.drawn_games())


def _fields(seat: Seat) -> dict[str, bool]:
    """Which values the stage asks for (the same fields as the organiser's)."""
    rule = seat.st.rule
    return {"points": rule.score != "none", "pips": rule.pips, "places": rule.score != "required"}


def _form_rows(tour: Any, seat: Seat, form: ResultForm | None) -> list[Any]:
    """The form's rows: player, name, values typed (after a refusal) or else those of the
    version shown last (a different result changes only what differs), messages."""
    bad = form.field_errors() if form is not None else {}
    shown = seat.status.pending[-1] if seat.status.pending else None
    rows = []
    for p in seat.view.seats:
        if form is not None:
            typed = {k: form.data.get(f"{k}-{p}", "") for k in ("points", "pips", "place")}
        else:
            typed = {
                "points": shown.scores.get(p, "") if shown else "",
                "pips": shown.pips.get(p, "") if shown else "",
                "place": shown.places.get(p, "") if shown else "",
            }
        said = {k: bad.get(f"{k}-{p}", "") for k in ("points", "pips", "place")}
        rows.append((p, tour.name_of(p), typed, said))
    return rows


def _basis(request: HttpRequest) -> int:
    """The table's state the form was built on (its latest fact's number)."""
    try:
        return whole_number(request.POST.get("basis", ""), field="basis", high=MAX_FACT_NUMBER)
    except RuleError:
        return -1


def _store(request: HttpRequest, link: TableLink, tap: Tap, said: Message) -> tuple[str, int]:
    """Record a table fact unless it is a double tap; return the table's status after it and
    the fact's number (0: none stored)."""
    basis = _basis(request)
    where = Where(link.stage, link.game, link.table)
    posted = Where(link.stage, tap.game, link.table)  # the game the form was for

    def change(tour: Any) -> tuple[str, int, str]:
        state = group_state(tour)
        current = seat_of(state, where)
        same = current is not None and current.game == posted.game  # (as it mostly is)
        now = current if same else seat_of(state, posted)
        if current is None or now is None:
            entries.check_spot(state, Spot(link.stage, tap.game, link.table))
            raise counts_already()
        if now.mark != basis or not now.writable or now.game != current.game:
            if same_as_latest(now, tap):
                return "again", 0, tap.by  # the same tap once more
            if not now.writable:
                raise counts_already()
            raise moved_on()
        spot, at = Spot(now.st.key, tap.game, link.table), stamp()
        by = with_phone(tap.by, tour.facts, tap.phone)
        done = (
            entries.enter_at_table(state, spot, tap.player, tap.values, basis=basis, at=at,
                                   by=by, phone=tap.phone)
            if tap.values is not None
            else entries.confirm_at_table(state, spot, tap.player, tap.entry, basis=basis,
                                          at=at, by=by, phone=tap.phone)
        )  # fmt: skip
        after = seat_of(state, Where(link.stage, now.game, link.table))  # not the next game
        return (after.status.status if after else "open"), done.n, by

    def log(done: tuple[str, int, str]) -> Logged:
        return Logged(said, fact=done[1], by=done[2])

    status, n, _by = append(link.tournament_id, change, log=log)
    return status, n


def _posted_game(request: HttpRequest) -> int:
    """The game the form was shown for (0: none given)."""
    try:
        return whole_number(request.POST.get("game", ""), field="game", high=MAX_FACT_NUMBER)
    except RuleError:
        return 0


def _where(seat: Seat) -> dict[str, Any]:
    """The table and game of a seat for a log line ('Tisch 3, Durchgang 2')."""
    return {"table": seat.index, "word": seat.st.rule.game_word(), "game": seat.game}


def _group(link: TableLink) -> Tournament:
    """The format A–C tournament of a table link."""
    return group_read(link.tournament)[0]


def _enter(request: HttpRequest, link: TableLink, seat: Seat, me: str) -> tuple[ResultForm, bool]:
    """Take the result a player entered; say whether it was stored."""
    tour = _group(link)
    names = [(p, tour.name_of(p)) for p in seat.view.seats]
    fields = _fields(seat)
    kinds = {"points": fields["points"], "pips": fields["pips"], "places": fields["places"]}
    form = ResultForm(
        {**request.POST.dict(), "game": seat.game, "table": seat.index, "basis": 0},
        seats=names, rule=seat.st.rule, kinds=kinds,
    )  # fmt: skip
    if not form.is_valid():
        return form, False
    values = Values(form.values("points"), form.values("pips"), form.values("place"))
    by = by_words(seat.index, tour.name_of(me))
    tap = Tap(me, _posted_game(request), by, values=values, phone=phone_of(request))
    said = msg("Result entered at table {table}, {word} {game}", **_where(seat))
    refused = _saved(request, link, tap, said)
    if refused:
        form.add_error(None, refused)
        form.refused_on_store = True
    return form, not refused


def _confirm(request: HttpRequest, link: TableLink, seat: Seat, me: str) -> None:
    """Take a player's "Correct" for an entry of another player."""
    tour = _group(link)
    try:
        entry = whole_number(request.POST.get("entry", ""), field="entry", high=MAX_FACT_NUMBER)
    except RuleError as err:
        messages.error(request, translated(err.msg))
        return
    by = by_words(seat.index, tour.name_of(me))
    tap = Tap(me, _posted_game(request), by, entry=entry, phone=phone_of(request))
    said = msg("Result confirmed at table {table}, {word} {game}", **_where(seat))
    refused = _saved(request, link, tap, said)
    if refused:
        messages.error(request, refused)


def _saved(request: HttpRequest, link: TableLink, tap: Tap, said: Message) -> str:
    """Store a table fact (once per key) and tell the player what now; return the refusal
    ('' if none)."""

    def write() -> Told:
        status, n = _store(request, link, tap, said)
        level = messages.WARNING if status == "disputed" else messages.SUCCESS
        return Told(level, _after_words(status), n or None)

    try:
        once(request, link.tournament_id, write).tell(request)
    except RuleError as err:
        return translated(err.msg)
    return ""


def _after_words(status: str) -> Message:
    """What a player is told after saving."""
    if status == "again":
        return msg("This was saved already.")
    if status in ("confirmed", "decided"):
        return msg("Saved: the result is confirmed and counts.")
    if status == "disputed":
        return msg("Saved. The table is disputed now: the organisers decide.")
    return msg("Saved: entered – waiting for confirmation.")


def _group_link(rec: TournamentRecord, row: SeatRow) -> Where | None:
    """The link of a format A–C player's table in the running stage."""
    st = group_read(rec)[1].current
    if st is None or row.table is None or row.game is None:
        return None
    return where_of(st, row.table, row.game)


TABLE = TablePart(_group_seats, _group_answer, _group_link)
