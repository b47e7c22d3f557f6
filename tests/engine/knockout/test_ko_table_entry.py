"""Format D at the table: game losers entered by the players, confirmed, disputed, decided."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from ko_play import Organiser, play_out, refused

from tafelrunde.engine.confirmation import STAFF, Mode
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    GameLost,
    KnockoutRules,
    KnockoutTournament,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
    Undo,
    knockout_rules_from_toml,
    replay,
)
from tafelrunde.engine.knockout.actions import last_loss, table_changes
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.table_entry import (
    Version,
    current_game,
    enter_loser,
    game_status,
    results_board,
    table_status,
)
from tafelrunde.engine.knockout.views_data import fact_line, hall_numbers
from tafelrunde.engine.tournament_file import dumps_any, loads_any
from tafelrunde.presets import preset_text

pytestmark = pytest.mark.unit

ANNA, BERT, CORA, DIRK = "p001", "p002", "p003", "p004"


def start(mode: Mode = "table", count: int = 4) -> Organiser:
    """A tournament under a confirmation rule with its first tables open (p001–p004 at 1)."""
    org = Organiser(replace(KnockoutRules(), confirmation=mode))
    org.enter(count)
    org.open_suggested()
    return org


def enter(org: Organiser, player: str, loser: str, table: int = 1, game: int | None = None) -> int:
    """A player of the table enters a loser of the current game; return the entry's number."""
    game = current_game(org.state, table) if game is None else game
    by = f"Tisch {table} · {player}"
    return org.add(TableLoserEntered, by=by, table=table, game=game, player=player, loser=loser).n


def confirm(org: Organiser, player: str, entry: int, table: int = 1) -> int:
    """A player of the table (or STAFF) says "Stimmt" to an entry of the current game."""
    game = current_game(org.state, table)
    return org.add(TableLoserConfirmed, table=table, game=game, entry=entry, player=player).n


def chips(org: Organiser, table: int = 1) -> dict[str, int]:
    return org.state.table_chips(table)


FULL = {ANNA: 2, BERT: 2, CORA: 2, DIRK: 2}


def test_an_entry_counts_once_another_player_of_the_table_confirms() -> None:
    org = start()
    first = enter(org, ANNA, BERT)
    status = table_status(org.state, 1)
    assert (status.game, status.status, status.loser) == (1, "entered", None)
    assert status.versions == (Version(first, ANNA, BERT),)
    assert chips(org) == FULL  # an entry alone does not count
    err = refused(org, TableLoserConfirmed, table=1, game=1, entry=first, player=ANNA)
    assert "Ein anderer Spieler des Tisches" in err.text("de")
    yes = confirm(org, CORA, first)
    assert chips(org) == FULL | {BERT: 1}
    done = game_status(org.state, 1, 1)
    assert (done.status, done.loser, done.by_staff, done.settled_by) == (
        "confirmed",
        BERT,
        False,
        yes,
    )
    now = table_status(org.state, 1)
    assert (now.game, now.status, now.versions) == (2, "open", ())
    assert now.seats == (ANNA, BERT, CORA, DIRK)


def test_the_same_loser_from_another_player_confirms() -> None:
    org = start()
    enter(org, ANNA, BERT)
    second = enter(org, DIRK, BERT)
    assert chips(org) == FULL | {BERT: 1}
    assert game_status(org.state, 1, 1).settled_by == second
    assert current_game(org.state, 1) == 2


def test_a_different_loser_disputes_the_game_and_the_staff_decides() -> None:
    org = start(count=8)
    first = enter(org, ANNA, BERT)
    second = enter(org, CORA, DIRK)
    status = table_status(org.state, 1)
    assert status.status == "disputed"
    assert status.versions == (Version(first, ANNA, BERT), Version(second, CORA, DIRK))
    assert [g.table for g in results_board(org.state)] == [1, 2]  # disputed first
    err = refused(org, TableLoserConfirmed, table=1, game=1, entry=second, player=BERT)
    assert "strittig" in err.text("de") and err.field == "entry"
    enter(org, "p005", "p006", table=2)
    board = results_board(org.state)
    assert [(g.table, g.status) for g in board] == [(1, "disputed"), (2, "entered")]
    decided = org.add(TableLoserDecided, by="orga", table=1, game=1, entry=second).n
    assert chips(org) == FULL | {DIRK: 1}
    done = game_status(org.state, 1, 1)
    assert (done.status, done.loser, done.by_staff, done.settled_by) == (
        "decided",
        DIRK,
        True,
        decided,
    )
    assert [(g.table, g.status) for g in results_board(org.state)] == [(2, "entered"), (1, "open")]


def test_none_mode_counts_the_first_entry() -> None:
    org = start("none")
    enter(org, ANNA, ANNA)
    assert chips(org) == FULL | {ANNA: 1}
    assert game_status(org.state, 1, 1).status == "confirmed"


def test_organiser_mode_waits_for_the_staff() -> None:
    org = start("organiser")
    first = enter(org, ANNA, BERT)
    enter(org, CORA, BERT)  # the same loser from another player is not enough
    assert chips(org) == FULL and table_status(org.state, 1).status == "entered"
    err = refused(org, TableLoserConfirmed, table=1, game=1, entry=first, player=DIRK)
    assert "bestätigt die Turnierleitung" in err.text("de")
    confirm(org, STAFF, first)
    assert chips(org) == FULL | {BERT: 1}
    done = game_status(org.state, 1, 1)
    assert (done.status, done.by_staff) == ("confirmed", True)


def test_a_game_lost_of_the_staff_settles_the_pending_game() -> None:
    org = start()
    enter(org, ANNA, BERT)
    enter(org, CORA, DIRK)
    staff = org.add(GameLost, table=1, player=CORA).n
    assert chips(org) == FULL | {CORA: 1}
    done = game_status(org.state, 1, 1)
    assert (done.status, done.loser, done.versions) == ("confirmed", CORA, ())
    assert done.by_staff and done.settled_by == staff
    assert len(done.history) == 3  # both versions stay in the game's history
    assert table_status(org.state, 1).game == 2


def test_a_closed_table_shows_its_last_settled_game() -> None:
    org = start("none")
    for loser in (ANNA, ANNA, BERT, BERT):  # two players leave: the table is over
        enter(org, CORA, loser)
    assert not org.state.tables[1].is_open
    last = table_status(org.state, 1)
    assert (last.game, last.status, last.loser, last.table_open) == (4, "confirmed", BERT, False)
    err = refused(org, TableLoserEntered, table=1, game=5, player=CORA, loser=DIRK)
    assert err.field == "table" and "geschlossen" in err.text("de")
    with pytest.raises(RuleError):
        game_status(org.state, 1, 5)


REFUSALS: list[tuple[dict[str, Any], str, str]] = [
    ({"game": 1, "player": ANNA, "loser": CORA}, "game", "gilt schon"),  # game 1 settled
    ({"game": 3, "player": ANNA, "loser": CORA}, "game", "spielt jetzt Spiel 2"),
    ({"player": "p005", "loser": CORA}, "player", "sitzt nicht dort"),
    ({"player": "zoe", "loser": CORA}, "player", "sitzt nicht dort"),
    ({"player": ANNA, "loser": "p005"}, "loser", "sitzt nicht dort"),
    ({"player": STAFF, "loser": CORA}, "player", "nur ein Spieler dieses Tisches"),
    ({"table": 9, "player": ANNA, "loser": CORA}, "table", "Den Tisch 9 gibt es nicht"),
]


@pytest.mark.parametrize(("fields", "field", "says"), REFUSALS)
def test_a_misfit_entry_is_refused_and_changes_nothing(
    fields: dict[str, Any], field: str, says: str
) -> None:
    org = start(count=8)
    enter(org, BERT, ANNA)
    enter(org, CORA, ANNA)  # game 1 counts: Anna hands in a chip
    err = refused(org, TableLoserEntered, **({"table": 1, "game": 2} | fields))
    assert err.field == field and says in err.text("de"), err.text("de")


def test_a_player_who_left_the_table_can_no_longer_enter() -> None:
    org = start("none")
    enter(org, BERT, ANNA)
    enter(org, BERT, ANNA)  # Anna has no chips left and leaves the table
    err = refused(org, TableLoserEntered, table=1, game=3, player=ANNA, loser=BERT)
    assert err.field == "player" and "schon verlassen" in err.text("de")
    err = refused(org, TableLoserEntered, table=1, game=3, player=BERT, loser=ANNA)
    assert err.field == "loser" and "schon verlassen" in err.text("de")


def test_confirmations_and_decisions_that_do_not_fit_are_refused() -> None:
    org = start()
    first = enter(org, ANNA, BERT)
    err = refused(org, TableLoserDecided, table=1, game=1, entry=first)
    assert "nicht strittig" in err.text("de")
    err = refused(org, TableLoserConfirmed, table=1, game=1, entry=99, player=CORA)
    assert err.field == "entry" and "wartet nicht" in err.text("de")
    err = refused(org, TableLoserConfirmed, table=1, game=2, entry=first, player=CORA)
    assert err.field == "game"
    confirm(org, CORA, first)
    err = refused(org, TableLoserConfirmed, table=1, game=1, entry=first, player=DIRK)
    assert err.field == "game" and "gilt schon" in err.text("de")


def test_nothing_is_entered_at_the_table_after_the_winner() -> None:
    import random

    org = start("none")
    play_out(org, random.Random(3))
    final = org.state.grand_final()
    assert final is not None
    err = refused(
        org, TableLoserEntered, table=final.number, game=1, player=final.players[0], loser=ANNA
    )
    assert "beendet" in err.text("de")


# -- undo and corrections ------------------------------------------------------------------


def test_each_kind_of_table_fact_can_be_undone() -> None:
    org = start()
    first = enter(org, ANNA, BERT)
    org.add(Undo, target=first)
    assert table_status(org.state, 1).status == "open"
    first = enter(org, ANNA, BERT)
    yes = confirm(org, CORA, first)
    org.add(Undo, target=yes)
    assert chips(org) == FULL
    assert table_status(org.state, 1).versions == (Version(first, ANNA, BERT),)
    second = enter(org, CORA, DIRK)
    decided = org.add(TableLoserDecided, table=1, game=1, entry=first).n
    assert chips(org) == FULL | {BERT: 1}
    org.add(Undo, target=decided)
    assert chips(org) == FULL and table_status(org.state, 1).status == "disputed"
    staff = org.add(GameLost, table=1, player=DIRK).n
    org.add(Undo, target=staff)
    status = table_status(org.state, 1)
    assert chips(org) == FULL and status.status == "disputed" and len(status.versions) == 2
    assert [v.entry for v in status.versions] == [first, second]


def test_undoing_an_entry_that_was_confirmed_is_refused() -> None:
    org = start()
    first = enter(org, ANNA, BERT)
    confirm(org, CORA, first)
    err = refused(org, Undo, target=first)
    assert "nicht mehr" in err.text("de")


def test_a_correction_replaces_a_loser_settled_at_the_table() -> None:
    org = start()
    first = enter(org, ANNA, BERT)
    yes = confirm(org, CORA, first)
    tour = KnockoutTournament("T", org.state.rules, facts=list(org.state.facts))
    assert last_loss(tour, 1) == org.state.facts[-1] and last_loss(tour, 1).n == yes  # type: ignore[union-attr]
    fixed = org.add(GameLost, table=1, player=DIRK, corrects=yes).n
    assert chips(org) == FULL | {DIRK: 1}
    done = game_status(org.state, 1, 1)
    assert (done.loser, done.by_staff, done.settled_by) == (DIRK, True, fixed)
    org.add(Undo, target=fixed)
    assert chips(org) == FULL | {BERT: 1}


def test_the_staff_form_for_a_table_sees_what_the_table_entered() -> None:
    org = start()
    since = org.n
    first = enter(org, ANNA, BERT)
    tour = KnockoutTournament("T", org.state.rules, facts=list(org.state.facts))
    assert [f.n for f in table_changes(tour, 1, since)] == [first]


# -- the facts in words, in the file, through record_all -----------------------------------


def test_the_log_names_table_game_and_players() -> None:
    org = start(count=8)
    first = enter(org, ANNA, BERT)
    second = enter(org, CORA, DIRK)
    org.add(TableLoserDecided, table=1, game=1, entry=second)
    enter(org, "p005", "p006", table=2)
    confirm(org, STAFF, org.n, table=2)
    who = {ANNA: "Anna", BERT: "Bert", CORA: "Cora", DIRK: "Dirk"}
    places = hall_numbers(org.state)
    lines = [fact_line(who, f, places) for f in org.state.facts[-5:]]
    assert [line.text("de") for line in lines] == [
        "Tisch 1, Spiel 1: Anna trägt ein: verloren hat Bert",
        "Tisch 1, Spiel 1: Cora trägt ein: verloren hat Dirk",
        f"Tisch 1, Spiel 1: die Turnierleitung entscheidet für Nr. {second}",
        "Tisch 2, Spiel 1: p005 trägt ein: verloren hat p006",
        f"Tisch 2, Spiel 1: Nr. {org.n - 1} von der Turnierleitung bestätigt",
    ]
    assert lines[0].text("en") == "table 1, game 1: Anna enters: lost Bert"
    assert first < second


def test_record_all_and_the_file_keep_the_table_facts_and_the_rule() -> None:
    text = preset_text("schocken-ko").replace('= "table"', '= "organiser"')
    rules = knockout_rules_from_toml(text)
    assert rules.confirmation == "organiser"
    org = Organiser(rules)
    org.enter(4)
    org.open_suggested()
    tour = KnockoutTournament("Tischeingabe", rules, facts=list(org.state.facts))
    entered = enter_loser(tour.state(), 1, ANNA, BERT)
    state = record_all(tour, [entered], at="19:00", by="Tisch 1 · Anna")
    entry = tour.facts[-1]
    assert isinstance(entry, TableLoserEntered) and entry.by == "Tisch 1 · Anna"
    assert table_status(state, 1).status == "entered"
    confirmation = TableLoserConfirmed(n=0, at=0, table=1, game=1, entry=entry.n)
    state = record_all(tour, [confirmation], at="19:01", by="orga")
    back = loads_any(dumps_any(tour))
    assert isinstance(back, KnockoutTournament)
    assert back.facts == tour.facts and back.rules.confirmation == "organiser"
    again = back.state()
    assert again.table_chips(1) == state.table_chips(1) == FULL | {BERT: 1}
    assert table_status(again, 1) == table_status(state, 1)
    assert game_status(again, 1, 1) == game_status(state, 1, 1)
    assert replay(rules, back.facts).results == state.results
