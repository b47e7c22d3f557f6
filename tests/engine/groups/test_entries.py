"""The group family's entry functions: every way in records through them, so each refuses
what any way in refused (stage, game drawn, table, version), in words naming the field."""

from __future__ import annotations

import pytest

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.entries import Spot, Values
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset

pytestmark = pytest.mark.unit

AT = {"at": "2026-03-14T19:00:00", "by": "leitung"}


def drawn() -> tuple[TournamentState, Spot, tuple[str, ...]]:
    """Eight players, the first game drawn: the state, table 1 of game 1 and its players."""
    people = [Player(f"p{i}", f"Spieler {i}") for i in range(1, 9)]
    state = TournamentState(Tournament("Abend", load_ruleset("gruppenmodus"), people, seed=1))
    record(state, next_draw(state, seed=3))
    assert state.current is not None
    return state, Spot(state.current.key, 1, 1), state.current.seated(1, 1)


def pips(seats: tuple[str, ...], *values: int) -> Values:
    """A result of pips only."""
    return Values(pips=dict(zip(seats, values, strict=True)))


def refusal(call: object) -> tuple[str, str | None]:
    """The German words and the field of a refusal."""
    with pytest.raises(RuleError) as caught:
        call()  # type: ignore[operator]
    return caught.value.msg.text("de"), caught.value.field


def every_way(state: TournamentState, where: Spot, seats: tuple[str, ...]) -> list[object]:
    """Each entry function, called for `where`."""
    values = pips(seats, 4, 3, 2, 1)
    return [
        lambda: entries.enter_at_table(state, where, seats[0], values, **AT),
        lambda: entries.confirm_at_table(state, where, seats[0], 2, **AT),
        lambda: entries.settle_by_staff(state, where, 2, decide=False, **AT),
        lambda: entries.staff_result(state, where, values, basis=0, **AT),
        lambda: entries.staff_result(state, where, values, **AT),
    ]


def test_a_game_not_drawn_and_a_table_that_does_not_exist_are_refused_by_every_function() -> None:
    state, spot, seats = drawn()
    before = len(state.tournament.facts)
    for where, said in (
        (Spot(spot.stage, 9, 1), ("Durchgang 9 ist nicht ausgelost.", "game")),
        (Spot(spot.stage, 1, 9), ("Tisch 9 gibt es nicht (1–2).", "table")),
    ):
        calls = every_way(state, where, seats)
        assert [refusal(c) for c in calls] == [said] * len(calls)
    assert len(state.tournament.facts) == before


def test_a_form_made_on_another_version_of_the_table_is_refused() -> None:
    state, spot, seats = drawn()
    first = entries.enter_at_table(state, spot, seats[0], pips(seats, 4, 3, 2, 1), basis=0, **AT)
    stale = "Inzwischen wurde an diesem Tisch etwas anderes eingetragen"
    for call in (
        lambda: entries.enter_at_table(state, spot, seats[1], pips(seats, 1, 2, 3, 4), basis=0,
                                       **AT),
        lambda: entries.confirm_at_table(state, spot, seats[1], first.n, basis=0, **AT),
        lambda: entries.settle_by_staff(state, spot, first.n, decide=False, basis=0, **AT),
    ):  # fmt: skip
        said, field = refusal(call)
        assert said.startswith(stale) and field == "version"
    done = entries.settle_by_staff(state, spot, first.n, decide=False, basis=first.n, **AT)
    assert state.stages[0].results[(1, 1)].n == first.n and done.entry == first.n


def test_the_organisers_result_checks_its_basis_and_a_correction_needs_a_result() -> None:
    state, spot, seats = drawn()
    said, field = refusal(
        lambda: entries.staff_result(state, spot, pips(seats, 4, 3, 2, 1), correct=True, **AT)
    )
    assert (said, field) == ("Tisch 1, Durchgang 1: es gibt kein Ergebnis, das korrigiert "
                             "werden könnte.", "corrects")  # fmt: skip
    first = entries.staff_result(state, spot, pips(seats, 4, 3, 2, 1), basis=0, **AT)
    said, field = refusal(
        lambda: entries.staff_result(state, spot, pips(seats, 1, 2, 3, 4), basis=0, **AT)
    )
    assert field == "version" and "wurde inzwischen ein anderes Ergebnis eingetragen" in said
    again = entries.staff_result(state, spot, pips(seats, 1, 2, 3, 4), basis=first.n, **AT)
    assert again.corrects == first.n
    fixed = entries.staff_result(state, spot, pips(seats, 4, 3, 2, 1), correct=True, **AT)
    assert fixed.corrects == again.n


def test_software_rolls_only_an_open_roll_off() -> None:
    state, _, seats = drawn()
    said = [
        refusal(lambda: entries.rolloff_by_software(state, seats[:2], seed=1, **AT)),
        refusal(lambda: entries.rolloff_by_software(state, None, seed=1, **AT)),
    ]
    assert said == [
        ("Dieses Stechen ist nicht (mehr) offen.", "order"),
        ("Es ist kein Stechen offen.", "rolloff"),
    ]
