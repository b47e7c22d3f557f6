"""What one game at one table yields: placements, points, game points, wins and losses."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.engine.choices import Tie
from tafelrunde.engine.groups.facts import Result, Table
from tafelrunde.engine.groups.ruleset import StageRule
from tafelrunde.engine.groups.scoring import (
    normalised_game_points,
    placements,
    rolloff_points,
    split_points,
    tie_groups,
    wins_and_losses,
)
from tafelrunde.engine.numbers import Num


@dataclass(frozen=True)
class Outcome:
    """The scored result of one table in one game; points are None while a roll-off is missing."""

    players: Table
    places: dict[str, int]
    points: dict[str, Num] | None
    game_points: dict[str, Num]
    pips: dict[str, int]
    wins: dict[str, int]
    losses: dict[str, int]
    rolloffs_needed: tuple[tuple[str, ...], ...]
    result: Result

    def order(self) -> list[str]:
        """Return the players best first (roll-off winners first where known)."""
        points = self.points or {}
        return sorted(self.players, key=lambda p: (self.places[p], -points.get(p, 0)))


def score_table(
    rule: StageRule,
    players: Table,
    result: Result,
    rolloff_orders: dict[frozenset[str], tuple[str, ...]],
) -> Outcome:
    """Score one table's result under the stage's rules and the roll-offs entered so far."""
    if result.places:
        places = dict(result.places)
    else:
        keys = {
            p: tuple(
                result.pips.get(p, 0) if k == "pips" else result.scores.get(p, 0)
                for k in rule.placement_by
            )
            for p in players
        }
        places = placements(keys)
    scoring = rule.scoring
    size = len(players)
    game_points = {
        p: normalised_game_points(result.scores.get(p, 0), size, scoring) for p in players
    }
    groups = tie_groups(places) if scoring.tie == Tie.ROLLOFF else []
    points: dict[str, Num] | None
    needed: list[tuple[str, ...]] = []
    if not groups:
        points = split_points(places, scoring)
    else:
        orders: dict[int, tuple[str, ...]] = {}
        for g in groups:
            order = rolloff_orders.get(frozenset(g))
            if order is None:
                needed.append(tuple(g))
            else:
                orders[places[g[0]]] = order
        points = None if needed else rolloff_points(places, orders, scoring)
    wl = wins_and_losses(places, scoring)
    return Outcome(
        players=players,
        places=places,
        points=points,
        game_points=game_points,
        pips={p: result.pips.get(p, 0) for p in players},
        wins={p: wl[p][0] for p in players},
        losses={p: wl[p][1] for p in players},
        rolloffs_needed=tuple(needed),
        result=result,
    )
