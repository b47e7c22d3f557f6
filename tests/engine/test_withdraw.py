"""Players during the evening: withdrawals and late players in formats A, B and C."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from helpers import add, ruleset_with, tournament
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import next_draw, open_rolloffs, record, undo_last
from tafelrunde.engine.groups.fact_words import describe
from tafelrunde.engine.groups.facts import AnyFact, Draw, LateJoined, Result, Withdrawn
from tafelrunde.engine.groups.presence import (
    late_entry,
    late_join_refusal,
    status,
    withdrawal,
    withdrawal_note,
)
from tafelrunde.engine.groups.progress import pending
from tafelrunde.engine.groups.seating import serpentine_seating
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tournament_file import dumps, loads
from tafelrunde.sim.autoplay import random_result

pytestmark = pytest.mark.unit

T1, T2 = ("p01", "p02", "p03", "p04"), ("p05", "p06", "p07", "p08")


def refused(state: TournamentState, fact: AnyFact) -> RuleError:
    """The fact is refused; the file and what follows from it are unchanged."""
    before, overall = dumps(state.tournament), state.overall()
    with pytest.raises(RuleError) as info:
        add(state, fact)
    assert dumps(state.tournament) == before and state.overall() == overall
    return info.value


def finish_stage(state: TournamentState, rng: random.Random) -> None:
    """Enter random results and roll-offs until the running stage is complete."""
    st = state.current
    assert st is not None
    while not state.stage_complete(st):
        if st.missing_results():
            game, table = st.missing_results()[0]
            record(state, random_result(state, game, table, rng))
        else:
            needs = open_rolloffs(state)
            from tafelrunde.engine.groups.actions import rolled_by_software

            record(state, rolled_by_software(needs[0], seed=rng.randrange(2**31)))


# -- format A: a group plays on without the player -------------------------------------


def group_mode(withdrawn: str) -> TournamentState:
    """8 players in two groups; p01 wins passes 1 and 2, then goes home; all passes in."""
    state = TournamentState(
        tournament(ruleset_with("gruppenmodus", **{"players.withdrawn": withdrawn}), 8)
    )
    add(state, Draw(n=0, stage="gruppenrunde", game=1, seed=1, tables=(T1, T2)))
    add(state, Result(n=0, stage="gruppenrunde", game=1, table=1,
                      pips=dict(zip(T1, (18, 12, 9, 6), strict=True))))  # fmt: skip
    add(state, Result(n=0, stage="gruppenrunde", game=2, table=1,
                      pips=dict(zip(T1, (17, 5, 11, 3), strict=True))))  # fmt: skip
    add(state, Withdrawn(n=0, player="p01"))
    add(state, Result(n=0, stage="gruppenrunde", game=3, table=1,
                      pips={"p02": 10, "p03": 14, "p04": 5}))  # fmt: skip
    for game in (1, 2, 3):
        add(state, Result(n=0, stage="gruppenrunde", game=game, table=2,
                          pips=dict(zip(T2, (16, 12, 8, 4), strict=True))))  # fmt: skip
    return state


def test_format_a_the_group_plays_its_last_pass_without_the_player() -> None:
    state = group_mode("keep")
    st = state.current
    assert st is not None
    assert st.seated(3, 1) == ("p02", "p03", "p04")  # a 3-group now: points 6/4/2
    assert st.outcomes[(3, 1)].points == {"p03": 6, "p02": 4, "p04": 2}
    totals = {p: (st.totals[p].points, st.totals[p].pips) for p in T1}
    assert totals == {"p01": (12, 35), "p02": (10, 27), "p03": (12, 34), "p04": (2, 14)}
    # kept with their points: p01 stays first of the group, but does not go on;
    # the best third (p02) moves up into the final
    assert st.table_standings[0].order() == ["p01", "p03", "p02", "p04"]
    plan = state.following(st)
    assert plan is not None and plan.rule.id == "finale"
    assert plan.entrants == ("p05", "p06", "p03", "p02")
    assert state.goes_on(st) == {"p05", "p06", "p03", "p02"}
    overall = ["p05", "p01", "p06", "p03", "p02", "p07", "p04", "p08"]  # before the final
    assert [r.player for r in state.overall()] == overall
    final = next_draw(state, seed=3)
    assert sorted(final.tables[0]) == ["p02", "p03", "p05", "p06"]


def test_format_a_option_last_lists_the_withdrawn_player_at_the_end() -> None:
    state = group_mode("last")
    st = state.current
    assert st is not None
    assert st.table_standings[0].order() == ["p03", "p02", "p04", "p01"]
    assert set(state.following(st).entrants) == {"p05", "p06", "p03", "p02"}  # type: ignore[union-attr]
    overall = ["p05", "p03", "p06", "p02", "p07", "p04", "p08", "p01"]
    assert [r.player for r in state.overall()] == overall
    assert [r.place for r in state.overall()] == list(range(1, 9))


def test_format_a_results_of_the_players_games_stay_and_later_ones_exclude_them() -> None:
    state = TournamentState(tournament("gruppenmodus", 8))
    add(state, Draw(n=0, stage="gruppenrunde", game=1, seed=1, tables=(T1, T2)))
    first = add(state, Result(n=0, stage="gruppenrunde", game=1, table=1,
                              pips=dict(zip(T1, (18, 12, 9, 6), strict=True))))  # fmt: skip
    add(state, Withdrawn(n=0, player="p01"))
    st = state.current
    assert st is not None
    assert st.skipped["p01"] == {2, 3} and st.seated(1, 1) == T1
    with_p01 = Result(n=0, stage="gruppenrunde", game=2, table=1, pips=dict.fromkeys(T1, 5))
    assert refused(state, with_p01).field == "pips"
    # a correction of the pass the player played still holds the player
    add(state, Result(n=0, stage="gruppenrunde", game=1, table=1, corrects=first.n,
                      pips=dict(zip(T1, (18, 12, 10, 6), strict=True))))  # fmt: skip
    assert st.outcomes[(1, 1)].points == {"p01": 6, "p02": 4, "p03": 2, "p04": 0}
    # the start order of pass 2 (reversed) leaves the player out
    assert st.seat_order(2, 1) == ("p04", "p03", "p02")


def test_a_tie_with_a_withdrawn_player_needs_no_rolloff() -> None:
    """Points and pips equal: the Erzherzog would decide; the withdrawn player cannot
    roll, so the present player is placed ahead without a roll-off."""
    state = TournamentState(tournament("gruppenmodus", 8))
    add(state, Draw(n=0, stage="gruppenrunde", game=1, seed=1, tables=(T1, T2)))
    add(state, Result(n=0, stage="gruppenrunde", game=1, table=1,
                      pips=dict(zip(T1, (18, 12, 9, 6), strict=True))))  # fmt: skip
    add(state, Withdrawn(n=0, player="p01"))
    add(state, Result(n=0, stage="gruppenrunde", game=2, table=1,
                      pips={"p02": 10, "p03": 9, "p04": 5}))  # fmt: skip
    add(state, Result(n=0, stage="gruppenrunde", game=3, table=1,
                      pips={"p02": 3, "p03": 11, "p04": 7}))  # fmt: skip
    for game in (1, 2, 3):
        add(state, Result(n=0, stage="gruppenrunde", game=game, table=2,
                          pips=dict(zip(T2, (16, 12, 8, 4), strict=True))))  # fmt: skip
    st = state.current
    assert st is not None
    assert (st.totals["p01"].points, st.totals["p01"].pips) == (6, 18)
    assert (st.totals["p04"].points, st.totals["p04"].pips) == (6, 18)
    assert st.table_standings[0].order() == ["p03", "p02", "p04", "p01"]
    assert state.stage_complete(st) and not open_rolloffs(state)


# -- format B: the next game is drawn for the players present --------------------------


def alhambra(n: int = 13, **changes: object) -> TournamentState:
    return TournamentState(tournament(ruleset_with("alhambra", **changes), n))


def test_format_b_a_table_without_result_plays_on_and_the_next_draw_reseats() -> None:
    state = alhambra()
    tables = (T1, ("p05", "p06", "p07"), ("p08", "p09", "p10"), ("p11", "p12", "p13"))
    add(state, Draw(n=0, stage="vorrunde", game=1, seed=1, tables=tables))
    note = withdrawal_note(state, "p01")
    assert note is not None
    assert note.text("de") == (
        "Tisch 1 hat für Partie 1 noch kein Ergebnis: dort wird ohne N01 gespielt. "
        "Hat N01 die Partie zu Ende gespielt, erst das Ergebnis eintragen."
    )
    add(state, Withdrawn(n=0, player="p01"))
    add(state, Result(n=0, stage="vorrunde", game=1, table=1,
                      scores={"p02": 120, "p03": 100, "p04": 81}))  # fmt: skip
    st = state.current
    assert st is not None
    outcome = st.outcomes[(1, 1)]  # scored as the 3-table it became: 5/3/2, game points ×0.75
    assert outcome.points == {"p02": 5, "p03": 3, "p04": 2}
    assert outcome.game_points == {"p02": 90, "p03": 75, "p04": 60}
    assert st.totals["p01"].games == 0
    game2 = next_draw(state, seed=9)
    assert sorted(len(t) for t in game2.tables) == [4, 4, 4]  # 12 present: three 4-tables
    assert sorted(p for t in game2.tables for p in t) == sorted(f"p{i:02d}" for i in range(2, 14))


def test_format_b_a_withdrawn_player_does_not_reach_the_final() -> None:
    state = alhambra(9)
    rng = random.Random(5)
    record(state, next_draw(state, seed=1))
    finish_stage_games(state, rng, 1)
    st = state.current
    assert st is not None
    leader = st.standing(4).order()[0]
    record(state, withdrawal(state, leader))
    assert withdrawal_note(state, leader) is None
    record(state, next_draw(state, seed=2))
    assert leader not in {p for t in st.tables(2) or () for p in t}
    finish_stage(state, rng)
    assert leader in st.standing(4).order()  # kept with the points of game 1
    present = [p for p in st.standing(4).order() if p != leader]
    final = next_draw(state, seed=3)
    assert sorted(final.tables[0]) == sorted(present[:4])


def finish_stage_games(state: TournamentState, rng: random.Random, game: int) -> None:
    """Enter random results for every table of one game."""
    st = state.current
    assert st is not None
    for g, table in st.missing_results():
        if g == game:
            record(state, random_result(state, g, table, rng))


def test_format_b_a_late_player_joins_before_game_2_with_0_points() -> None:
    state = alhambra(13, **{"players.late_join": True})
    assert late_join_refusal(state) is not None  # before the first draw: add to the list
    record(state, next_draw(state, seed=1))
    record(state, late_entry(state, "Zoe"))
    assert state.tournament.name_of("p14") == "Zoe"
    st = state.current
    assert st is not None and st.totals["p14"].points == 0 and "p14" in st.present()
    said = status(state, "p14")
    assert said is not None and said.text("de") == "nachgemeldet (Vorrunde, ab Partie 2)"
    game2 = next_draw(state, seed=4)
    assert sorted(len(t) for t in game2.tables) == [3, 3, 4, 4]  # 14 present
    assert "p14" in {p for t in game2.tables for p in t}
    record(state, game2)
    err = late_join_refusal(state)  # every game of the preliminary is drawn
    assert err is not None and "jede Partie" in err.text("de")


def test_a_count_that_cannot_be_seated_is_refused_until_someone_joins() -> None:
    state = alhambra(6, **{"players.late_join": True})
    record(state, next_draw(state, seed=1))
    record(state, withdrawal(state, "p01"))
    with pytest.raises(RuleError) as info:
        next_draw(state, seed=2)
    assert info.value.text("de") == (
        "Jetzt sind 5 Spieler da. 5 Spieler lassen sich nicht an Tische der Größen 3, 4 "
        "setzen; möglich sind: 3, 4, 6+ Spieler."
    )
    record(state, late_entry(state, "Zoe"))
    assert sorted(len(t) for t in next_draw(state, seed=2).tables) == [3, 3]


# -- format C: the next one moves up in the serpentine ---------------------------------


def test_format_c_a_two_player_table_and_the_serpentine_without_the_leader() -> None:
    state = TournamentState(tournament("king-lui", 30))
    rng = random.Random(11)
    record(state, next_draw(state, seed=1))
    st = state.current
    assert st is not None
    first = st.tables(1)[0]  # type: ignore[index]
    finish_stage_games(state, rng, 1)
    record(state, withdrawal(state, first[0]))
    assert st.seated(2, 1) == first[1:]
    scores = dict(zip(first[1:], (20, 10), strict=True))
    add(state, Result(n=0, stage="runde1", game=2, table=1, scores=scores))
    assert st.outcomes[(2, 1)].points == {first[1]: 3, first[2]: Fraction(3, 2)}
    finish_stage(state, rng)
    leader = next(p for p in st.standing(27).order() if p != first[0])
    record(state, withdrawal(state, leader))
    present = [p for p in st.standing(27).order() if p not in (first[0], leader)]
    plan = state.following(st)
    assert plan is not None and plan.rule.id == "runde2"
    assert plan.entrants == tuple(present[:27])  # 28 present: the best 27 of them
    draw = next_draw(state, seed=5)
    assert draw.tables == tuple(serpentine_seating(present[:27], [3] * 9))


def test_format_c_a_table_left_with_one_player_plays_no_more() -> None:
    state = TournamentState(tournament("king-lui", 9))
    record(state, next_draw(state, seed=1))
    st = state.current
    assert st is not None
    table = st.tables(1)[0]  # type: ignore[index]
    record(state, withdrawal(state, table[0]))
    record(state, withdrawal(state, table[1]))
    assert not st.played(1, 1)
    assert all(t != 1 for _, t in st.missing_results())
    lone = Result(n=0, stage="runde1", game=1, table=1, scores={table[2]: 10})
    err = refused(state, lone)
    assert err.text("de") == "An Tisch 1 spielt in Partie 1 niemand mehr (abgemeldet)."


# -- refusals, undo, the file and the log -----------------------------------------------


def test_withdrawals_that_cannot_be_are_refused_in_german() -> None:
    state = alhambra(9, **{"players.late_join": True})
    said = {
        "before": refused(state, Withdrawn(n=0, player="p01")).text("de"),
        "unknown": refused(state, Withdrawn(n=0, player="p99")).text("de"),
    }
    record(state, next_draw(state, seed=1))
    record(state, withdrawal(state, "p01"))
    said["twice"] = refused(state, Withdrawn(n=0, player="p01")).text("de")
    said["late twice"] = refused(state, LateJoined(n=0, player="p020", name="n02")).text("de")
    said["taken id"] = refused(state, LateJoined(n=0, player="p02", name="Zoe")).text("de")
    assert said == {
        "before": "Noch ist nichts ausgelost: vor der ersten Auslosung wird ein Spieler "
        "entfernt, nicht abgemeldet.",
        "unknown": "Unbekannter Spieler „p99“.",
        "twice": "N01 ist schon abgemeldet.",
        "late twice": "„n02“ ist schon angemeldet.",
        "taken id": "Die Spielernummer „p02“ ist schon vergeben.",
    }


def test_the_default_rulesets_let_no_late_player_join() -> None:
    for preset in ("gruppenmodus", "alhambra", "king-lui"):
        state = TournamentState(tournament(preset, 12))
        record(state, next_draw(state, seed=1))
        err = refused(state, LateJoined(n=0, player="p050", name="Zoe"))
        assert "lässt kein Nachmelden zu" in err.text("de")


def test_fixed_tables_let_no_late_player_join() -> None:
    state = TournamentState(
        tournament(ruleset_with("gruppenmodus", **{"players.late_join": True}), 8)
    )
    record(state, next_draw(state, seed=1))
    err = refused(state, LateJoined(n=0, player="p050", name="Zoe"))
    assert "stehen für alle ihre Durchgänge fest" in err.text("de")


def test_an_eliminated_player_cannot_withdraw_and_nobody_after_the_end() -> None:
    state = alhambra(9)
    rng = random.Random(3)
    record(state, next_draw(state, seed=1))
    finish_stage_games(state, rng, 1)
    record(state, next_draw(state, seed=2))
    finish_stage(state, rng)
    record(state, next_draw(state, seed=3))
    out = next(p for p in state.stages[0].entrants if p not in state.current.entrants)  # type: ignore[union-attr]
    err = refused(state, Withdrawn(n=0, player=out))
    assert err.text("de").endswith("spielt nicht mehr mit (ausgeschieden nach Vorrunde).")
    finish_stage(state, rng)
    assert state.finished
    err = refused(state, Withdrawn(n=0, player=state.current.entrants[0]))  # type: ignore[union-attr]
    assert err.text("de") == "Das Turnier ist beendet; abmelden geht nicht mehr."


def test_undo_takes_a_withdrawal_and_a_late_player_back_exactly() -> None:
    state = alhambra(9, **{"players.late_join": True})
    record(state, next_draw(state, seed=1))
    before = dumps(state.tournament), next_draw(state, seed=7), state.overall()
    record(state, withdrawal(state, "p03"))
    record(state, late_entry(state, "Zoe"))
    assert next_draw(state, seed=7) != before[1]
    state = undo_last(state)[0]
    state = undo_last(state)[0]
    assert (next_draw(state, seed=7), state.overall()) == before[1:]
    assert state.withdrawn == {} and state.late == {}
    assert state.tournament.name_of("p10") == "p10"  # the late player is gone
    # and the id is not given again to somebody else
    assert late_entry(state, "Yvonne").player == "p11"


def test_the_file_keeps_both_facts_and_reads_back_the_same() -> None:
    state = alhambra(9, **{"players.late_join": True})
    record(state, next_draw(state, seed=1), at="2026-11-27T19:00:00+01:00", by="orga")
    record(state, withdrawal(state, "p03"), at="2026-11-27T19:30:00+01:00", by="orga")
    record(state, late_entry(state, "Zoe"), at="2026-11-27T19:31:00+01:00", by="orga")
    text = dumps(state.tournament)
    assert '"type": "withdrawn"' in text and '"type": "latejoined"' in text
    again = TournamentState(loads(text))
    assert again.tournament.facts == state.tournament.facts
    assert again.withdrawn == state.withdrawn and again.late == state.late
    assert next_draw(again, seed=3) == next_draw(state, seed=3)
    words = [describe(again.tournament, f).text("de") for f in again.tournament.facts[1:]]
    assert words == ["Abgemeldet: N03", "Nachgemeldet: Zoe"]


def test_pending_steps_skip_tables_nobody_plays_and_count_the_players_present() -> None:
    state = alhambra(13)
    record(state, next_draw(state, seed=1))
    rng = random.Random(1)
    finish_stage_games(state, rng, 1)
    record(state, withdrawal(state, "p05"))
    steps = [s.text.text("de") for s in pending(state)]
    assert steps == ["Auslosen: Vorrunde, Partie 2."]
    record(state, next_draw(state, seed=2))
    assert len(state.current.tables(2)) == 3  # type: ignore[arg-type,union-attr]


def test_a_correction_of_an_earlier_stage_still_fits_after_a_finalist_withdrew() -> None:
    state = alhambra(9)
    rng = random.Random(3)
    record(state, next_draw(state, seed=1))
    finish_stage_games(state, rng, 1)
    record(state, next_draw(state, seed=2))
    finish_stage(state, rng)
    record(state, next_draw(state, seed=3))
    final = state.current
    assert final is not None and final.rule.id == "finale"
    record(state, withdrawal(state, final.entrants[0]))
    old = state.stages[0].results[(1, 1)]
    again = Result(n=0, stage="vorrunde", game=1, table=1, scores=dict(old.scores),
                   corrects=old.n)  # fmt: skip
    add(state, again)  # who went on is unchanged: the withdrawal in the final does not count
    assert state.stages[0].results[(1, 1)].corrects == old.n
    assert state.following(state.stages[0]).entrants == tuple(final.entrants)  # type: ignore[union-attr]
