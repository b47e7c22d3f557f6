"""The knockout family's sign-up, arrival, check-in and pass."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.clock import is_late
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import CheckIn, Register, Status, Withdraw
from tafelrunde.engine.knockout.entry import registrations
from tafelrunde.engine.knockout.results import ranking
from tafelrunde.engine.knockout.table_entry import table_status
from tafelrunde.engine.knockout.views_data import bracket_name
from tafelrunde.engine.seat_list import Where as At
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.knockout import enter, knockout_of, knockout_read
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.player.family_parts import Entry, PlayerPart, Someone
from tafelrunde.web.player.mine_data import Mine


def may_arrive(rec: TournamentRecord, player: str) -> bool:
    """Format D: before the registration deadline, while the player waits to be seated."""
    state = knockout_read(rec)[1]
    p = state.players.get(player)
    late = is_late(stamp(), state.rules.deadline, state.day)
    return p is not None and p.status is Status.REGISTERED and not late


def check_in(rec: TournamentRecord, player: str, user: Someone, by: str) -> None:
    """Format D: check the player in, where the ruleset asks for a check-in."""
    state = knockout_read(rec)[1]
    p = state.players.get(player)
    waiting = p is not None and not p.checked_in and p.status is Status.REGISTERED
    if state.rules.check_in and waiting:
        enter(
            rec.pk, lambda _t, _s: [CheckIn(n=0, at=0, player=player)],
            expected=None, user=user, at=stamp(), by=by,
        )  # fmt: skip


def _knockout_open(rec: TournamentRecord) -> bool:
    """Format D: until the registration deadline of the rules."""
    state = knockout_read(rec)[1]
    return not is_late(stamp(), state.rules.deadline, state.day)


def _knockout_add(rec: TournamentRecord, name: str) -> str:
    """Format D: register the player (the fee is paid at the desk); their id."""
    done = enter(
        rec.pk, lambda tour, _s: registrations(knockout_of(tour), [name]),
        expected=None, user=None, at=stamp(), by=str(msg("Online sign-up").text("de")),
    )  # fmt: skip
    first = done.facts[0]
    assert isinstance(first, Register)
    return first.player


def _knockout_remove(rec: TournamentRecord, player: str, by: Someone) -> None:
    """Format D: withdraw the registration (never seated); by the registrant (`by` None) or
    the organisers."""
    state = knockout_read(rec)[1]
    p = state.players.get(player)
    if p is None or p.status is Status.WITHDRAWN:
        return
    said = str(msg("Online sign-up").text("de")) if by is None else by.get_username()
    enter(rec.pk, lambda _t, _s: [Withdraw(n=0, at=0, player=player)], expected=None,
          user=by, at=stamp(), by=said)  # fmt: skip


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


def _knockout(rec: TournamentRecord, player: str, shown: Mine) -> None:
    """Format D: the table or queue, chips and lives, the place once decided."""
    state = knockout_read(rec)[1]
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


PLAYER = PlayerPart(
    Entry(_knockout_open, _knockout_add, _knockout_remove, RuleError(msg(
        "After the registration deadline only the organisers can take a player out; please "
        "tell them."), field="")),
    may_arrive,
    check_in,
    _knockout,
)  # fmt: skip
