"""Stored and constructed designs: every round seats everybody at tables of 4, no pair twice."""

from __future__ import annotations

from importlib.resources import files
from itertools import combinations

import pytest

from tafelrunde.engine.groups.designs import (
    Design,
    affine_geometry,
    best_design,
    check_design,
    parse_design,
    stored_designs,
    transversal_design,
)
from tafelrunde.engine.groups.draws import draw_games, repeated_pairs
from tafelrunde.engine.tables import TableRule

pytestmark = pytest.mark.unit

# Social Golfer targets: players -> repeat-free games the engine must reach.
TARGETS = {16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 40: 13}


def _verify(design: Design, players: int) -> None:
    """Assert what check_design checks, independently of it."""
    met: set[tuple[int, int]] = set()
    for round_ in design:
        assert sorted(p for table in round_ for p in table) == list(range(players))
        assert all(len(table) == 4 for table in round_)
        for table in round_:
            for pair in combinations(sorted(table), 2):
                assert pair not in met
                met.add(pair)


@pytest.mark.parametrize("name", sorted(stored_designs()))
def test_each_stored_design_is_repeat_free(name: str) -> None:
    design = stored_designs()[name]
    players = 4 * len(design[0])
    _verify(design, players)
    assert f"_{players}x{len(design)}." in name  # the file name tells players x rounds


def test_stored_designs_cover_the_harder_targets() -> None:
    sizes = {4 * len(d[0]): len(d) for d in stored_designs().values()}
    assert sizes[24] == 7
    assert sizes[28] == 9
    assert sizes[32] == 10
    assert sizes[40] == 13


@pytest.mark.parametrize(("dimension", "rounds"), [(2, 5), (3, 21)])
def test_affine_geometry_over_gf4(dimension: int, rounds: int) -> None:
    design = affine_geometry(dimension)
    assert len(design) == rounds
    _verify(design, 4**dimension)


@pytest.mark.parametrize("prime", [5, 7, 11, 13])
def test_transversal_design_gives_prime_rounds(prime: int) -> None:
    design = transversal_design(prime)
    assert len(design) == prime
    _verify(design, 4 * prime)


@pytest.mark.parametrize(("players", "games"), sorted(TARGETS.items()))
def test_best_design_reaches_each_target(players: int, games: int) -> None:
    design = best_design(players)
    assert design is not None
    assert len(design) >= games
    _verify(design, players)


@pytest.mark.parametrize(("players", "games"), sorted(TARGETS.items()))
def test_draw_games_reaches_each_target_without_repeats(players: int, games: int) -> None:
    names = [f"P{i:02d}" for i in range(players)]
    schedule = draw_games(names, games, TableRule(), seed=11)
    assert len(schedule) == games
    assert repeated_pairs(schedule) == 0
    for game in schedule:
        assert sorted(p for t in game for p in t) == sorted(names)
        assert all(len(t) == 4 for t in game)


def test_seeds_relabel_the_design() -> None:
    names = [f"P{i:02d}" for i in range(32)]
    first = draw_games(names, 10, TableRule(), seed=1)
    second = draw_games(names, 10, TableRule(), seed=2)
    assert first != second
    assert repeated_pairs(first) == repeated_pairs(second) == 0


def test_check_design_rejects_a_repeat_and_a_missing_player() -> None:
    with pytest.raises(ValueError, match="meet twice"):
        check_design(((((0, 1, 2, 3), (4, 5, 6, 7)), ((0, 1, 4, 5), (2, 3, 6, 7)))), 8)
    with pytest.raises(ValueError, match="does not seat"):
        check_design((((0, 1, 2, 3), (4, 5, 6, 8)),), 8)


def test_parse_design_skips_comments() -> None:
    text = "# two tables\n0 1 2 3 | 4 5 6 7  # round one\n\n"
    assert parse_design(text) == (((0, 1, 2, 3), (4, 5, 6, 7)),)


def test_no_design_for_counts_without_one() -> None:
    assert best_design(12) is None
    assert best_design(30) is None


@pytest.mark.parametrize("players", [24, 28, 40])
def test_cyclic_designs_develop_from_their_stated_base_round(players: int) -> None:
    # The file header states the base round the design was developed from; redo it.
    (name,) = [n for n in stored_designs() if n.startswith(f"social_golfer_{players}x")]
    text = (files("tafelrunde.engine.groups.designs") / name).read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if line.startswith("# Base round"))
    modulus = len(stored_designs()[name])
    fixed = players - 3 * modulus
    base = [
        [tuple(int(v) for v in point.split(",")) for point in table.split()]
        for table in header.split(": ", 1)[1].split("|")
    ]
    developed = set()
    for shift in range(modulus):
        round_ = []
        for i, table in enumerate(base):
            seats = [level * modulus + (x + shift) % modulus for x, level in table]
            if i < fixed:
                seats.append(3 * modulus + i)
            round_.append(tuple(sorted(seats)))
        developed.add(tuple(sorted(round_)))
    stored = {tuple(sorted(tuple(sorted(t)) for t in r)) for r in stored_designs()[name]}
    assert developed == stored
