"""What is pending: the next steps an organiser has to take, in order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tafelrunde.engine.tournament_state import TournamentState


@dataclass(frozen=True)
class Step:
    """One pending step, with German and English text and the data behind it."""

    kind: str  # draw | result | rolloff | herzog | finished
    de: str
    en: str
    data: dict[str, Any] = field(default_factory=dict)


def pending(state: TournamentState) -> list[Step]:
    """List the open steps: results, roll-offs, the next draw, or that the tournament is over."""
    name = state.tournament.name_of
    cur = state.current
    if cur is None:
        plan = state.following(None)
        if plan is None:
            return [
                Step(
                    "finished",
                    "Kein Turnierabschnitt passt zu dieser Spielerzahl.",
                    "No stage fits this number of players.",
                )
            ]
        return [
            Step(
                "draw",
                f"Auslosen: {plan.rule.name} ({len(plan.entrants)} Spieler).",
                f"Draw: {plan.rule.title('en')} ({len(plan.entrants)} players).",
                {"stage": plan.key},
            )
        ]
    steps: list[Step] = []
    word_de, word_en, title_en = (
        cur.rule.game_word(),
        cur.rule.game_word("en"),
        cur.title("en"),
    )
    for need in cur.rolloff_needs(state.cut(cur)):
        if need.done:
            continue
        who = ", ".join(name(p) for p in need.players)
        where_de = f"{word_de} {need.game}, " if need.game else ""
        where_en = f"{word_en} {need.game}, " if need.game else ""
        table_de = f"Tisch {need.table}: " if need.table else ""
        table_en = f"table {need.table}: " if need.table else ""
        kind = "herzog" if need.kind == cur.rule.herzog else "rolloff"
        why_de = " (Startreihenfolge)" if kind == "herzog" else ""
        why_en = " (start order)" if kind == "herzog" else ""
        steps.append(
            Step(
                kind,
                f"{need.kind.capitalize()}{why_de}: {where_de}{table_de}{who}.",
                f"Roll-off {need.kind}{why_en}: {where_en}{table_en}{who}.",
                {
                    "stage": cur.key,
                    "rolloff": need.kind,
                    "game": need.game,
                    "players": list(need.players),
                },
            )
        )
    for game, table in cur.missing_results():
        players = ", ".join(name(p) for p in (cur.tables(game) or ())[table - 1])
        steps.append(
            Step(
                "result",
                f"Ergebnis fehlt: {cur.title()}, {word_de} {game}, Tisch {table} ({players}).",
                f"Result missing: {title_en}, {word_en} {game}, table {table} ({players}).",
                {"stage": cur.key, "game": game, "table": table},
            )
        )
    if cur.rule.reseat_each_game and cur.drawn_games() < cur.rule.games:
        steps.append(
            Step(
                "draw",
                f"Auslosen: {cur.title()}, {word_de} {cur.drawn_games() + 1}.",
                f"Draw: {title_en}, {word_en} {cur.drawn_games() + 1}.",
                {"stage": cur.key, "game": cur.drawn_games() + 1},
            )
        )
    elif state.stage_complete(cur):
        plan = state.following(cur)
        if plan is None:
            steps.append(
                Step(
                    "finished",
                    "Das Turnier ist beendet: Endstand siehe „ranking“.",
                    "The tournament is over: see 'ranking' for the final ranking.",
                )
            )
        else:
            steps.append(
                Step(
                    "draw",
                    f"Auslosen: {plan.rule.name} ({len(plan.entrants)} Spieler).",
                    f"Draw: {plan.rule.title('en')} ({len(plan.entrants)} players).",
                    {"stage": plan.key},
                )
            )
    return steps
