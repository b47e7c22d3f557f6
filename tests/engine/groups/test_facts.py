"""A fact that does not fit the state is refused, and the state stays as it was."""

from __future__ import annotations

import pytest

from helpers import add, tournament
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import AnyFact, Draw, Result, Rolloff
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tournament_file import dumps

pytestmark = pytest.mark.unit

T = ("p01", "p02", "p03", "p04")
U = ("p05", "p06", "p07")


def alhambra() -> TournamentState:
    state = TournamentState(tournament("alhambra", 7))
    add(state, Draw(n=0, stage="vorrunde", game=1, seed=1, tables=(T, U)))
    return state


def final_of_four() -> TournamentState:
    state = TournamentState(tournament("gruppenmodus", 4))
    add(state, Draw(n=0, stage="finale", game=1, seed=1, tables=(T,)))
    return state


def scores(table: tuple[str, ...], *values: int) -> dict[str, int]:
    return dict(zip(table, values, strict=True))


def refused(state: TournamentState, fact: AnyFact) -> RuleError:
    """The fact is refused with a RuleError; the file and what follows from it are unchanged."""
    before = dumps(state.tournament)
    overall = state.overall()
    with pytest.raises(RuleError) as info:
        add(state, fact)
    assert dumps(state.tournament) == before
    assert state.overall() == overall
    assert TournamentState(state.tournament).overall() == overall
    return info.value


def res(table: int, values: dict[str, int], **kw: object) -> Result:
    return Result(n=0, stage="vorrunde", game=1, table=table, scores=values, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fact", "field"),
    [
        (res(1, scores(T[:3], 4, 3, 2)), "scores"),  # a player missing
        (res(1, scores((*T[:3], "p05"), 4, 3, 2, 1)), "scores"),  # a player at the wrong table
        (res(3, scores(T, 4, 3, 2, 1)), "table"),  # no such table
        (Result(n=0, stage="vorrunde", game=2, table=1, scores=scores(T, 1, 2, 3, 4)), "game"),
        (Result(n=0, stage="finale", game=1, table=1, scores=scores(T, 1, 2, 3, 4)), "stage"),
        (res(1, {}, places=scores(T, 1, 2, 2, 3)), "places"),  # 1, 2, 2, 3
        (res(1, {}, places=scores(T[:3], 1, 2, 3)), "places"),  # a placement missing
        (res(1, scores(T, 4, 3, 2, 1), corrects=1), "corrects"),  # nothing to correct
        (Draw(n=0, stage="finale", game=1, seed=1, tables=(T,)), "stage"),  # not finished
        (Draw(n=0, stage="vorrunde", game=1, seed=2, tables=(T, U)), "game"),  # drawn already
        (Draw(n=0, stage="vorrunde", game=3, seed=2, tables=(T, U)), "game"),  # no game 3
        (
            Draw(n=0, stage="vorrunde", game=2, seed=2, tables=((*T, U[0]), U[1:])),
            "tables",
        ),  # 5 and 2
        (Draw(n=0, stage="vorrunde", game=2, seed=2, tables=((*T[:3], "p99"), U)), "tables"),
        (Rolloff(n=0, stage="vorrunde", kind="stechen", game=1, order=("p01", "p02")), "order"),
    ],
)
def test_a_fact_that_does_not_fit_is_refused(fact: AnyFact, field: str) -> None:
    err = refused(alhambra(), fact)
    assert err.field == field


def test_a_second_result_needs_to_say_what_it_corrects() -> None:
    state = alhambra()
    first = add(state, res(1, scores(T, 4, 3, 2, 1)))
    err = refused(state, res(1, scores(T, 1, 2, 3, 4)))
    assert str(first.n) in err.text("en")
    refused(state, res(1, scores(T, 1, 2, 3, 4), corrects=first.n + 5))
    add(state, res(1, scores(T, 1, 2, 3, 4), corrects=first.n))
    assert state.current is not None
    assert state.current.totals["p04"].points == 5


def test_negative_pips_and_a_doubled_rolloff_player_are_refused() -> None:
    state = final_of_four()
    pips = {"p01": 3, "p02": -1, "p03": 2, "p04": 1}
    assert refused(state, Result(n=0, stage="finale", game=1, table=1, pips=pips)).field == "pips"
    add(state, Result(n=0, stage="finale", game=1, table=1, pips=scores(T, 17, 17, 12, 9)))
    twice = Rolloff(n=0, stage="finale", kind="stechen", game=1, order=("p01", "p01"))
    assert refused(state, twice).field == "order"
    wrong_kind = Rolloff(n=0, stage="finale", kind="herzog", game=1, order=("p02", "p01"))
    refused(state, wrong_kind)
    wrong_game = Rolloff(n=0, stage="finale", kind="stechen", game=2, order=("p02", "p01"))
    refused(state, wrong_game)
    add(state, Rolloff(n=0, stage="finale", kind="stechen", game=1, order=("p02", "p01")))


def test_format_a_needs_pips_for_everybody() -> None:
    state = final_of_four()
    no_pips = Result(n=0, stage="finale", game=1, table=1, scores=scores(T, 1, 2, 3, 4))
    assert refused(state, no_pips).field == "pips"
    some_scores = Result(
        n=0, stage="finale", game=1, table=1, pips=scores(T, 1, 2, 3, 4), scores={"p01": 3}
    )
    assert refused(state, some_scores).field == "scores"


def test_a_decided_rolloff_is_not_silently_replaced() -> None:
    state = final_of_four()
    add(state, Result(n=0, stage="finale", game=1, table=1, pips=scores(T, 17, 17, 12, 9)))
    add(state, Rolloff(n=0, stage="finale", kind="stechen", game=1, order=("p02", "p01")))
    again = Rolloff(n=0, stage="finale", kind="stechen", game=1, order=("p01", "p02"))
    with pytest.raises(RuleError):
        add(state, again)
