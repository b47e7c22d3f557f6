"""Hypothesis strategies shared by every property test (one module, reused everywhere)."""

from __future__ import annotations

import string
from decimal import Decimal
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from tafelrunde.engine.groups.scoring import Scoring
from tafelrunde.engine.groups.standings import ASCENDING, VALUE_KEYS, Criterion
from tafelrunde.engine.numbers import Num, Rounding
from tafelrunde.engine.tables import TableRule

# -- table rules ----------------------------------------------------------------------

PREFER_4_ALLOW_3 = TableRule(prefer=4, allow=(3,))
PREFER_3_AT_MOST_TWO_4 = TableRule(prefer=3, allow=(4,), max_other=2)
SEED_TABLE_RULES = (PREFER_4_ALLOW_3, PREFER_3_AT_MOST_TWO_4)

seed_table_rules = st.sampled_from(SEED_TABLE_RULES)


@st.composite
def table_rules(draw: st.DrawFn) -> TableRule:
    """Any table rule: a preferred size 2..6, other sizes from 2..6, maybe a cap on them."""
    prefer = draw(st.integers(2, 6))
    allow = draw(st.lists(st.integers(2, 6).filter(lambda s: s != prefer), unique=True, max_size=2))
    max_other = draw(st.none() | st.integers(0, 3))
    return TableRule(prefer=prefer, allow=tuple(allow), max_other=max_other)


# -- players --------------------------------------------------------------------------


def player_ids(min_size: int = 1, max_size: int = 12) -> st.SearchStrategy[list[str]]:
    """Distinct player ids (short words, any order)."""
    word = st.text(alphabet=string.ascii_letters + string.digits, min_size=1, max_size=5)
    return st.lists(word, min_size=min_size, max_size=max_size, unique=True)


def game_scores(players: list[str], *, high: int = 3) -> st.SearchStrategy[dict[str, int]]:
    """Scores of one game from a tiny range, so that ties are frequent."""
    return st.fixed_dictionaries({p: st.integers(0, high) for p in players})


@st.composite
def table_scores(draw: st.DrawFn, sizes: tuple[int, ...] = (3, 4)) -> dict[str, int]:
    """One table's scores: 3 or 4 players (or the sizes given), with many ties."""
    n = draw(st.sampled_from(sizes))
    return draw(game_scores([f"s{i}" for i in range(1, n + 1)]))


# -- exact numbers and scoring --------------------------------------------------------

fractions = st.fractions(min_value=0, max_value=20, max_denominator=12)
steps = st.sampled_from([Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), 1, 2])
roundings = st.builds(Rounding, mode=st.sampled_from(["none", "floor", "half_up"]), step=steps)
floor_roundings = st.builds(Rounding, mode=st.just("floor"), step=steps)


def points_table(size: int) -> st.SearchStrategy[tuple[Num, ...]]:
    """Points of places 1..size: exact, not negative, never more for a worse place."""
    return st.lists(fractions, min_size=size, max_size=size).map(
        lambda xs: tuple(sorted(xs, reverse=True))
    )


@st.composite
def split_scorings(draw: st.DrawFn, rounding: st.SearchStrategy[Rounding] = roundings) -> Scoring:
    """A split-tie scoring with points for 3- and 4-tables and some rounding rule."""
    return Scoring(
        points={3: draw(points_table(3)), 4: draw(points_table(4))},
        tie="split",
        rounding=draw(rounding),
    )


# -- standings ------------------------------------------------------------------------

value_criteria = st.sampled_from(VALUE_KEYS).map(Criterion)


@st.composite
def criteria_lists(draw: st.DrawFn) -> tuple[Criterion, ...]:
    """An ordered list of 0..4 distinct value criteria, then a lot or a named roll-off."""
    keys = draw(st.permutations(VALUE_KEYS))
    chosen = [Criterion(k) for k in keys[: draw(st.sampled_from([0, 1, 1, 2, 2, 3, 4]))]]
    last = draw(st.sampled_from([Criterion("lot"), Criterion("rolloff", name="erzherzog")]))
    return (*chosen, last)


def criterion_values(
    players: list[str], criteria: tuple[Criterion, ...]
) -> st.SearchStrategy[dict[tuple[str, str], Num | None]]:
    """Values per (criterion key, player) from a tiny range (many ties), sometimes missing."""
    small = st.sampled_from([0, 1, 1, 2, Fraction(1, 2), None])
    return st.fixed_dictionaries(
        {(c.key, p): small for c in criteria if not c.orders for p in players}
    )


def sort_key(criteria: tuple[Criterion, ...], values: tuple[Num | None, ...]) -> tuple[Num, ...]:
    """What the spec means by 'better': larger first, except fewer losses/table place/rank.

    A missing value is worse than any present value.
    """
    out: list[Num] = []
    for c, v in zip(criteria, values, strict=True):
        if v is None:
            out.append(-(10**15))
        else:
            out.append(-v if c.key in ASCENDING else v)
    return tuple(out)


seeds = st.integers(0, 2**31 - 1)


# -- the rules as a form ------------------------------------------------------------------

_LINE = st.characters(blacklist_categories=("Cc", "Cs", "Cf"))  # one printable line


def _fractions(
    low: Fraction = Fraction(-100), high: Fraction = Fraction(100)
) -> st.SearchStrategy[Num]:
    """Exact numbers as a person types them: whole ones stay int."""
    return st.fractions(low, high, max_denominator=40).map(num_of)


def num_of(value: Fraction) -> Num:
    """A whole fraction as int, the rest as it is."""
    return value.numerator if value.denominator == 1 else value


@st.composite
def _points(draw: st.DrawFn, shown: list[int], fewer: int = 0) -> dict[int, tuple[Num, ...]]:
    """Points per place for the table sizes shown (and maybe others): better places never less
    (`fewer`: one value fewer per size, as the losers of the roll-offs for places 1 .. n-1)."""
    sizes = shown + draw(st.lists(st.integers(2, 8), max_size=2, unique=True))
    table: dict[int, tuple[Num, ...]] = {}
    for size in dict.fromkeys(sizes):
        n = size - fewer
        row = draw(st.lists(_fractions(Fraction(0), Fraction(20)), min_size=n, max_size=n))
        table[size] = tuple(sorted(row, reverse=True))
    return table


def form_value(param: Any) -> st.SearchStrategy[Any]:
    """A value of a rules form parameter's kind, within its bounds (the ruleset may still refuse
    it where parameters depend on each other)."""
    kind = param.kind
    some: st.SearchStrategy[Any]
    if kind == "whole":
        some = st.integers(int(param.low or 0), int(param.high if param.high is not None else 99))
    elif kind == "number":
        some = _fractions()
    elif kind == "money":
        some = st.integers(0, 1_000_000).map(lambda cents: Decimal(cents) / 100)
    elif kind == "time":
        some = st.integers(0, 24 * 60 - 1).map(lambda minutes: minutes * 60)
    elif kind == "choice":
        some = st.sampled_from([value for value, _ in param.options])
    elif kind == "flag":
        some = st.booleans()
    elif kind == "sizes":
        some = st.lists(st.integers(2, 8), unique=True, max_size=3).map(tuple)
    elif kind == "points":
        some = _points([int(size) for size, _ in param.options])
    elif kind == "losers":
        some = _points([int(size) for size, _ in param.options], 1)
    elif kind == "factors":
        some = st.dictionaries(st.integers(2, 8), _fractions(Fraction(1, 10), Fraction(4)))
    elif kind == "criteria":
        words = [value for value, _ in param.options]
        some = st.lists(st.sampled_from(words), min_size=1, max_size=param.slots, unique=True)
        some = some.map(tuple)
    elif kind == "line":
        some = st.text(_LINE, max_size=30)
    elif kind == "text":
        some = st.text(st.one_of(_LINE, st.just("\n")), max_size=60)
    else:  # lines
        line = st.text(_LINE, min_size=1, max_size=20).map(str.strip).filter(bool)
        some = st.lists(line, max_size=6).map(tuple)
    return st.none() | some if param.optional else some
