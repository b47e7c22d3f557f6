"""Format D at the table, as a property: only settled losers count, exactly as plain losers do.

Any sequence of entries, confirmations, decisions, staff losers, corrections and undos (by
anyone, about anything) gives the lives, chips, queues and tables of a tournament that has
only the settled losers, each as a plain `GameLost` where it settled. A refused fact
changes nothing, and the state is always the replay of its facts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ko_play import Organiser

from tafelrunde.engine.confirmation import (
    MODES,
    STAFF,
    Mode,
    TableConfirm,
    TableDecide,
    TableEntry,
    TableFact,
    table_result,
)
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    GameLost,
    KnockoutRules,
    KnockoutState,
    KnockoutTournament,
    OpenTable,
    StepKind,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
    Undo,
    next_steps,
    replay,
)
from tafelrunde.engine.knockout.actions import last_loss
from tafelrunde.engine.knockout.corrections import effective_facts
from tafelrunde.engine.knockout.facts import KnockoutFact

pytestmark = pytest.mark.unit

TableLoserFact = TableLoserEntered | TableLoserConfirmed | TableLoserDecided
KINDS = ["enter"] * 4 + ["confirm"] * 3 + ["decide"] * 2 + ["staff", "correct", "undo"]
OPENING = (StepKind.OPEN_TABLE, StepKind.OPEN_GRAND_FINAL)


def _as_table_fact(f: TableLoserFact) -> TableFact:
    """The fact as the rules of confirmation see it."""
    if isinstance(f, TableLoserEntered):
        return TableEntry(f.n, f.player, f.loser)
    if isinstance(f, TableLoserConfirmed):
        return TableConfirm(f.n, f.player, f.entry)
    return TableDecide(f.n, f.entry)


def plain(rules: KnockoutRules, history: list[KnockoutFact]) -> KnockoutState:
    """The tournament with only plain facts: each settled table game as a GameLost."""
    ref = KnockoutState(rules)
    games: dict[int, int] = {}  # games settled per table
    pending: dict[int, tuple[tuple[str, ...], list[TableFact]]] = {}  # table: seats, facts
    for k, f in enumerate(effective_facts(history), start=1):
        if isinstance(f, TableLoserFact):
            assert f.game == games.get(f.table, 0) + 1
            seats, facts = pending.setdefault(f.table, (tuple(ref.tables[f.table].remaining), []))
            facts.append(_as_table_fact(f))
            settled = table_result(rules.confirmation, seats, facts).settled
            if settled is None:
                continue
            f = GameLost(n=f.n, at=f.at, table=f.table, player=str(settled.values))
        if isinstance(f, GameLost):
            games[f.table] = games.get(f.table, 0) + 1
            pending.pop(f.table, None)
            f = replace(f, corrects=None)
        ref.record(replace(f, n=k))
    return ref


def same_play(a: KnockoutState, b: KnockoutState) -> None:
    """Assert two states agree on lives, chips, queues, tables and the grand final."""
    assert {p: vars(s) for p, s in a.players.items()} == {p: vars(s) for p, s in b.players.items()}
    assert a.queues == b.queues and a.qualified == b.qualified
    assert a.eliminated == b.eliminated and a.finalists == b.finalists
    assert a.final_order == b.final_order and a.winner == b.winner
    tables = [(t.remaining, t.left, t.lost, t.closed_at) for t in a.tables.values()]
    assert tables == [(t.remaining, t.left, t.lost, t.closed_at) for t in b.tables.values()]


def snapshot(state: KnockoutState) -> str:
    return repr(sorted(vars(state).items()))


def attempt(org: Organiser, kind: type, **fields: Any) -> bool:
    """Record a fact if it fits; a refused one must change nothing."""
    fact = org.fact(kind, **fields)
    before = snapshot(org.state)
    try:
        org.state.record(fact)
    except RuleError as err:
        assert snapshot(org.state) == before
        assert err.text("de") and err.field
        return False
    org.n, org.t = fact.n, org.t + 10
    return True


def step(org: Organiser, data: st.DataObject, ids: list[str]) -> None:
    """One random fact: mostly fitting ones, sometimes any."""
    state = org.state
    kind = data.draw(st.sampled_from(KINDS))
    opens = [s for s in next_steps(state) if s.kind in OPENING]
    if opens and data.draw(st.integers(0, 3)) == 0:
        s = opens[0]
        assert s.bracket is not None
        attempt(org, OpenTable, bracket=s.bracket, players=s.players)
        return
    if not state.tables:
        return
    busy = [t for (t, game), r in state.results.items() if r.pending]  # versions waiting
    table = state.tables[data.draw(st.sampled_from([*busy, *busy, *sorted(state.tables)]))]
    seated = list(table.remaining) or list(table.players)
    who = st.sampled_from(seated) | st.sampled_from([*ids, STAFF, "zoe"])
    confirmer = st.sampled_from([*[STAFF] * len(seated), *seated, "zoe"])
    game = table.lost + 1 + data.draw(st.sampled_from([0] * 10 + [-1, 1]))
    current = state.results.get((table.number, table.lost + 1))
    waiting = [e.n for e in current.pending] if current is not None else []
    entries = [f.n for f in state.facts if isinstance(f, TableLoserEntered)][-3:]
    entry = data.draw(st.sampled_from([*waiting, *waiting, *entries, org.n + 1]))
    where = {"table": table.number, "game": game}
    if kind == "enter":
        attempt(org, TableLoserEntered, player=data.draw(who), loser=data.draw(who), **where)
    elif kind == "confirm":
        attempt(org, TableLoserConfirmed, player=data.draw(confirmer), entry=entry, **where)
    elif kind == "decide":
        attempt(org, TableLoserDecided, entry=entry, **where)
    elif kind == "staff":
        attempt(org, GameLost, table=table.number, player=data.draw(who))
    elif kind == "correct":
        tour = KnockoutTournament("T", state.rules, facts=list(state.facts))
        last = last_loss(tour, table.number, state)
        if last is not None:
            attempt(org, GameLost, table=table.number, player=data.draw(who), corrects=last.n)
    elif state.facts:
        counting = effective_facts(state.facts)
        latest = max(f.n for f in counting) if counting else 1
        target = data.draw(st.sampled_from([latest, latest, *[f.n for f in counting][-5:]]))
        attempt(org, Undo, target=target)


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=50)
@given(count=st.integers(4, 9), data=st.data())
def test_only_settled_losers_count_and_exactly_as_plain_losers(
    mode: Mode, count: int, data: st.DataObject
) -> None:
    org = Organiser(replace(KnockoutRules(), confirmation=mode))
    ids = org.enter(count)
    org.open_suggested()
    for _ in range(40):
        step(org, data, ids)
        state = org.state
        same_play(state, plain(state.rules, state.facts))
    again = replay(org.state.rules, org.state.facts)
    assert snapshot(again) == snapshot(org.state)  # undo and corrections are replays
    for (table, game), result in org.state.results.items():
        t = org.state.tables[table]
        assert game <= t.lost + 1
        assert (result.settled is not None) == (game <= t.lost)  # only the current game waits
