"""A table page's roll-offs (formats A–C): announced to everybody at the table; where the
rules let the players enter them, one player enters the order and another confirms it on
another phone, as for results (the engine decides what counts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest

from tafelrunde.engine.confirmation import TableConfirm, TableEntry
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.entries import RolloffSpot
from tafelrunde.engine.groups.rolloff_entry import players_enter, rolloff_key
from tafelrunde.engine.groups.stage_state import RolloffKey
from tafelrunde.engine.groups.table_rolloffs import TableRolloff, table_rolloffs
from tafelrunde.engine.limits import MAX_FACT_NUMBER, MAX_GAMES, MAX_TABLE_SIZE, whole_number
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.store import Logged, append, group_state
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.phones import phone_of, with_phone
from tafelrunde.web.core.seat import Seat, by_words, rolloff_line
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.table.models import TableLink
from tafelrunde.web.table.sent import Told, once

ENTER, CONFIRM = "rolloff", "rolloff-confirm"  # the page's actions
ACTIONS = (ENTER, CONFIRM)


def boxes(tour: Any, state: Any, seat: Seat, me: str, phone: str) -> list[dict[str, Any]]:
    """The open roll-offs of this table in words, with what this phone may do about them."""
    if seat.st is not state.current:
        return []
    word = seat.st.rule.game_word()
    entering = players_enter(tour.ruleset)
    out = []
    for r in table_rolloffs(state, seat.index):
        line = rolloff_line(state, r.need)
        mine = entering and bool(me) and me in r.seats
        allowed = r.may_confirm(me, phone) if mine else ()
        said, next_step = _status_words(r)
        out.append({
            "purpose": line.purpose, "players": line.players,
            "game": line.game_words(seat.game, word),
            "kind": r.need.kind, "name": r.need.kind.capitalize(), "rgame": r.need.game,
            "ids": r.need.players, "mark": r.mark,
            "choices": list(zip(r.need.players, line.names, strict=True)),
            "two": len(r.need.players) == 2, "places": range(1, len(r.need.players) + 1),
            "form": mine and r.status != "disputed", "status": r.status,
            "said": translated(said) if said else "", "next_step": translated(next_step),
            "pending": [_version(tour, e, me, phone, allowed) for e in r.pending],
        })  # fmt: skip
    return out


def _version(
    tour: Any, entry: Any, me: str, phone: str, allowed: tuple[int, ...]
) -> dict[str, Any]:
    """One entered order awaiting a word, as this phone sees it."""
    return {
        "n": entry.n, "by": tour.name_of(entry.player),
        "order": ", ".join(f"{k}. {tour.name_of(p)}" for k, p in enumerate(entry.order, 1)),
        "mine": entry.player == me, "confirmable": entry.n in allowed,
        "this_phone": bool(entry.phone) and entry.phone == phone,
    }  # fmt: skip


def _status_words(r: TableRolloff) -> tuple[Message | None, Message | str]:
    """A roll-off's state in a few words, and what happens next (nothing while it is open)."""
    if r.status == "entered":
        return msg("entered – waiting for confirmation"), msg(
            "Another player of this table taps 'Correct'; then the roll-off counts."
        )
    if r.status == "disputed":
        return msg("disputed"), msg(
            "Two different orders were entered. The organisers decide by entering the roll-off."
        )
    return None, ""


@dataclass(frozen=True)
class RolloffTap:
    """What a player sent about a roll-off: an order (best first) or a "Correct" for `entry`."""

    player: str
    by: str  # who, in words: 'Tisch 3 · Anna'
    phone: str
    mark: int  # the roll-off's latest fact the form showed (0: none)
    spot: RolloffSpot
    order: tuple[str, ...] = ()
    entry: int = 0


def take(
    request: HttpRequest, link: TableLink, tour: Any, seat: Seat, me: str, action: str
) -> None:
    """Take a roll-off's order or a "Correct" from the table and tell the player what now;
    refuse bad input in words and change nothing."""
    by = by_words(seat.index, tour.name_of(me))

    def write() -> Told:
        status, n = _store(link, _read(request, link, me, by, action))
        level = messages.WARNING if status == "disputed" else messages.SUCCESS
        return Told(level, _after_words(status), n or None)

    try:
        once(request, link.tournament_id, write).tell(request)
    except RuleError as err:
        messages.error(request, translated(err.msg))


def _number(request: HttpRequest, name: str, high: int, refusal: Message) -> int:
    """A whole number the page sent along; refuse anything else with the refusal given."""
    try:
        return whole_number(request.POST.get(name, ""), field=name, high=high)
    except RuleError:
        raise RuleError(refusal, field=name) from None


def _read(request: HttpRequest, link: TableLink, me: str, by: str, action: str) -> RolloffTap:
    """The tap as the page sent it; refuse what no form of the page sends."""
    moved = msg("Meanwhile something else was entered at this table; please check and try again.")
    mark = _number(request, "mark", MAX_FACT_NUMBER, moved)
    phone = phone_of(request)
    if action == CONFIRM:
        nothing = msg("Nothing has been entered for this roll-off.")
        entry = _number(request, "entry", MAX_FACT_NUMBER, nothing)
        spot = RolloffSpot(link.stage, link.table, "", 0)
        return RolloffTap(me, by, phone, mark, spot, entry=entry)
    game = _number(request, "rgame", MAX_GAMES, msg("This roll-off is not open (any more)."))
    players = tuple(request.POST.getlist("players")[: MAX_TABLE_SIZE + 1])
    spot = RolloffSpot(link.stage, link.table, request.POST.get("kind", "")[:40], game)
    return RolloffTap(me, by, phone, mark, spot, order=_order(request, players))


def _order(request: HttpRequest, players: tuple[str, ...]) -> tuple[str, ...]:
    """The order sent, best first: the winner of two, or every player once by place."""
    if "winner" in request.POST:
        winner = request.POST.get("winner", "")
        if len(players) != 2 or winner not in players:
            raise RuleError(msg("Please tap the winner of the roll-off."), field="order")
        return (winner, *(p for p in players if p != winner))
    chosen = tuple(request.POST.getlist("order")[: MAX_TABLE_SIZE + 1])
    if len(players) < 2 or sorted(chosen) != sorted(players):
        said = msg("Please choose every player of the roll-off once, the winner first.")
        raise RuleError(said, field="order")
    return chosen


def _store(link: TableLink, tap: RolloffTap) -> tuple[str, int]:
    """Record the tap unless it is a double tap; return the roll-off's state after it and the
    fact's number (0: none stored)."""

    def change(tour: Any) -> tuple[str, int, str, str]:
        state = group_state(tour)
        st = state.current if state.current and state.current.key == link.stage else None
        last = _latest(st, tap)
        if last is not None and last.n != tap.mark and _same(last, tap):
            return "again", 0, tap.by, ""
        by, at = with_phone(tap.by, tour.facts, tap.phone), stamp()
        done = (
            entries.confirm_rolloff_at_table(state, tap.spot, tap.player, tap.entry,
                                             basis=tap.mark, at=at, by=by, phone=tap.phone)
            if tap.entry
            else entries.enter_rolloff_at_table(state, tap.spot, tap.player, tap.order,
                                                basis=tap.mark, at=at, by=by, phone=tap.phone)
        )  # fmt: skip
        now = state.current
        assert now is not None  # the fact was stored in the running stage
        return now.rolloff_tables[_key(now, tap)].status, done.n, by, done.kind

    def log(done: tuple[str, int, str, str]) -> Logged:
        where = {"kind": done[3].capitalize(), "table": link.table}  # (a double tap logs none)
        said = (
            msg("{kind} confirmed at table {table}", **where)
            if tap.entry
            else msg("{kind} entered at table {table}", **where)
        )
        return Logged(said, fact=done[1], by=done[2])

    status, n, _by, _kind = append(link.tournament_id, change, log=log)
    return status, n


def _key(st: Any, tap: RolloffTap) -> RolloffKey:
    """The roll-off a tap is about (for a "Correct": its entry's; refused: no such entry)."""
    if not tap.entry:
        return rolloff_key(tap.spot.kind, tap.spot.game, tap.order)
    entered = st.rolloff_entries.get(tap.entry) if st is not None else None
    if entered is None or entered.table != tap.spot.table:
        raise RuleError(msg("Nothing has been entered for this roll-off."), field="entry")
    return rolloff_key(entered.kind, entered.game, entered.order)


def _latest(st: Any, tap: RolloffTap) -> Any:
    """The latest entry or confirmation of the roll-off a tap is about (None: none)."""
    found = st.rolloff_tables.get(_key(st, tap)) if st is not None else None
    return found.history[-1] if found is not None and found.history else None


def _same(last: Any, tap: RolloffTap) -> bool:
    """Say whether a roll-off's latest fact is this tap once more (a double tap)."""
    if tap.entry:
        said = (last.player, last.entry) if isinstance(last, TableConfirm) else None
        return said == (tap.player, tap.entry)
    return isinstance(last, TableEntry) and (last.player, last.values) == (tap.player, tap.order)


def _after_words(status: str) -> Message:
    """What a player is told after saving a roll-off."""
    if status == "again":
        return msg("This was saved already.")
    if status in ("confirmed", "decided"):
        return msg("Saved: the roll-off is confirmed and counts.")
    if status == "disputed":
        return msg("Saved. The roll-off is disputed now: the organisers decide.")
    return msg("Saved: entered – waiting for confirmation.")
