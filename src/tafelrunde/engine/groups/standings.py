"""Standings: rank players by an ordered list of criteria into a strict order."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.numbers import Num
from tafelrunde.i18n import Text, msg

VALUE_KEYS = ("points", "game_points", "pips", "wins", "losses", "table_place", "rank")
ORDER_KEYS = ("rolloff", "lot")
ASCENDING = ("losses", "table_place", "rank")  # fewer is better
SCOPES = ("stage", "earlier", "all")

LABELS = {
    "points": msg("points"),
    "game_points": msg("game points"),
    "pips": msg("pips"),
    "wins": msg("wins"),
    "losses": msg("losses"),
    "table_place": msg("table place"),
    "rank": msg("rank"),
    "rolloff": msg("roll-off"),
    "lot": msg("lot"),
}


@dataclass(frozen=True)
class Criterion:
    """One ranking criterion: a value compared in a scope, or an order-giving roll-off or lot."""

    key: str
    scope: str = "stage"
    name: str = ""

    @classmethod
    def parse(cls, text: str, *, field: str) -> Criterion:
        """Read 'points', 'points@earlier', 'rank@vorrunde', 'rolloff:erzherzog' or 'lot'."""
        key, _, name = text.partition(":")
        key, _, scope = key.partition("@")
        key, scope, name = key.strip(), scope.strip() or "stage", name.strip()
        if key not in VALUE_KEYS + ORDER_KEYS:
            known = ", ".join(VALUE_KEYS + ORDER_KEYS)
            raise RuleError(
                msg("Unknown criterion '{text}'; known: {known}.", text=text, known=known),
                field=field,
            )
        if key == "rolloff" and not name:
            raise RuleError(msg("A roll-off needs a name, e.g. 'rolloff:erzherzog'."), field=field)
        if key == "rank" and scope in SCOPES:
            raise RuleError(msg("'rank' needs the stage, e.g. 'rank@vorrunde'."), field=field)
        return cls(key, scope, name)

    @property
    def orders(self) -> bool:
        """Say whether this criterion orders a tied group itself (roll-off, lot)."""
        return self.key in ORDER_KEYS

    def label(self, name: Text | None = None) -> Text:
        """Name the criterion for people (its value under another `name`, e.g. 'Siegpunkte')."""
        text = name or (self.name.capitalize() if self.key == "rolloff" else LABELS[self.key])
        if self.key == "rank" or self.scope not in SCOPES:
            return msg("{criterion} ({scope})", criterion=text, scope=self.scope)
        if self.scope == "earlier":
            return msg("{criterion} (earlier stages)", criterion=text)
        if self.scope == "all":
            return msg("{criterion} (all stages)", criterion=text)
        return text

    def __str__(self) -> str:
        text = self.key if self.scope == "stage" else f"{self.key}@{self.scope}"
        return f"{text}:{self.name}" if self.name else text


@dataclass(frozen=True)
class Row:
    """One line of a standing: strict rank, the values compared, and what decided the place."""

    rank: int
    player: str
    values: tuple[Num | None, ...]
    decided_by: Criterion | None
    pending: bool = False


@dataclass(frozen=True)
class Standing:
    """A strict order of players with the criteria used."""

    criteria: tuple[Criterion, ...]
    rows: tuple[Row, ...]
    ties: tuple[tuple[Criterion, tuple[str, ...]], ...] = ()

    def order(self) -> list[str]:
        """Return the players best first."""
        return [r.player for r in self.rows]

    def rank_of(self) -> dict[str, int]:
        """Map each player to his rank."""
        return {r.player: r.rank for r in self.rows}

    @property
    def pending(self) -> bool:
        """Say whether a roll-off is still missing."""
        return any(r.pending for r in self.rows)


ValueOf = Callable[[Criterion, str], Num | None]
OrderOf = Callable[[Criterion, Sequence[str]], Sequence[str] | None]


def lot_order(players: Sequence[str], *, seed: int, context: str) -> list[str]:
    """Draw a reproducible lot among players from the seed and what it decides."""
    ordered = sorted(players)
    random.Random(f"{seed}:{context}:{','.join(ordered)}").shuffle(ordered)
    return ordered


def _sort_value(criterion: Criterion, value: Num | None) -> Num:
    """Turn a value into a key where larger is better; missing ranks last."""
    if value is None:
        return -(10**12)
    return -value if criterion.key in ASCENDING else value


def rank_players(
    players: Sequence[str],
    criteria: Sequence[Criterion],
    value_of: ValueOf,
    order_of: OrderOf,
    *,
    lot_seed: int,
    context: str,
    matters: Callable[[int, int], bool] | None = None,
    absent: Collection[str] = frozenset(),
    absent_last: bool = False,
) -> Standing:
    """Rank players strictly; ties left after the criteria go to the order-giving ones or a lot.

    `matters(first, last)` says whether a tie over those positions needs its roll-off;
    a tie that decides nothing is ordered by lot instead. Positions count the players who
    are not `absent` (withdrawn): an absent player cannot roll off, so on equal values
    the present players come first, and a tie among absent players goes to the lot. With
    `absent_last` the absent players follow every present player.
    """
    value_criteria = [c for c in criteria if not c.orders]
    order_criteria = [c for c in criteria if c.orders] or [Criterion("lot")]
    table = {p: tuple(value_of(c, p) for c in value_criteria) for p in players}
    keys = {
        p: tuple(_sort_value(c, v) for c, v in zip(value_criteria, table[p], strict=True))
        for p in players
    }
    here = {p: int(p not in absent) for p in players}
    rank_key = {p: ((here[p], *keys[p]) if absent_last else (*keys[p], here[p])) for p in players}
    ordered = sorted(players, key=lambda p: rank_key[p], reverse=True)
    rows: list[Row] = []
    ties: list[tuple[Criterion, tuple[str, ...]]] = []
    i = counted = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and rank_key[ordered[j + 1]] == rank_key[ordered[i]]:
            j += 1
        group = ordered[i : j + 1]
        decider: Criterion | None = None
        pending = False
        first = counted
        counted += len(group) * here[group[0]]
        if len(group) > 1:
            needed = here[group[0]] == 1 and (matters is None or matters(first, counted - 1))
            group, decider, pending = _break_tie(
                group,
                order_criteria if needed else [Criterion("lot")],
                order_of,
                lot_seed=lot_seed,
                context=context,
            )
            ties.append((decider, tuple(sorted(group))))
        for k, player in enumerate(group):
            pos = i + k
            if k > 0:
                by = decider
            elif pos > 0:
                by = _first_difference(value_criteria, keys[ordered[pos - 1]], keys[player])
            else:
                by = None
            rows.append(Row(pos + 1, player, table[player], by, pending))
        i = j + 1
    return Standing(tuple(value_criteria + order_criteria[:1]), tuple(rows), tuple(ties))


def _first_difference(
    criteria: Sequence[Criterion], above: tuple[Num, ...], here: tuple[Num, ...]
) -> Criterion | None:
    """Return the first criterion on which two neighbours differ."""
    for c, a, b in zip(criteria, above, here, strict=True):
        if a != b:
            return c
    return None


def _break_tie(
    group: list[str],
    order_criteria: Sequence[Criterion],
    order_of: OrderOf,
    *,
    lot_seed: int,
    context: str,
) -> tuple[list[str], Criterion, bool]:
    """Order a tied group by the first roll-off or lot that gives an order."""
    for criterion in order_criteria:
        if criterion.key == "lot":
            return lot_order(group, seed=lot_seed, context=context), criterion, False
        order = order_of(criterion, group)
        if order is not None:
            if sorted(order) != sorted(group):
                raise RuleError(
                    msg("The roll-off does not match the tied players."), field="rolloff"
                )
            return list(order), criterion, False
    return sorted(group), order_criteria[0], True


def values_table(standing: Standing) -> Mapping[str, tuple[Num | None, ...]]:
    """Map each player to the values compared."""
    return {r.player: r.values for r in standing.rows}
