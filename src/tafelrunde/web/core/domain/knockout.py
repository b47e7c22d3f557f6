"""Format D in the database: record an organiser's entries through the engine, all or none."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import KnockoutFact, KnockoutState, KnockoutTournament, Undo
from tafelrunde.engine.knockout.actions import table_changes, table_token
from tafelrunde.engine.knockout.entry import record_all, roster
from tafelrunde.engine.knockout.views_data import Places, fact_line, hall_numbers, names
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.store import AnyTournament, Logged, append, read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.phones import with_phone

Build = Callable[[KnockoutTournament, KnockoutState], list[KnockoutFact]]


@dataclass(frozen=True)
class Entered:
    """The facts an entry added, each described in a line."""

    facts: list[KnockoutFact]
    lines: list[Message]
    by: str = ""  # who, in words, as the facts and the log name them
    state: KnockoutState | None = None  # the state after them (to read, not to change)


def knockout_of(tour: AnyTournament) -> KnockoutTournament:
    """The format-D tournament, or a refusal for another format."""
    if not isinstance(tour, KnockoutTournament):
        raise RuleError(msg("This is not a format-D tournament."), field="file")
    return tour


def knockout_read(rec: TournamentRecord) -> tuple[KnockoutTournament, KnockoutState]:
    """`read_only` of a format-D tournament (a refusal for another family's)."""
    tour, state = read_only(rec)
    if not isinstance(state, KnockoutState):
        raise RuleError(msg("This is not a format-D tournament."), field="file")
    return knockout_of(tour), state


def explain(tour: KnockoutTournament, fact: KnockoutFact, places: Places | None = None) -> Message:
    """Describe a fact (tables by their hall numbers); an undo also names what it takes back."""
    who = roster(tour)
    line = fact_line(who, fact, places)
    if isinstance(fact, Undo):
        target = next((f for f in tour.facts if f.n == fact.target), None)
        if target is not None:
            return msg("{undo}: {target}", undo=line, target=fact_line(who, target, places))
    return line


def enter(
    rec_id: int,
    build: Build,
    *,
    expected: int | None,
    user: Any,
    at: str,
    by: str = "",
    phone: str = "",
) -> Entered:
    """Build facts from the current state and record them (under the store's lock); `by` names
    who did it when nobody is logged in ('Tisch 3 · Anna'), with the `phone` it came from."""

    def change(tour: AnyTournament) -> Entered:
        ko = knockout_of(tour)
        before = len(ko.facts)
        who = (with_phone(by, ko.facts, phone) if phone else by) or user.get_username()
        state = record_all(ko, build(ko, ko.state()), at=at, by=who)
        new = ko.facts[before:]
        places = hall_numbers(state)
        lines = [explain(ko, f, places) for f in new]
        return Entered(new, lines, who if by else "", state)

    return append(
        rec_id,
        change,
        expected=expected,
        user=user,
        log=lambda done: [
            Logged(line, fact=f.n, by=done.by)
            for f, line in zip(done.facts, done.lines, strict=True)
        ],
    )


def chips_text(state: KnockoutState, number: int) -> str:
    """The players still at a table with their chips, e.g. "Anna 2, Bernd 1"."""
    table = state.tables[number]
    left = ", ".join(f"{state.players[p].name} {state.players[p].chips}" for p in table.remaining)
    return left or "–"


def same_table(
    tour: KnockoutTournament, state: KnockoutState, number: int, token: str, since: int | None
) -> None:
    """Refuse a result for a table that changed since the form was made, saying what changed."""
    if table_token(state, number) == token:
        return
    table = state.tables[number]
    done = list(table_changes(tour, number, since)) if since is not None else []
    places = hall_numbers(state)
    what = [msg("no. {n} {fact}", n=f.n, fact=explain(tour, f, places)) for f in done]
    now = chips_text(state, number) if table.is_open else msg("finished")
    left = names(state, table.left)
    said = {"table": table.place, "what": what, "now": now, "left": left}
    if what and left:
        text = msg(
            "Something was entered at table {table} meanwhile ({what}). Now: {now}; left: "
            "{left}. Please check and enter again.",
            **said,
        )
    elif what:
        text = msg(
            "Something was entered at table {table} meanwhile ({what}). Now: {now}. "
            "Please check and enter again.",
            **said,
        )
    elif left:
        text = msg(
            "Something was entered at table {table} meanwhile. Now: {now}; left: {left}. "
            "Please check and enter again.",
            **said,
        )
    else:
        text = msg(
            "Something was entered at table {table} meanwhile. Now: {now}. "
            "Please check and enter again.",
            **said,
        )
    raise RuleError(text, field="table")
