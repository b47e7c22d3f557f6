"""Format D in the database: record an organiser's entries through the engine, all or none."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import KnockoutFact, KnockoutState, KnockoutTournament, Undo
from tafelrunde.engine.knockout.actions import table_changes, table_token
from tafelrunde.engine.knockout.entry import record_all, roster
from tafelrunde.engine.knockout.views_data import describe, names
from tafelrunde.web.core.domain.store import AnyTournament, Logged, append

Build = Callable[[KnockoutTournament, KnockoutState], list[KnockoutFact]]


@dataclass(frozen=True)
class Entered:
    """The facts an entry added, described in German and English."""

    facts: list[KnockoutFact]
    de: str
    en: str


def knockout_of(tour: AnyTournament) -> KnockoutTournament:
    """The format-D tournament, or a refusal for another format."""
    if not isinstance(tour, KnockoutTournament):
        raise RuleError(
            "Das ist kein Turnier im Format D.", "This is not a format-D tournament.", field="file"
        )
    return tour


def explain(tour: KnockoutTournament, fact: KnockoutFact, lang: str) -> str:
    """Describe a fact; an undo also names what it takes back."""
    who = roster(tour)
    text = describe(who, fact, lang)
    if isinstance(fact, Undo):
        target = next((f for f in tour.facts if f.n == fact.target), None)
        if target is not None:
            text += ": " + describe(who, target, lang)
    return text


def enter(rec_id: int, build: Build, *, expected: int | None, user: Any, at: str) -> Entered:
    """Build facts from the current state and record them (under the store's lock)."""

    def change(tour: AnyTournament) -> Entered:
        ko = knockout_of(tour)
        before = len(ko.facts)
        record_all(ko, build(ko, ko.state()), at=at, by=user.get_username())
        new = ko.facts[before:]
        de = "; ".join(explain(ko, f, "de") for f in new)
        return Entered(new, de, "; ".join(explain(ko, f, "en") for f in new))

    return append(
        rec_id,
        change,
        expected=expected,
        user=user,
        log=lambda done: Logged(done.de, done.en, done.facts[-1].n if done.facts else None),
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
    de_what = "; ".join(f"Nr. {f.n} {explain(tour, f, 'de')}" for f in done)
    en_what = "; ".join(f"no. {f.n} {explain(tour, f, 'en')}" for f in done)
    de_now = chips_text(state, number) if table.is_open else "beendet"
    en_now = chips_text(state, number) if table.is_open else "finished"
    left = names(state, table.left)
    raise RuleError(
        f"An Tisch {number} wurde inzwischen etwas eingetragen"
        + (f" ({de_what})" if de_what else "")
        + f". Jetzt: {de_now}"
        + (f"; den Tisch verlassen haben: {left}" if left else "")
        + ". Bitte prüfen und noch einmal eintragen.",
        f"Something was entered at table {number} meanwhile"
        + (f" ({en_what})" if en_what else "")
        + f". Now: {en_now}"
        + (f"; left: {left}" if left else "")
        + ". Please check and enter again.",
        field="table",
    )
