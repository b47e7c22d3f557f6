"""Ratings (Spielstärke): hand-checked Weng-Lin updates, determinism, order independence, and
the games of real tournaments of each format."""

from __future__ import annotations

import gc
import math
import random
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import played
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP, written
from tafelrunde.engine.knockout import (
    GameLost,
    KnockoutRules,
    KnockoutState,
    OpenTable,
    PayFee,
    Register,
    StepKind,
    next_steps,
)
from tafelrunde.engine.rating_games import rated_games
from tafelrunde.engine.ratings import (
    BETA,
    KAPPA,
    MU,
    SIGMA,
    TAU,
    Game,
    Ratings,
    ratings,
    shown,
)

TOL = 1e-9

# -- the model by hand (Weng & Lin 2011, Algorithm 4, Plackett-Luce) ---------------------


def closed_form(omega: Fraction, delta: Fraction) -> tuple[float, float]:
    """A first game among newcomers: every e^(mu/c) is the same, so the sums become the
    fractions `omega` and `delta` (worked out in the tests); then
    mu' = mu + sigma²/c · omega,
    sigma'² = sigma² · max(1 − (sigma/c) · sigma²/c² · delta, kappa),
    where sigma² already has tau² added and c² = 3 (sigma² + beta²)."""
    var = SIGMA**2 + TAU**2
    c = math.sqrt(3 * (var + BETA**2))
    mu = MU + var / c * float(omega)
    gamma = math.sqrt(var) / c
    sigma = math.sqrt(var) * math.sqrt(max(1 - gamma * var / c**2 * float(delta), KAPPA))
    return mu, sigma


def by_hand(players: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """One game written out: each player (mu, sigma) with a rank (equal ranks: a tie).

    c² = Σ (sigma_i² + beta²); C_q = {s: r(s) ≥ r(q)}; A_q = |{s: r(s) = r(q)}|;
    Omega_i = sigma_i²/c · Σ_{q: r(q) ≤ r(i)} (1/A_q)([q = i] − e^(mu_i/c) / Σ_{s∈C_q} e^(mu_s/c));
    Delta_i = (sigma_i/c) · sigma_i²/c² · Σ_{q: r(q) ≤ r(i)} (1/A_q) p_iq (1 − p_iq);
    mu_i += Omega_i; sigma_i² *= max(1 − Delta_i, kappa). (openskill 6.2.0 has a step meant
    to give players sharing a place the mean of their mu changes; it measures each change
    against the already updated rating, finds zero and changes nothing: the paper holds.)
    """
    var = [s * s + TAU * TAU for _, s in players]
    c = math.sqrt(sum(v + BETA * BETA for v in var))
    e = [math.exp(m / c) for m, _ in players]
    k = range(len(players))
    sums = [sum(e[s] for s in k if ranks[s] >= ranks[q]) for q in k]
    a = [sum(1 for s in k if ranks[s] == ranks[q]) for q in k]
    out = []
    for i in k:
        omega = delta = 0.0
        for q in k:
            if ranks[q] <= ranks[i]:
                p = e[i] / sums[q]
                omega += ((1.0 if q == i else 0.0) - p) / a[q]
                delta += p * (1 - p) / a[q]
        omega *= var[i] / c
        delta *= math.sqrt(var[i]) / c * var[i] / c**2
        out.append((players[i][0] + omega, math.sqrt(var[i]) * math.sqrt(max(1 - delta, KAPPA))))
    return out


def check(result: Ratings, family: str, expected: dict[str, tuple[float, float]]) -> None:
    """Compare mu and sigma of each person with the hand-computed values."""
    for person, (mu, sigma) in expected.items():
        got = result.get(person, family)
        assert got is not None
        assert got.mu == pytest.approx(mu, abs=TOL, rel=0)
        assert got.sigma == pytest.approx(sigma, abs=TOL, rel=0)


def test_the_model_parameters_are_fixed() -> None:
    assert (MU, SIGMA, BETA, TAU, KAPPA) == (25.0, 25.0 / 3.0, 25.0 / 6.0, 25.0 / 300.0, 0.0001)


def test_three_distinct_places_match_the_paper() -> None:
    # game 1, newcomers a 1st, b 2nd, c 3rd; every p is 1/|C_q|: q=1: 1/3, q=2: 1/2, q=3: 1
    # Omega: a (1 − 1/3) = 2/3; b −1/3 + (1 − 1/2) = 1/6; c −1/3 − 1/2 + (1 − 1) = −5/6
    # Delta: a (1/3)(2/3) = 2/9; b 2/9 + (1/2)(1/2) = 17/36; c 17/36 + 1·0 = 17/36
    first = {
        "a": closed_form(Fraction(2, 3), Fraction(2, 9)),
        "b": closed_form(Fraction(1, 6), Fraction(17, 36)),
        "c": closed_form(Fraction(-5, 6), Fraction(17, 36)),
    }
    g1 = Game("2026-01-01", "alhambra", {"a": 1, "b": 2, "c": 3})
    check(ratings([g1]), "alhambra", first)
    # game 2: c wins, a second, b third; from the ratings after game 1
    g2 = Game("2026-01-02", "alhambra", {"c": 1, "a": 2, "b": 3})
    after = by_hand([first["c"], first["a"], first["b"]], [1, 2, 3])
    check(ratings([g2, g1]), "alhambra", dict(zip("cab", after, strict=True)))


def test_a_tie_matches_the_paper() -> None:
    # game 1, newcomers a and b share place 1, c 3rd: A = 2 for the pair, p = 1/3 there,
    # for c alone p = 1. Omega: a, b (1/2)(1 − 1/3) + (1/2)(−1/3) = 1/6; c 2·(1/2)(−1/3) = −1/3
    # Delta: a, b 2·(1/2)(1/3)(2/3) = 2/9; c 2/9 + 1·0 = 2/9
    first = {
        "a": closed_form(Fraction(1, 6), Fraction(2, 9)),
        "b": closed_form(Fraction(1, 6), Fraction(2, 9)),
        "c": closed_form(Fraction(-1, 3), Fraction(2, 9)),
    }
    g1 = Game("1", "king-lui", {"a": 1, "b": 1, "c": 3})
    check(ratings([g1]), "king-lui", first)
    # game 2 between persons of different strength: c and a share place 1, b is last
    g2 = Game("2", "king-lui", {"b": 3, "c": 1, "a": 1})
    before = [first["a"], first["c"], first["b"]]
    after = by_hand(before, [1, 1, 3])
    result = ratings([g1, g2])
    check(result, "king-lui", dict(zip("acb", after, strict=True)))
    # as in the paper, the weaker of two tied players gains more (no averaging of the changes)
    a, c = result.get("a", "king-lui"), result.get("c", "king-lui")
    assert a is not None and c is not None
    assert c.mu - first["c"][0] > a.mu - first["a"][0] + 1e-3


def test_four_players_with_two_ties_match_the_hand_computation() -> None:
    g1 = Game("1", "schocken", {"a": 1, "b": 2, "c": 3, "d": 4})
    g2 = Game("2", "schocken", {"a": 3, "b": 1, "c": 1, "d": 3})
    one = by_hand([(MU, SIGMA)] * 4, [1, 2, 3, 4])
    two = by_hand(one, [3, 1, 1, 3])
    check(ratings([g1, g2]), "schocken", dict(zip("abcd", two, strict=True)))


# -- properties ---------------------------------------------------------------------------

PERSONS = [f"p{i}" for i in range(8)]


@st.composite
def games(draw: st.DrawFn, families: tuple[str, ...] = ("alhambra", "schocken")) -> list[Game]:
    """A few games of 2–4 persons out of 8, random places (ties included), distinct keys."""
    count = draw(st.integers(1, 12))
    out = []
    for k in range(count):
        persons = draw(st.lists(st.sampled_from(PERSONS), min_size=2, max_size=4, unique=True))
        places = {p: draw(st.integers(1, len(persons))) for p in persons}
        family = draw(st.sampled_from(families))
        out.append(Game(f"2026-02-{k + 1:02d}", family, places, tiebreak=f"t{k}"))
    return out


def numbers(result: Ratings) -> list[tuple[str, str, float, float, int, tuple[object, ...]]]:
    """Every number of the ratings, to compare exactly."""
    return [(r.person, r.family, r.mu, r.sigma, r.games, r.history) for r in result]


@given(games(), st.randoms(use_true_random=False))
def test_recomputing_and_reordering_give_identical_numbers(
    gs: list[Game], rnd: random.Random
) -> None:
    first = numbers(ratings(gs))
    assert numbers(ratings(gs)) == first
    shuffled = []
    for g in gs:
        items = list(g.places.items())
        rnd.shuffle(items)  # the listing order of the players within a game
        shuffled.append(Game(g.key, g.family, dict(items), g.tiebreak))
    rnd.shuffle(shuffled)  # and of the games
    assert numbers(ratings(shuffled)) == first


@given(games(), st.permutations(PERSONS))
def test_the_order_of_tied_players_does_not_matter(gs: list[Game], names: list[str]) -> None:
    """Renaming the persons only changes the order in which tied players reach the model
    (the others go by place): every number stays, under the new names."""
    rename = dict(zip(PERSONS, names, strict=True))
    renamed = [
        Game(g.key, g.family, {rename[p]: v for p, v in g.places.items()}, g.tiebreak) for g in gs
    ]
    before, after = ratings(gs), ratings(renamed)
    for r in before:
        other = after.get(rename[r.person], r.family)
        assert other is not None and other.games == r.games
        assert other.mu == pytest.approx(r.mu, abs=1e-12, rel=0)
        assert other.sigma == pytest.approx(r.sigma, abs=1e-12, rel=0)


@given(games())
def test_families_are_separate_and_history_counts_every_game(gs: list[Game]) -> None:
    both = ratings(gs)
    for family in ("alhambra", "schocken"):
        alone = ratings([g for g in gs if g.family == family])
        assert numbers(alone) == [n for n in numbers(both) if n[1] == family]
    played_games = Counter((p, g.family) for g in gs for p in g.places)
    assert {(r.person, r.family): r.games for r in both} == dict(played_games)
    for r in both:
        assert len(r.history) == r.games
        assert r.history[-1].value == r.value
        assert [p.key for p in r.history] == sorted(p.key for p in r.history)


def test_the_shown_value_is_rounded_only_when_shown() -> None:
    result = ratings([Game("1", "alhambra", {"a": 1, "b": 2})])
    a = result.get("a", "alhambra")
    assert a is not None
    assert a.value == a.mu - 3 * a.sigma
    assert a.shown() == Decimal(a.value).quantize(Decimal("0.1"))
    assert (shown(1.25), shown(-1.25), shown(0.04)) == (
        Decimal("1.3"),
        Decimal("-1.3"),
        Decimal("0.0"),
    )
    assert [r.person for r in result.ranking("alhambra")] == ["a", "b"]
    assert result.families() == ["alhambra"]


def test_rating_leaves_the_cycle_collector_as_it_was() -> None:
    game = Game("1", "alhambra", {"a": 1, "b": 2})
    assert gc.isenabled()
    ratings([game])
    assert gc.isenabled()
    gc.disable()
    try:
        ratings([game])
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("family", "places", "field"),
    [
        ("", {"a": 1, "b": 2}, "family"),
        ("alhambra", {"a": 1}, "places"),
        ("alhambra", {"a": 1, "b": 0}, "places"),
        ("alhambra", {"a": 1, "b": True}, "places"),
    ],
)
def test_a_game_that_cannot_be_rated_is_refused(
    family: str, places: dict[str, int], field: str
) -> None:
    with pytest.raises(RuleError) as err:
        Game("1", family, places)
    assert err.value.field == field
    assert err.value.msg.text("de")


# -- the games of real tournaments ----------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "n"), [("gruppenmodus", 12), ("alhambra", 13), ("king-lui", 11)]
)
def test_a_to_c_give_one_game_per_table_result(preset: str, n: int) -> None:
    state = played(preset, n, seed=3)
    gs = rated_games(state, tournament="t1", key="2026-03-01", persons={"p01": "anna"})
    outcomes = [(s, key, o) for s in state.stages for key, o in sorted(s.outcomes.items())]
    assert len(gs) == len(outcomes) == sum(len(s.results) for s in state.stages)
    family = GROUP.rating_family(written(state.tournament.ruleset))
    assert family == preset
    for g, (s, (game, table), o) in zip(gs, outcomes, strict=True):
        assert g.family == family and g.key == "2026-03-01"
        assert g.tiebreak == f"t1/{s.number:04d}/{game:04d}/{table:04d}"
        expected = {("anna" if p == "p01" else f"t1:{p}"): v for p, v in o.places.items()}
        assert dict(g.places) == expected
    result = ratings(gs)
    tables = Counter(p for g in gs for p in g.places)
    assert {r.person: r.games for r in result} == dict(tables)
    assert rated_games(state, tournament="t1", key="k", family="brettspiel")[0].family == (
        "brettspiel"
    )


def test_two_players_mapped_to_one_person_at_a_table_are_refused() -> None:
    state = played("alhambra", 13, seed=3)
    st0 = state.stages[0]
    table = st0.seated(1, 1)
    with pytest.raises(RuleError) as err:
        rated_games(state, tournament="t1", key="k", persons={table[0]: "x", table[1]: "x"})
    assert err.value.field == "persons"


def knockout_played(count: int, seed: int) -> KnockoutState:
    """Format D played to its end: register and pay, open the suggested tables, random losers."""
    rng = random.Random(seed)
    state = KnockoutState(KnockoutRules())
    n, t = 0, 17 * 3600

    def add(kind: type, **fields: object) -> None:
        nonlocal n, t
        n, t = n + 1, t + 10
        state.record(kind(n=n, **{"at": t, **fields}))

    for i in range(1, count + 1):
        add(Register, player=f"p{i:03d}", at=16 * 3600 + i)
    for i in range(1, count + 1):
        add(PayFee, player=f"p{i:03d}")
    while not state.finished:
        steps = next_steps(state)
        opens = [s for s in steps if s.kind in (StepKind.OPEN_TABLE, StepKind.OPEN_GRAND_FINAL)]
        if opens:
            add(OpenTable, bracket=opens[0].bracket, players=opens[0].players)
            continue
        plays = [s for s in steps if s.kind is StepKind.PLAY_TABLE]
        step = rng.choice(plays)
        add(GameLost, table=step.table, player=rng.choice(step.players))
    return state


@pytest.mark.parametrize(("count", "seed"), [(10, 1), (17, 2)])
def test_format_d_gives_one_game_per_table(count: int, seed: int) -> None:
    state = knockout_played(count, seed)
    gs = rated_games(state, tournament="ko", key="2026-04-01")
    assert len(gs) == len(state.tables)  # all closed at the end
    for g, number in zip(gs, sorted(state.tables), strict=True):
        table = state.tables[number]
        assert g.family == "schocken" and g.tiebreak == f"ko/{number:04d}"
        size = len(table.players)
        for i, p in enumerate(table.left):  # the first to leave is last
            assert g.places[f"ko:{p}"] == size - i
        assert {g.places[f"ko:{p}"] for p in table.remaining} == {1}
    final = gs[-1]
    assert state.final_table is not None and state.winner is not None
    assert sorted(final.places.values()) == list(range(1, len(state.final_table.players) + 1))
    assert final.places[f"ko:{state.winner}"] == 1
    result = ratings(gs)
    assert sum(r.games for r in result) == sum(len(g.places) for g in gs)


def test_ratings_in_two_threads_leave_the_cycle_collector_as_it_was() -> None:
    import gc
    import threading

    from tafelrunde.engine.ratings import _collector_paused

    assert gc.isenabled()
    inside, leave = threading.Event(), threading.Event()

    def rate_slowly() -> None:
        with _collector_paused():
            inside.set()
            leave.wait(5)

    other = threading.Thread(target=rate_slowly)
    other.start()
    assert inside.wait(5)
    with _collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()  # the other rating still runs
    leave.set()
    other.join(5)
    assert gc.isenabled()


@given(st.floats(min_value=-0.0499, max_value=0.0499))
def test_a_rating_that_rounds_to_zero_is_shown_without_a_sign(value: float) -> None:
    assert str(shown(value)) == "0.0"
