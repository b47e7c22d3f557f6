"""Table plans: formats.md, "Common building blocks" → "Table sizes"."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import PREFER_3_AT_MOST_TWO_4, PREFER_4_ALLOW_3, seed_table_rules, table_rules
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.tables import TableRule, feasible, plan_tables

pytestmark = pytest.mark.unit


# -- the numbers of the spec ----------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (13, (4, 3, 3, 3)),
        (14, (4, 4, 3, 3)),
        (15, (4, 4, 4, 3)),
        (16, (4, 4, 4, 4)),
        (3, (3,)),
        (4, (4,)),
        (6, (3, 3)),
        (9, (3, 3, 3)),
    ],
)
def test_prefer_4_allow_3(n: int, sizes: tuple[int, ...]) -> None:
    plan = plan_tables(n, PREFER_4_ALLOW_3)
    assert sorted(plan.sizes, reverse=True) == list(sizes)
    assert plan.players == n
    assert len(plan) == len(sizes)


def test_default_rule_is_prefer_4_allow_3() -> None:
    assert plan_tables(13).sizes == plan_tables(13, PREFER_4_ALLOW_3).sizes


@pytest.mark.parametrize(
    ("n", "threes", "fours"),
    [(28, 8, 1), (29, 7, 2), (27, 9, 0), (30, 10, 0), (4, 0, 1), (8, 0, 2), (11, 1, 2)],
)
def test_prefer_3_at_most_two_4(n: int, threes: int, fours: int) -> None:
    counts = Counter(plan_tables(n, PREFER_3_AT_MOST_TWO_4).sizes)
    assert counts == Counter({3: threes, 4: fours}) - Counter()


@pytest.mark.parametrize("rule", [PREFER_4_ALLOW_3, PREFER_3_AT_MOST_TWO_4])
@pytest.mark.parametrize("n", [5, 2, 1, 0])
def test_unseatable_numbers_are_a_clear_error_naming_what_works(rule: TableRule, n: int) -> None:
    with pytest.raises(RuleError) as info:
        plan_tables(n, rule)
    err = info.value
    assert err.field == "players"
    for text in (err.text("de"), err.text("en")):
        assert str(n) in text
        # The numbers that work: 3, 4, then 6 and everything above.
        assert "3, 4, 6+" in text
    assert not feasible(n, rule)


# -- properties -----------------------------------------------------------------------


def brute_force_fewest_others(n: int, rule: TableRule) -> int | None:
    """Fewest tables of a non-preferred size that seat exactly n, by trying every mix."""
    others = [s for s in rule.allow if s != rule.prefer]
    cap = rule.max_other if rule.max_other is not None else n
    best: int | None = None
    for counts in product(*(range(n // s + 1) for s in others)):
        used = sum(c * s for c, s in zip(counts, others, strict=True))
        rest = n - used
        if sum(counts) > cap or rest < 0 or rest % rule.prefer:
            continue
        if best is None or sum(counts) < best:
            best = sum(counts)
    return best


def check_plan(n: int, rule: TableRule) -> tuple[int, ...] | None:
    """Plan n players and check what any plan must satisfy; None when refused."""
    try:
        sizes = plan_tables(n, rule).sizes
    except RuleError as err:
        assert err.field == "players"
        return None
    allowed = {rule.prefer, *rule.allow}
    assert all(s in allowed for s in sizes)
    assert sum(sizes) == n
    others = sum(1 for s in sizes if s != rule.prefer)
    if rule.max_other is not None:
        assert others <= rule.max_other
    return sizes


@given(n=st.integers(1, 500), rule=seed_table_rules)
def test_any_plan_is_allowed_sums_up_and_respects_the_cap(n: int, rule: TableRule) -> None:
    sizes = check_plan(n, rule)
    assert (sizes is None) == (n in (1, 2, 5))


@given(n=st.integers(0, 60), rule=seed_table_rules)
def test_fewest_non_preferred_tables_as_a_brute_force_finds(n: int, rule: TableRule) -> None:
    best = brute_force_fewest_others(n, rule) if n > 0 else None
    sizes = check_plan(n, rule)
    if best is None:
        assert sizes is None
    else:
        assert sizes is not None
        assert sum(1 for s in sizes if s != rule.prefer) == best


@given(n=st.integers(1, 40), rule=table_rules())
def test_any_rule_plans_with_fewest_other_tables(n: int, rule: TableRule) -> None:
    best = brute_force_fewest_others(n, rule)
    sizes = check_plan(n, rule)
    assert (sizes is None) == (best is None)
    assert feasible(n, rule) == (best is not None)
    if sizes is not None:
        assert sum(1 for s in sizes if s != rule.prefer) == best


@given(n=st.integers(1, 200), rule=seed_table_rules)
def test_plans_list_the_preferred_size_first(n: int, rule: TableRule) -> None:
    sizes = check_plan(n, rule)
    if sizes:
        preferred = [s == rule.prefer for s in sizes]
        assert preferred == sorted(preferred, reverse=True)


# -- the error message names exactly the numbers that work ---------------------------


def claimed_numbers(rule: TableRule, n: int) -> tuple[set[int], int | None]:
    """Read 'possible: 3, 4, 6+ players' from the message for n: listed numbers and 'k+'."""
    with pytest.raises(RuleError) as info:
        plan_tables(n, rule)
    text = info.value.text("en").split("possible:")[1].replace("players.", "")
    listed: set[int] = set()
    plus = None
    for part in (p.strip() for p in text.split(",")):
        if part.endswith("+"):
            plus = int(part[:-1])
        elif part:
            listed.add(int(part))
    return listed, plus


@pytest.mark.parametrize("rule", [PREFER_4_ALLOW_3, PREFER_3_AT_MOST_TWO_4, TableRule(4, ())])
def test_the_message_claims_only_numbers_that_work(rule: TableRule) -> None:
    listed, plus = claimed_numbers(rule, 5 if rule.allow else 6)
    claimed = listed | (set(range(plus, 201)) if plus else set())
    assert all(feasible(n, rule) for n in claimed)
    assert {n for n in range(1, 61) if feasible(n, rule)} <= claimed


def test_the_message_claims_only_numbers_that_work_with_a_cap() -> None:
    rule = TableRule(prefer=4, allow=(3,), max_other=2)
    listed, plus = claimed_numbers(rule, 5)
    claimed = listed | (set(range(plus, 201)) if plus else set())
    wrong = sorted(n for n in claimed if not feasible(n, rule))
    assert wrong == []
