"""The table page behind a table's secret link: players enter and confirm their result.

Anyone holding the link can use it, so everything here is treated as hostile: a token that
opens nothing reveals nothing, a link writes only its own table's current game, posting is
rate-limited per link and per address, and a double tap stores once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache

from tafelrunde.engine import entries
from tafelrunde.engine.entries import Spot, Values
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import Tournament
from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.engine.limits import MAX_FACT_NUMBER, whole_number
from tafelrunde.engine.rolloff_entry import players_enter
from tafelrunde.engine.seat_list import Where as SeatWhere
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.domain.store import Logged, append, group_state, read_only
from tafelrunde.web.core.forms_play import ResultForm
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.phones import phone_of, with_phone
from tafelrunde.web.core.roles import role_of
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.writes import unlocked
from tafelrunde.web.table import ko, rolloffs
from tafelrunde.web.table.bindings import (
    PASS,
    acts_as,
    ask,
    bound,
    bound_here,
    claimed,
    remember,
    tap,
)
from tafelrunde.web.table.limits import too_often
from tafelrunde.web.table.links import Where, find
from tafelrunde.web.table.models import TableLink
from tafelrunde.web.table.now_at import name_of, row_of, table_token
from tafelrunde.web.table.seat import (
    Seat,
    Tap,
    by_words,
    counts_already,
    earlier,
    moved_on,
    rows_of,
    same_as_latest,
    seat_of,
    status_words,
    steps_for,
)
from tafelrunde.web.table.sent import Told, once

ME = "table-me-{pk}"  # the session key of who holds the phone at this link's table


def gone(request: HttpRequest) -> HttpResponse:
    """The page of a link that opens nothing: the same for wrong, old and renewed tokens."""
    return render(request, "table/gone.html", status=404)


@dataclass(frozen=True)
class TablePage:
    """A family's table page: who sits at a link's table, and the page with its answers."""

    seats: Callable[[TableLink, Any], tuple[str, ...] | None]  # None: the link opens nothing
    answer: Callable[[HttpRequest, TableLink, Any, Any, str], HttpResponse]


@dataclass(frozen=True)
class Bond:
    """Who this phone is at a link's table: staff (any name, as before), or the player it is
    bound to in the tournament, and whether that player sits here."""

    staff: bool
    player: str = ""  # the bound player ("": not bound)
    name: str = ""
    here: bool = False  # the bound player sits at this table
    counts: bool = False  # the binding lets the phone act (identity "pass": only a pass's)
    asked: str = ""  # the name of the player the phone asked to become
    pass_only: bool = False  # identity "pass": only passes and staff enter and confirm
    sits: str = ""  # where the bound player sits now, when not here ("Du sitzt jetzt …")
    sits_url: str = ""  # that table's link
    choosing: bool = False  # the phone asked to see the other names ("Nicht du?")


@unlocked  # the hall's hot path: each write decides under the tournament's lock in the
@never_cache  # function that stores it (append, tap), not through the whole view
def table(request: HttpRequest, token: str) -> HttpResponse:
    """Show the table; take a name tap, an entered result or a confirmation."""
    link = find(token)
    if link is None:
        return gone(request)
    rec = link.tournament
    tour, state = read_only(rec)
    shown = PAGES[rec.family.key]
    seats = shown.seats(link, state)
    if seats is None:
        return gone(request)
    bond, me = _bond(request, link, seats)
    request.bond = bond  # type: ignore[attr-defined]  # read by the page's "who are you?"
    if request.method == "POST":
        if too_often(request, "table-link", link.digest):
            return render(request, "table/limited.html", status=429)
        if request.POST.get("action", "") == "me":
            _tapped(request, link, seats, bond)
            return redirect(request.path)
        if not me:
            messages.error(request, translated(_why_not(bond)))
            return redirect(request.path)
    return shown.answer(request, link, tour, state, me)


def _bond(request: HttpRequest, link: TableLink, seats: tuple[str, ...]) -> tuple[Bond, str]:
    """Who the phone is here, and who it may enter and confirm for ("": nobody)."""
    rec = link.tournament
    if role_of(request.user) is not None:  # the staff: any name of the table, per link
        me = request.session.get(ME.format(pk=link.pk), "")
        return Bond(staff=True), (me if me in seats else "")
    binding = claimed(request, rec, bound_here(request, rec, fresh=request.method == "POST"))
    pass_only = rec.identity == PASS
    if binding is None or not binding.player:  # nobody yet (perhaps asking for a name)
        asked = name_of(rec, binding.asked) if binding is not None else ""
        return Bond(staff=False, pass_only=pass_only, asked=asked), ""
    acting = acts_as(rec, binding)
    sits, url = ("", "") if binding.player in seats else _sits_now(rec, binding.player)
    bond = Bond(
        staff=False, player=binding.player, name=name_of(rec, binding.player),
        here=binding.player in seats, counts=bool(acting), pass_only=pass_only,
        asked=name_of(rec, binding.asked) if binding.asked else "", sits=sits, sits_url=url,
        choosing=request.GET.get("anderer") == "1",
    )  # fmt: skip
    return bond, (acting if acting in seats else "")


def _sits_now(rec: Any, player: str) -> tuple[str, str]:
    """Where the player sits now in words ("You sit at table 7, seat 2 now.") and the link
    of that table; else where they stand ("waiting: consolation bracket, 1 of 1", "no lives
    left") or that the tournament is over, without a link ("" for both: nothing to say)."""
    state = read_only(rec)[1]
    row = row_of(rec, player)
    if row is None:
        return "", ""
    if state.finished:
        return translated(msg("The tournament is over.")), ""
    token = table_token(rec, state, row)
    if token:
        said = msg("You sit at table {table}, seat {seat} now.", table=row.table, seat=row.seat)
        return translated(said), reverse("table-link", args=[token])
    if row.note:
        return translated(msg("Not at a table now: {note}.", note=row.note)), ""
    return "", ""


def _tapped(request: HttpRequest, link: TableLink, seats: tuple[str, ...], bond: Bond) -> None:
    """Take a tapped name: the staff's for this link; a phone's first binds it to that player
    (not where only passes enter); another name asks the organisers."""
    chosen = request.POST.get("player", "")
    if bond.staff:
        if chosen in seats:
            request.session[ME.format(pk=link.pk)] = chosen
        else:
            request.session.pop(ME.format(pk=link.pk), None)
        return
    if chosen not in seats:
        return
    rec = link.tournament
    phone = phone_of(request)
    if not bond.player:
        if bond.pass_only:
            messages.error(request, translated(_why_not(bond)))
            return
        tapped = tap(rec, phone, chosen)
        remember(request, rec, tapped)
        if tapped.player == chosen:
            said = msg("This phone is now {name}'s for this tournament.", name=name_of(rec, chosen))
            messages.success(request, translated(said))
        else:  # the name is another phone's: only the organisers give it to this one
            messages.warning(request, translated(_taken(name_of(rec, chosen))))
        return
    if chosen == bond.player:
        return
    binding = bound(rec, phone)
    if binding is not None:
        ask(binding, chosen)
        remember(request, rec, binding)
    said = msg(
        "This phone belongs to {name}. The organisers were asked whether it may be {other}.",
        name=bond.name, other=name_of(rec, chosen),
    )  # fmt: skip
    messages.warning(request, translated(said))


def _taken(name: str) -> Message:
    """Why a name another phone is bound to is not this phone's yet."""
    return msg("{name} is bound to another phone already; the organisers must agree.", name=name)


def _why_not(bond: Bond) -> Message:
    """Why this phone may not enter or confirm here."""
    if not bond.player and bond.asked:
        return _taken(bond.asked)
    if bond.pass_only and not bond.counts:
        return msg("Here only players' passes enter and confirm: open your pass (its QR code).")
    if bond.player and not bond.here:
        return msg("This phone belongs to {name}, who does not sit at this table.", name=bond.name)
    return msg("Please tap your name first.")


def _group_seats(link: TableLink, state: Any) -> tuple[str, ...] | None:
    """Who sits at the link's table of a group format (None: it is not drawn, or undone)."""
    seat = seat_of(state, Where(link.stage, link.game, link.table))
    return None if seat is None else seat.view.seats


def _group_answer(
    request: HttpRequest, link: TableLink, tour: Any, state: Any, me: str
) -> HttpResponse:
    """A group format's table page: enter the result, confirm one, or see it."""
    rec = link.tournament
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
                tour, state = read_only(rec)
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


PAGES: dict[str, TablePage] = {  # each family's table page, by its key
    GROUP.key: TablePage(_group_seats, _group_answer),
    KNOCKOUT.key: TablePage(ko.seats, ko.answer),
}


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
        shown["sits"], shown["table_url"] = _sits_now(rec, bound)
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
    tour = read_only(link.tournament)[0]
    assert isinstance(tour, Tournament)
    return tour


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
