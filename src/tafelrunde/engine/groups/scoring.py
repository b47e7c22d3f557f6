"""Placements from game scores, points per placement with split or roll-off ties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tafelrunde.engine.choices import RolloffLoser, Tie
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.numbers import Num, Rounding, num
from tafelrunde.engine.rule_keys import defaults
from tafelrunde.i18n import msg

_STAGE = defaults("stage")  # each default written once: in rule_keys


@dataclass(frozen=True)
class Scoring:
    """How a game at a table turns into points: tables, tie rule, rounding, normalisation."""

    points: Mapping[int, tuple[Num, ...]]
    tie: Tie = _STAGE["scoring.tie"]
    rounding: Rounding = field(default_factory=Rounding)
    rolloff_loser: RolloffLoser = _STAGE["scoring.rolloff_loser"]  # the old rule, without
    rolloff_malus: Num = _STAGE["scoring.rolloff_malus"]  # `rolloff_losers`: minus, next_place
    rolloff_losers: Mapping[int, tuple[Num, ...]] = field(default_factory=dict)
    game_point_factor: Mapping[int, Num] = field(default_factory=dict)
    game_point_rounding: Rounding = field(default_factory=Rounding)
    shared_last_is_loss: bool = _STAGE["scoring.shared_last_is_loss"]

    def table_points(self, size: int) -> tuple[Num, ...]:
        """Return the points of places 1..size at a table of this size.

        A table that lost players to withdrawals and has no points of its own uses the
        first places of the next larger table's points (as a 3-group uses places 1–3).
        """
        if size in self.points:
            return self.points[size]
        larger = [s for s in sorted(self.points) if s > size]
        if size >= 1 and larger:
            return self.points[larger[0]][:size]
        raise RuleError(
            msg("No points are defined for tables of {size}.", size=size),
            field="scoring.points",
        )

    def loser_points(self, size: int) -> tuple[Num, ...]:
        """The points of the loser of the roll-off for place 1 .. size-1 at a table of this size.

        From `rolloff_losers` (a smaller table left by withdrawals takes the first values of
        the next larger one, as the points do); without it, from the old rule.
        """
        if size in self.rolloff_losers:
            return self.rolloff_losers[size]
        larger = [s for s in sorted(self.rolloff_losers) if s > size]
        if larger:
            return self.rolloff_losers[larger[0]][: max(size - 1, 0)]
        return losers_of(self.table_points(size), self.rolloff_loser, self.rolloff_malus)


def losers_of(points: Sequence[Num], loser: RolloffLoser, malus: Num) -> tuple[Num, ...]:
    """The losers' points by the old rule: the place's points minus the malus, or the next's."""
    if loser == RolloffLoser.NEXT_PLACE:
        return tuple(points[1:])
    return tuple(num(p - malus) for p in points[:-1])


def losers_table(
    points: Mapping[int, Sequence[Num]], loser: RolloffLoser, malus: Num
) -> dict[int, tuple[Num, ...]]:
    """The old rule (`rolloff_loser`, `rolloff_malus`) as a table of losers' points per size."""
    return {size: losers_of(row, loser, malus) for size, row in points.items()}


def placements(keys: Mapping[str, Sequence[Num]]) -> dict[str, int]:
    """Rank players by their key (higher is better), competition style 1-2-2-4."""
    flat = {p: tuple(k) for p, k in keys.items()}
    ordered = sorted(flat, key=flat.__getitem__, reverse=True)
    places: dict[str, int] = {}
    prev_key: tuple[Num, ...] | None = None
    place = 0
    for i, player in enumerate(ordered, start=1):
        if flat[player] != prev_key:
            place, prev_key = i, flat[player]
        places[player] = place
    return places


def check_placements(places: Mapping[str, int]) -> None:
    """Refuse placements that are not a competition ranking (1-2-2-4)."""
    values = sorted(places.values())
    for v in values:
        count = values.count(v)
        if v != values.index(v) + 1:
            twice = msg("twice") if count > 1 else msg("wrongly")
            said = msg(
                "The placements {list} do not fit together (place {place} given {how}; "
                "after two players on place 1 comes place 3).",
                list=", ".join(map(str, values)),
                place=v,
                how=twice,
            )
            raise RuleError(said, field="places")


def tie_groups(places: Mapping[str, int]) -> list[list[str]]:
    """Return the groups of players sharing a place (only groups of two or more)."""
    by_place: dict[int, list[str]] = {}
    for player, place in places.items():
        by_place.setdefault(place, []).append(player)
    return [sorted(g) for _, g in sorted(by_place.items()) if len(g) > 1]


def split_points(places: Mapping[str, int], scoring: Scoring) -> dict[str, Num]:
    """Points per player: tied players share the points of the places they occupy, rounded."""
    table = scoring.table_points(len(places))
    counts: dict[int, int] = {}
    for place in places.values():
        counts[place] = counts.get(place, 0) + 1
    result: dict[str, Num] = {}
    for player, place in places.items():
        k = counts[place]
        if k == 1:
            result[player] = table[place - 1]
        else:
            share = Fraction(sum(table[place - 1 : place - 1 + k]), k)
            result[player] = scoring.rounding.apply(share)
    return result


def rolloff_points(
    places: Mapping[str, int], orders: Mapping[int, Sequence[str]], scoring: Scoring
) -> dict[str, Num]:
    """Points when ties are broken by roll-off: `orders[place]` lists the tied group best first."""
    table = scoring.table_points(len(places))
    losers = scoring.loser_points(len(places))
    result: dict[str, Num] = {}
    for player, place in places.items():
        group = orders.get(place)
        if group is None:
            result[player] = table[place - 1]
            continue
        j = place + list(group).index(player)
        # who ends on place j lost the roll-off for place j - 1
        result[player] = table[place - 1] if j == place else losers[j - 2]
    return result


def normalised_game_points(score: Num, table_size: int, scoring: Scoring) -> Num:
    """Scale a game score made at a table of this size (e.g. ×0.75 floored, ×4/3 exact)."""
    factor = scoring.game_point_factor.get(table_size)
    if factor is None:
        return score
    return scoring.game_point_rounding.apply(score * factor)


def wins_and_losses(places: Mapping[str, int], scoring: Scoring) -> dict[str, tuple[int, int]]:
    """Whether each player won (first place) and lost (last place) this game."""
    last = max(places.values())
    n_last = sum(1 for p in places.values() if p == last)
    out: dict[str, tuple[int, int]] = {}
    for player, place in places.items():
        lost = place == last > 1 and (scoring.shared_last_is_loss or n_last == 1)
        out[player] = (int(place == 1), int(lost))
    return out
