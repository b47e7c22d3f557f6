"""Drive a format-D tournament in tests: an organiser who records facts and plays randomly."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import pytest

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    GameLost,
    KnockoutRules,
    KnockoutState,
    OpenTable,
    PayFee,
    Register,
    Status,
    Step,
    StepKind,
    next_steps,
)
from tafelrunde.engine.knockout.facts import KnockoutFact, KoFact

START = 17 * 3600


class Organiser:
    """Record facts with increasing numbers and times (seconds of the day)."""

    def __init__(self, rules: KnockoutRules | None = None) -> None:
        self.state = KnockoutState(rules or KnockoutRules())
        self.n = 0
        self.t = 16 * 3600 + 31 * 60

    def fact(self, kind: type[KoFact], **fields: Any) -> KnockoutFact:
        """Build the next fact (number and time filled in) without recording it."""
        return cast(KnockoutFact, kind(n=self.n + 1, at=fields.pop("at", self.t), **fields))

    def add(self, kind: type[KoFact], **fields: Any) -> KnockoutFact:
        """Record the next fact; time moves on by 10 seconds."""
        fact = self.fact(kind, **fields)
        self.state.record(fact)
        if isinstance(fact.at, int | float):
            self.t = max(self.t, int(fact.at))
        self.n, self.t = fact.n, self.t + 10
        return fact

    def enter(self, count: int, *, pay: bool = True) -> list[str]:
        """Register (and pay) `count` players p01, p02, ... before the deadline."""
        ids = [f"p{i:03d}" for i in range(1, count + 1)]
        for i, pid in enumerate(ids):
            self.add(Register, player=pid, at=16 * 3600 + 30 * 60 + i % 800)
        if pay:
            for pid in ids:
                self.add(PayFee, player=pid)
        self.t = max(self.t, START)
        return ids

    def open_suggested(self) -> None:
        """Open every suggested table and the grand final when it is ready."""
        for step in next_steps(self.state):
            if step.kind in (StepKind.OPEN_TABLE, StepKind.OPEN_GRAND_FINAL):
                assert step.bracket is not None
                self.add(OpenTable, bracket=step.bracket, players=step.players)

    def lose(self, table: int, player: str) -> None:
        """Record a game loser."""
        self.add(GameLost, table=table, player=player)

    def knock_out(self, table: int, player: str) -> None:
        """Record game losses until the player has left the table."""
        while player in self.state.tables[table].remaining:
            self.lose(table, player)


def check_invariants(state: KnockoutState) -> None:
    """Assert what must hold in every reachable state."""
    places: Counter[str] = Counter()
    for b in (Bracket.MAIN, Bracket.CONSOLATION):
        places.update(state.queues[b])
    for t in state.open_tables():
        places.update(t.remaining)
        if t.bracket is Bracket.GRAND_FINAL and state.rules.final_fill != "none":
            assert len(t.players) == min(state.rules.final_size, len(state.players))
        elif t.bracket is not Bracket.GRAND_FINAL:
            assert len(t.players) in (3, 4)
    assert all(c == 1 for c in places.values()), places
    for p in state.players.values():
        assert p.lives >= 0 and p.chips >= 0
        at_table = p.status is Status.SEATED
        assert at_table == (p.id in places and p.table is not None)
    assert next_steps(state)


def play_step(org: Organiser, rng: random.Random, steps: tuple[Step, ...]) -> None:
    """Do one random step: open a suggested table or record a random game loser."""
    opens = [s for s in steps if s.kind in (StepKind.OPEN_TABLE, StepKind.OPEN_GRAND_FINAL)]
    plays = [s for s in steps if s.kind is StepKind.PLAY_TABLE]
    assert opens or plays, steps
    if opens and (not plays or rng.random() < 0.5):
        step = rng.choice(opens)
        assert step.bracket is not None
        org.add(OpenTable, bracket=step.bracket, players=step.players)
    else:
        step = rng.choice(plays)
        assert step.table is not None
        org.lose(step.table, rng.choice(step.players))


def play_out(org: Organiser, rng: random.Random, *, check_every: int = 1) -> KnockoutState:
    """Play to the end: open suggested tables, pick random game losers at open tables."""
    state = org.state
    for i in range(100_000):
        if i % check_every == 0:
            check_invariants(state)
        if state.finished:
            return state
        play_step(org, rng, next_steps(state))
    raise AssertionError("the tournament did not end")


def refused(org: Organiser, kind: type, **fields: Any) -> RuleError:
    """Record a fact that must be refused; nothing may change; the message is translated."""
    before = repr(sorted(vars(org.state).items()))
    with pytest.raises(RuleError) as err:
        org.state.record(org.fact(kind, **fields))
    assert repr(sorted(vars(org.state).items())) == before
    assert err.value.text("de") != err.value.text("en")
    return err.value
