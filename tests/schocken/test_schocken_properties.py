"""Properties of random legal play: lids conserved, one loser, never stuck, refusals harmless."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from schocken_play import play_out, random_move
from schocken_strategies import seats, seeds, variants

from tafelrunde.schocken.errors import RuleError
from tafelrunde.schocken.game import Game, Stage
from tafelrunde.schocken.half import Half
from tafelrunde.schocken.moves import Move, MoveKind, NextMove
from tafelrunde.schocken.table import Table
from tafelrunde.schocken.variants import Variants

pytestmark = pytest.mark.unit


@given(seats, variants, seeds)
def test_a_half_has_exactly_one_loser_and_conserves_lids(
    players: tuple[str, ...], rules: Variants, seed: int
) -> None:
    rng = random.Random(seed)
    half = Half.start(players, starter=rng.choice(players), variants=rules)
    while (prompt := half.next_move()) is not None:
        assert prompt.kinds
        half = half.play(random_move(prompt, rng))
        assert half.pot + sum(half.lids) == rules.lids
        assert all(n >= 0 for n in half.lids)
        if half.round is not None and half.pot == 0:
            assert set(half.round.players) == {p for p in players if half.lids_of(p) > 0}
    assert half.loser in players
    assert half.lids_of(half.loser) == rules.lids
    assert [p for p in players if half.lids_of(p) == rules.lids] == [half.loser]


@settings(max_examples=40)
@given(seats, variants, st.booleans(), seeds)
def test_a_game_has_exactly_one_loser(
    players: tuple[str, ...], rules: Variants, sharp: bool, seed: int
) -> None:
    game, _ = play_out(Game.start(players, variants=rules, sharp=sharp), random.Random(seed))
    assert game.loser in players and game.over
    losers = game.half_losers
    assert game.loser == losers[-1]
    if sharp:
        assert len(losers) == 1
    elif game.whitewash:
        assert losers[0] == losers[1] and game.stage is Stage.SECOND
    else:
        assert len(losers) == 3 and losers[0] != losers[1] and losers[2] in losers[:2]


def wrong_moves(prompt: NextMove, others: tuple[str, ...]) -> list[Move]:
    """Return moves that must be refused: illegal kinds and moves out of turn."""
    moves = [Move.throw(p, 6, 5, 2) for p in others if p != prompt.player]
    for kind in set(MoveKind) - prompt.kinds:
        dice = (1,) if kind is MoveKind.SET_ASIDE else (3,) * prompt.cup
        moves.append(Move(prompt.player, kind, dice))
    moves.append(Move.throw(prompt.player, *([7] * max(prompt.cup, 1))))
    return moves


@settings(max_examples=15)
@given(seats, variants, seeds)
def test_every_refused_move_leaves_the_state_unchanged(
    players: tuple[str, ...], rules: Variants, seed: int
) -> None:
    rng = random.Random(seed)
    game = Game.start(players, variants=rules)
    while (prompt := game.next_move()) is not None:
        for wrong in wrong_moves(prompt, players):
            before = game
            with pytest.raises(RuleError):
                game.play(wrong)
            assert game == before
        game = game.play(random_move(prompt, rng))
    with pytest.raises(RuleError, match="game is over"):
        game.play(Move.throw(players[0], 6, 5, 2))


@settings(max_examples=10)
@given(seats, seeds)
def test_a_table_never_gets_stuck(players: tuple[str, ...], seed: int) -> None:
    rng = random.Random(seed)
    table = Table.start(players, starter=rng.choice(players))
    for _ in range(1500):
        prompt = table.next_move()
        assert prompt.kinds
        finished = len(table.results)
        table = table.play(random_move(prompt, rng))
        assert table.game.half.pot + sum(table.game.half.lids) == 13
        if len(table.results) > finished:
            assert table.game.starter == table.results[-1].loser
            assert table.game.half.pot == 13
