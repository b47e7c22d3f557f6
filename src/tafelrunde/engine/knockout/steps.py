"""Suggest tables and say what comes next in a format-D tournament."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from tafelrunde.engine.knockout.rules import BRACKET_NAMES, Bracket
from tafelrunde.engine.knockout.situation import BRACKETS
from tafelrunde.engine.knockout.state import KnockoutState
from tafelrunde.engine.tables import feasible, plan_tables
from tafelrunde.i18n import Message, msg


class StepKind(StrEnum):
    """The kinds of next step."""

    OPEN_TABLE = "open_table"
    PLAY_TABLE = "play_table"
    OPEN_GRAND_FINAL = "open_grand_final"
    COLLECT_FEE = "collect_fee"
    CHECK_IN = "check_in"
    REGISTER = "register"
    WAIT_FOR_TABLE = "wait_for_table"
    FINISHED = "finished"


@dataclass(frozen=True)
class Step:
    """One thing the organiser can do next, and its text."""

    kind: StepKind
    text: Message
    bracket: Bracket | None = None
    table: int | None = None
    players: tuple[str, ...] = ()
    final: bool = False


def _names(state: KnockoutState, players: Sequence[str]) -> str:
    """Join the names of players."""
    return ", ".join(state.players[p].name for p in players)


def _first_round(state: KnockoutState, bracket: Bracket) -> bool:
    """Say whether the main bracket's first round is still being seated."""
    return bracket is Bracket.MAIN and not state.tables_closed[Bracket.MAIN]


def suggested_tables(state: KnockoutState, bracket: Bracket) -> tuple[tuple[str, ...], ...]:
    """Return the tables to open now in a bracket, players in queue order."""
    if state.finished or bracket in state.done_brackets:
        return ()
    queue = state.queues[bracket]
    rule = state.rules.tables
    if state.closed(bracket) or _first_round(state, bracket):
        seat = next((k for k in range(len(queue), 0, -1) if feasible(k, rule)), 0)
        if len(queue) <= state.rules.survivors and state.running[bracket]:
            seat = 0
        sizes = plan_tables(seat, rule).sizes if seat else ()
    else:
        sizes = (rule.prefer,) * (len(queue) // rule.prefer)
    out: list[tuple[str, ...]] = []
    start = 0
    for size in sizes:
        out.append(tuple(queue[start : start + size]))
        start += size
    return tuple(out)


def openable_tables(
    state: KnockoutState, only: Bracket | None = None
) -> tuple[list[tuple[Bracket, tuple[str, ...]]], int]:
    """Return the suggested tables the hall has room for now, and how many more must wait."""
    room = state.free_places()
    tables: list[tuple[Bracket, tuple[str, ...]]] = []
    held = 0
    for b in BRACKETS:
        if only not in (None, b):
            continue
        for players in suggested_tables(state, b):
            if room is not None and len(tables) >= room:
                held += 1
            else:
                tables.append((b, players))
    return tables, held


def _is_final(state: KnockoutState, bracket: Bracket, players: tuple[str, ...]) -> bool:
    """Say whether a suggested table would be its bracket's final table."""
    alone = not state.running[bracket] and len(players) == len(state.queues[bracket])
    return state.closed(bracket) and alone


def _open_steps(state: KnockoutState) -> list[Step]:
    """Return a step for every suggested table the hall has room for (and one for the rest)."""
    steps: list[Step] = []
    tables, held = openable_tables(state)
    for b, players in tables:
        final = _is_final(state, b, players)
        names = _names(state, players)
        if final:
            text = msg(
                "{bracket}: open a final table ({names}).",
                bracket=BRACKET_NAMES[b],
                names=names,
            )
        else:
            text = msg(
                "{bracket}: open a table of {size} ({names}).",
                bracket=BRACKET_NAMES[b],
                size=len(players),
                names=names,
            )
        steps.append(
            Step(
                StepKind.OPEN_TABLE,
                text,
                bracket=b,
                players=players,
                final=final,
            )
        )
    if held:
        text = msg(
            "All tables of the hall ({count}) are in use; the next table opens as soon as "
            "one has finished.",
            count=state.hall_tables,
        )
        steps.append(Step(StepKind.WAIT_FOR_TABLE, text))
    return steps


def one_text(first: Message, *more: Message) -> Message:
    """Several texts as one, separated by spaces (each translated on its own)."""
    if not more:
        return first
    return msg("{text} {more}", text=first, more=one_text(*more))


def _pending_steps(state: KnockoutState) -> list[Step]:
    """The players still to collect the fee from, then those to check in: one step each, one
    name for a single player, else the count (the players page lists and ticks them)."""
    steps = []
    for kind, paid in ((StepKind.COLLECT_FEE, False), (StepKind.CHECK_IN, True)):
        found = tuple(p for p in state.pending() if state.players[p].paid is paid)
        if len(found) == 1:
            name = state.players[found[0]].name
            if paid:
                text = msg("'{name}': check in.", name=name)
            else:
                text = msg("'{name}': collect the entry fee (or withdraw).", name=name)
        elif paid:
            text = msg("check in: {n} players.", n=len(found))
        else:
            text = msg("collect the entry fee: {n} players.", n=len(found))
        if found:
            steps.append(Step(kind, text, players=found))
    return steps


def next_steps(state: KnockoutState) -> tuple[Step, ...]:
    """Say what comes next; never empty."""
    if state.finished:
        return (Step(StepKind.FINISHED, msg("The tournament is over.")),)
    steps = [
        Step(
            StepKind.PLAY_TABLE,
            msg("table {table}: enter the game losers.", table=t.place),
            bracket=t.bracket,
            table=t.number,
            players=tuple(t.remaining),
        )
        for t in state.open_tables()
    ]
    steps += _open_steps(state)
    if state.grand_final_ready():
        names = _names(state, state.finalists)
        steps.append(
            Step(
                StepKind.OPEN_GRAND_FINAL,
                msg("open the grand final ({names}).", names=names),
                bracket=Bracket.GRAND_FINAL,
                players=tuple(state.finalists),
                final=True,
            )
        )
    steps += _pending_steps(state)
    if not steps:
        steps.append(
            Step(
                StepKind.REGISTER,
                msg("register more players: a table still lacks players."),
                bracket=Bracket.MAIN,
            )
        )
    return tuple(steps)
