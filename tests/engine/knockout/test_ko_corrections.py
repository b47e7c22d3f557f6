"""Format D corrections and undos: a new fact replaces or takes back an earlier one."""

from __future__ import annotations

import pytest
from ko_play import Organiser

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    GameLost,
    OpenTable,
    Status,
    Undo,
    replay,
)

pytestmark = pytest.mark.unit


def test_a_correction_replaces_a_game_loser() -> None:
    org = Organiser()
    org.enter(4)
    org.open_suggested()
    wrong = org.add(GameLost, table=1, player="p001")
    org.add(GameLost, table=1, player="p002")
    org.add(GameLost, table=1, player="p003", corrects=wrong.n)
    assert org.state.table_chips(1) == {"p001": 2, "p002": 1, "p003": 1, "p004": 2}
    assert len(org.state.facts) == org.n


def test_undo_takes_back_and_undoing_a_correction_restores() -> None:
    org = Organiser()
    org.enter(4)
    org.open_suggested()
    first = org.add(GameLost, table=1, player="p001")
    fix = org.add(GameLost, table=1, player="p002", corrects=first.n)
    assert org.state.table_chips(1)["p001"] == 2
    org.add(Undo, target=fix.n)
    assert org.state.table_chips(1)["p001"] == 1
    org.add(Undo, target=first.n)
    assert org.state.table_chips(1)["p001"] == 2


def test_undo_brings_a_player_back_to_the_table() -> None:
    org = Organiser()
    org.enter(4)
    org.open_suggested()
    org.lose(1, "p001")
    last = org.add(GameLost, table=1, player="p001")
    before = org.state.players["p001"].status
    org.add(Undo, target=last.n)
    after = org.state.players["p001"].status
    assert (before, after) == (Status.WAITING, Status.SEATED)
    assert org.state.players["p001"].lives == 2


def test_a_correction_that_breaks_later_facts_is_refused() -> None:
    org = Organiser()
    org.enter(8)
    org.open_suggested()
    org.lose(1, "p001")
    out = org.add(GameLost, table=1, player="p001")
    org.knock_out(1, "p002")
    org.knock_out(2, "p005")
    org.knock_out(2, "p006")
    org.add(OpenTable, bracket=Bracket.CONSOLATION, players=("p001", "p002", "p005", "p006"))
    before = repr(sorted(vars(org.state).items()))
    with pytest.raises(RuleError) as err:
        org.state.record(org.fact(GameLost, table=1, player="p003", corrects=out.n))
    assert "p001" in err.value.text("de") and err.value.text("en")
    assert repr(sorted(vars(org.state).items())) == before


def test_a_correction_must_name_a_game_loser_at_the_same_table() -> None:
    org = Organiser()
    org.enter(8)
    org.open_suggested()
    lost = org.add(GameLost, table=1, player="p001")
    with pytest.raises(RuleError) as err:
        org.state.record(org.fact(GameLost, table=2, player="p005", corrects=lost.n))
    assert err.value.field == "corrects"
    with pytest.raises(RuleError):
        org.state.record(org.fact(GameLost, table=1, player="p002", corrects=1))


def test_replay_gives_the_same_state() -> None:
    org = Organiser()
    org.enter(8)
    org.open_suggested()
    first = org.add(GameLost, table=1, player="p001")
    org.add(GameLost, table=1, player="p002", corrects=first.n)
    again = replay(org.state.rules, org.state.facts)
    assert repr(sorted(vars(again).items())) == repr(sorted(vars(org.state).items()))
