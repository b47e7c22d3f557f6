"""Standings made once per settled state: whatever happens at the tables (entries waiting for
their confirmation, confirmations, the organisers' results, roll-offs, draws, undo), the
standings' cells and the overall ranking the pages show are those made afresh from the state
they show."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from factories import group_tournament, now, stored, tied_result
from tafelrunde.engine.groups.actions import (
    next_draw,
    open_rolloffs,
    record,
    rolled_by_software,
    undo_last,
)
from tafelrunde.engine.groups.entries import Spot, Values, confirm_at_table, enter_at_table
from tafelrunde.engine.groups.facts import TableEntered, Undo
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import Logged, append, group_state, read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import stage_cells, stage_cells_of
from tafelrunde.web.families.group.core import group_ranking
from tafelrunde.web.families.group.core import settled_ranking as _group_ranking

pytestmark = [pytest.mark.django_db, pytest.mark.integration]

STEPS = ("enter", "enter", "confirm", "staff", "rolloff", "undo")


def step(state: TournamentState, kind: str, rng: random.Random) -> None:
    """One thing happening at the tables or the desk (a draw when every result is in)."""
    cur = state.current
    missing = cur.missing_results() if cur is not None else []
    pending = [f for f in state.tournament.facts if isinstance(f, TableEntered)
               and cur is not None and (f.game, f.table) in missing]  # fmt: skip
    if not missing and not open_rolloffs(state):
        record(state, next_draw(state, seed=rng.randrange(2**31)), at=now(), by="orga")
    elif kind == "rolloff" and open_rolloffs(state):
        need = open_rolloffs(state)[0]
        record(state, rolled_by_software(need, seed=rng.randrange(2**31)), at=now(), by="orga")
    elif kind == "confirm" and pending:
        entry = rng.choice(pending)
        assert cur is not None
        other = next(p for p in cur.seated(entry.game, entry.table) if p != entry.player)
        spot = Spot(entry.stage, entry.game, entry.table)
        confirm_at_table(state, spot, other, entry.n, at=now(), by=other, phone="b" * 16)
    elif kind == "undo" and not isinstance(state.tournament.facts[-1], Undo):
        undo_last(state, at=now(), by="orga")
    elif missing and kind in ("enter", "confirm", "undo"):
        game, table = rng.choice(missing)
        res = tied_result(state, game, table, rng)
        player = cur.seated(game, table)[0] if cur is not None else ""
        values = Values(dict(res.scores), dict(res.pips), dict(res.places or {}))
        assert cur is not None
        enter_at_table(state, Spot(cur.key, game, table), player, values, at=now(),
                       by=player, phone="a" * 16)  # fmt: skip
    elif missing:
        game, table = rng.choice(missing)
        record(state, tied_result(state, game, table, rng), at=now(), by="orga")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), kinds=st.lists(st.sampled_from(STEPS), min_size=6,
                                                   max_size=16))  # fmt: skip
def test_the_standings_shown_are_those_of_the_state_shown(seed: int, kinds: list[str]) -> None:
    """After each step the kept cells and ranking equal those made afresh."""
    tour = group_tournament("gruppenmodus", 12, seed, lambda s: s.current is not None)
    pk = stored(tour).pk
    rng = random.Random(seed)
    for kind in kinds:
        try:
            append(pk, lambda t, k=kind: step(group_state(t), k, rng),
                   log=lambda _: Logged(msg("Result entered")))  # fmt: skip
        except Exception as refused:  # a step the rules refuse changes nothing
            assert type(refused).__name__ == "RuleError", refused
        rec = TournamentRecord.objects.get(pk=pk)
        tour_now, state = read_only(rec)
        for stage in state.stages:
            assert stage_cells_of(rec, state, stage) == stage_cells(state, stage)
        assert _group_ranking(rec, tour_now, state) == group_ranking(tour_now, state)
