"""Table plans: split N players into tables of allowed sizes under a preference."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.rule_keys import defaults
from tafelrunde.i18n import msg

_STAGE = defaults("stage")  # each default written once: in rule_keys


@dataclass(frozen=True)
class TableRule:
    """Preferred table size, other allowed sizes and at most how many tables of them."""

    prefer: int = _STAGE["tables.prefer"]
    allow: tuple[int, ...] = _STAGE["tables.allow"]
    max_other: int | None = _STAGE["tables.max_other"]

    def sizes(self) -> tuple[int, ...]:
        """Return every allowed size, the preferred one first."""
        return (self.prefer, *(s for s in self.allow if s != self.prefer))


@dataclass(frozen=True)
class TablePlan:
    """How many players sit at each table, preferred size first."""

    sizes: tuple[int, ...]
    rule: TableRule = field(default_factory=TableRule)

    @property
    def players(self) -> int:
        """Return the number of seats."""
        return sum(self.sizes)

    def __len__(self) -> int:
        return len(self.sizes)


def _other_counts(rule: TableRule, cap: int) -> list[tuple[int, ...]]:
    """Every count of other-size tables with at most min(cap, prefer - 1) tables in all.

    More tables are never needed: among `prefer` or more of them some subset has a size
    sum divisible by `prefer`, and preferred tables can take its players instead.
    """
    others = [s for s in rule.sizes()[1:] if s > 0]
    found: list[tuple[int, ...]] = []
    for total in range(min(cap, rule.prefer - 1) + 1):
        for pick in combinations_with_replacement(range(len(others)), total):
            found.append(tuple(pick.count(i) for i in range(len(others))))
    return found


@cache
def _best_counts(n: int, rule: TableRule) -> tuple[int, ...] | None:
    """Return the count per other size that seats n with fewest other tables, or None."""
    others = [s for s in rule.sizes()[1:] if s > 0]
    cap = rule.max_other if rule.max_other is not None else n
    best: tuple[int, int, tuple[int, ...]] | None = None
    for counts in _other_counts(rule, cap):
        used = sum(c * s for c, s in zip(counts, others, strict=True))
        if used > n or (n - used) % rule.prefer:
            continue
        spread = sum(c * abs(s - rule.prefer) for c, s in zip(counts, others, strict=True))
        key = (sum(counts), spread, counts)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]


def feasible(n: int, rule: TableRule) -> bool:
    """Say whether n players can be seated under the rule."""
    return n > 0 and _best_counts(n, rule) is not None


def _all_from(rule: TableRule) -> int | None:
    """Return the number from which every count can be seated, or None if gaps never end."""
    others = [s for s in rule.sizes()[1:] if s > 0]
    cap = rule.max_other if rule.max_other is not None else rule.prefer
    least: dict[int, int] = {}
    for counts in _other_counts(rule, cap):
        total = sum(c * s for c, s in zip(counts, others, strict=True))
        r = total % rule.prefer
        least[r] = min(least.get(r, total), total)
    if len(least) < rule.prefer:
        return None
    start = max(max(least.values()), 1)
    while start > 1 and feasible(start - 1, rule):
        start -= 1
    return start


def working_numbers(rule: TableRule, upto: int = 60) -> str:
    """Describe which player counts can be seated, e.g. '3, 4, 6+'."""
    start = _all_from(rule)
    limit = upto if start is None else start - 1
    listed = [str(n) for n in range(1, limit + 1) if feasible(n, rule)]
    return ", ".join(listed + ([f"{start}+"] if start is not None else []))


def plan_tables(n: int, rule: TableRule | None = None) -> TablePlan:
    """Split n players into tables: the preferred size as often as possible."""
    rule = rule or TableRule()
    counts = _best_counts(n, rule) if n > 0 else None
    if counts is None:
        sizes = ", ".join(str(s) for s in sorted(rule.sizes()))
        works = working_numbers(rule)
        raise RuleError(
            msg(
                "{n} players cannot be seated at tables of sizes {sizes}; "
                "possible: {works} players.",
                n=n,
                sizes=sizes,
                works=works,
            ),
            field="players",
        )
    others = [s for s in rule.sizes()[1:] if s > 0]
    extra = [s for c, s in zip(counts, others, strict=True) for _ in range(c)]
    n_pref = (n - sum(extra)) // rule.prefer
    return TablePlan(tuple([rule.prefer] * n_pref + sorted(extra, reverse=True)), rule)
