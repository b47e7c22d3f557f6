"""What is pending: the next steps an organiser has to take, in order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tafelrunde.engine.groups.stage_state import RolloffNeed, StageState
from tafelrunde.engine.groups.tournament_situation import StagePlan
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tables import feasible, working_numbers
from tafelrunde.i18n import Message, msg


@dataclass(frozen=True)
class Step:
    """One pending step: what to do (a message) and the data behind it."""

    kind: str  # draw | result | result_disputed | rolloff | rolloff_disputed | herzog | finished
    text: Message
    data: dict[str, Any] = field(default_factory=dict)


def _next_stage(plan: StagePlan) -> Step:
    """Draw the next stage."""
    said = msg("Draw: {stage} ({n} players).", stage=plan.rule.title(), n=len(plan.entrants))
    return Step("draw", said, {"stage": plan.key})


def _rolloff(state: TournamentState, cur: StageState, need: RolloffNeed) -> Step:
    """Hold an open roll-off."""
    who = ", ".join(state.tournament.name_of(p) for p in need.players)
    kind = "herzog" if need.kind == cur.rule.herzog else "rolloff"
    params: dict[str, Any] = {
        "kind": need.kind,
        "name": need.kind.capitalize(),
        "word": cur.rule.game_word(),
        "game": need.game,
        "table": need.table,
        "players": who,
    }
    entered = cur.rolloff_tables.get((need.kind, need.game, frozenset(need.players)))
    if entered is not None and entered.status == "disputed":  # the table's phones disagree
        kind, said = (
            "rolloff_disputed",
            msg(
                "Roll-off {kind} disputed at table {table}: {players}. Decide on the board.",
                **params,
            ),
        )
    elif kind == "herzog":
        said = _herzog_text(bool(need.game), bool(need.table), params)
    else:
        said = _rolloff_text(bool(need.game), bool(need.table), params)
    data = {
        "stage": cur.key,
        "rolloff": need.kind,
        "game": need.game,
        "players": list(need.players),
    }
    return Step(kind, said, data)


def _rolloff_text(game: bool, table: bool, p: dict[str, Any]) -> Message:
    """A roll-off of a tie, where it is."""
    if game and table:
        return msg("Roll-off {kind}: {word} {game}, table {table}: {players}.", **p)
    if game:
        return msg("Roll-off {kind}: {word} {game}, {players}.", **p)
    if table:
        return msg("Roll-off {kind}: table {table}: {players}.", **p)
    return msg("Roll-off {kind}: {players}.", **p)


def _herzog_text(game: bool, table: bool, p: dict[str, Any]) -> Message:
    """A roll-off for the start order, where it is."""
    if game and table:
        return msg("Roll-off {kind} (start order): {word} {game}, table {table}: {players}.", **p)
    if game:
        return msg("Roll-off {kind} (start order): {word} {game}, {players}.", **p)
    if table:
        return msg("Roll-off {kind} (start order): table {table}: {players}.", **p)
    return msg("Roll-off {kind} (start order): {players}.", **p)


def pending(state: TournamentState) -> list[Step]:
    """List the open steps: results, roll-offs, the next draw, or that the tournament is over."""
    name = state.tournament.name_of
    cur = state.current
    if cur is None:
        plan = state.following(None)
        if plan is None:
            return [Step("finished", msg("No stage fits this number of players."))]
        n = len(plan.entrants)
        if not feasible(n, plan.rule.tables):  # the first draw: players to enter first
            said = msg(
                "Enter players: {n} cannot be seated at this format's tables (possible: "
                "{works} players).",
                n=n,
                works=working_numbers(plan.rule.tables),
            )
            return [Step("players", said)]
        return [_next_stage(plan)]
    steps = [
        _rolloff(state, cur, need) for need in cur.rolloff_needs(state.cut(cur)) if not need.done
    ]
    for game, table in cur.missing_results():
        players = ", ".join(name(p) for p in cur.seated(game, table))  # without the withdrawn
        entered = cur.at_table.get((game, table))
        disputed = entered is not None and entered.status == "disputed"  # phones disagree
        params: dict[str, Any] = {"stage": cur.title(), "word": cur.rule.game_word(),
                                  "game": game, "table": table, "players": players}  # fmt: skip
        said = (
            msg(
                "Result disputed: {stage}, {word} {game}, table {table} ({players}). Decide on "
                "the board.",
                **params,
            )
            if disputed
            else msg("Result missing: {stage}, {word} {game}, table {table} ({players}).", **params)
        )
        where = {"stage": cur.key, "game": game, "table": table}
        steps.append(Step("result_disputed" if disputed else "result", said, where))
    if cur.rule.reseat_each_game and cur.drawn_games() < cur.rule.games:
        game = cur.drawn_games() + 1
        said = msg(
            "Draw: {stage}, {word} {game}.",
            stage=cur.title(),
            word=cur.rule.game_word(),
            game=game,
        )
        steps.append(Step("draw", said, {"stage": cur.key, "game": game}))
    elif state.stage_complete(cur):
        plan = state.following(cur)
        if plan is None:
            over = msg("The tournament is over: the final ranking stands.")
            steps.append(Step("finished", over))
        else:
            steps.append(_next_stage(plan))
    return steps


def rolloff_purpose(cur: StageState, need: RolloffNeed) -> Message:
    """What a roll-off decides, in words for the card that holds it."""
    name = need.kind.capitalize()
    if need.kind == cur.rule.herzog:
        return msg(
            "{name}: the winner starts later ({word} {game}).",
            name=name,
            word=cur.rule.game_word(),
            game=need.game,
        )
    if need.game and need.place is not None:
        return msg("{name} for place {place}.", name=name, place=need.place)
    if need.table:
        return msg("{name}: the winner is ranked higher at this table.", name=name)
    return msg("{name}: the winner is ranked higher in the standings.", name=name)
