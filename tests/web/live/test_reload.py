"""Every fact that is accepted reloads: accept → store → reload → the same state, for the
engine, the tournament file and the database, over every fact type and number form."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webhelpers import create, fresh, organiser, rolloff_forms, settle_rolloff, text

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import GameLost, KnockoutState, KnockoutTournament, SchockOut
from tafelrunde.engine.knockout.actions import last_loss, tables_to_open
from tafelrunde.engine.knockout.actions import undo_target as ko_undo_target
from tafelrunde.engine.knockout.entry import registrations
from tafelrunde.engine.knockout.facts import Donation, PayFee, Undo
from tafelrunde.engine.numbers import exact_text, parse_number
from tafelrunde.engine.tournament_file import dumps_any, loads_any, to_data
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.knockout import enter
from tafelrunde.web.core.domain.store import engine_tournament, read_only
from tafelrunde.web.core.models import FactRecord, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

SLOW = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def group_view(state: TournamentState) -> Any:
    """What a tournament of format A–C shows: every stage's order and values, the ranking."""
    stages = [
        (st.key, st.standing(state.cut(st)).order(), sorted(st.results),
         sorted(map(repr, st.rolloffs)))
        for st in state.stages
    ]  # fmt: skip
    return stages, [(r.place, r.player, r.stage) for r in state.overall()]


def knockout_view(state: KnockoutState) -> Any:
    """What a format-D tournament shows: every player's standing, tables, ranking."""
    players = sorted((p.id, p.name, p.lives, p.chips, str(p.status)) for p in
                     state.players.values())  # fmt: skip
    tables = sorted((t.number, t.remaining, t.is_open) for t in state.tables.values())
    return players, tables, state.finished


def view(tour: Any) -> Any:
    """What any tournament shows."""
    if isinstance(tour, KnockoutTournament):
        return knockout_view(tour.state())
    return group_view(TournamentState(tour))


def reloads_the_same(client: Client, pk: int, kept: Any) -> None:
    """The database, the downloaded file and the server's kept state all show the same."""
    rec = fresh(pk)
    from_db = engine_tournament(rec)
    exported = client.get(reverse("export-json", args=[pk])).content.decode()
    from_file = loads_any(exported)  # replayed from scratch
    assert to_data(from_file) == to_data(from_db) | {"log": json.loads(exported)["log"]}
    assert loads_any(dumps_any(from_file)).facts == from_file.facts
    shown = view(from_db)
    assert view(from_file) == shown
    cached = read_only(rec)[1]
    assert (knockout_view(cached) if rec.format == "D" else group_view(cached)) == shown
    if kept is not None:
        assert view(kept) == shown


# -- format A–C through the pages, points in every form people type -----------------------


HOSTILE_POINTS = ["1/10000000000000000", "99999999999999999999/1", "٣", "１", "1_0", "1e3", "-5",
                  "", "x"]  # fmt: skip
SEATS = 6  # more than any table has: each step draws the same values whatever the state


def number_forms(value: Fraction) -> list[str]:
    """Ways to type one exact number: decimal point or comma, a fraction, signs, spaces."""
    text_ = exact_text(value)
    forms = [text_, f" {text_} ", text_.replace(".", ","), f"{value.numerator}/{value.denominator}",
             f"{value.numerator * 3}/{value.denominator * 3}"]  # fmt: skip
    if value >= 0:
        forms.append("+" + text_)
    return forms


def entered(client: Client, pk: int, draw: Any) -> bool:
    """Do one random organiser step through the pages; say whether something was stored.

    Every step draws the same values in the same order, whatever the tournament's state
    (which may differ between runs of one example), so that Hypothesis
    can replay and shrink it."""
    choice = draw(st.sampled_from(["result", "result", "result", "undo", "correct"]))
    seed, pick, rng = (
        draw(st.integers(0, 2**31 - 1)),
        draw(st.integers(0, 999)),
        draw(st.integers()),
    )
    seats = [
        (draw(st.integers(0, 3)), draw(st.sampled_from([1, 2, 3, 4, 8])),
         draw(st.integers(0, 19)), draw(st.integers(0, 99)))
        for _ in range(SEATS)
    ]  # fmt: skip
    state = TournamentState(engine_tournament(fresh(pk)))
    before = fresh(pk).version
    st_ = state.current
    if st_ is None or state.finished:
        choice = "draw"
    elif not st_.missing_results() and choice == "result":
        choice = "rolloff" if open_rolloffs(state) else "draw"
    if choice == "draw":
        client.post(f"/turniere/{pk}/auslosung/", {"seed": seed, "version": before})
    elif choice == "rolloff":
        settle_rolloff(client, pk, rolloff_forms(client, pk)[0], random.Random(rng))
    elif choice == "undo":
        client.post(f"/turniere/{pk}/zuruecknehmen/", {"version": before})
    else:
        done = sorted(st_.results) if choice == "correct" else st_.missing_results()
        if not done:
            return False
        game, table = done[pick % len(done)]
        res = random_result(state, game, table, random.Random(rng))
        basis = st_.results[(game, table)].n if (game, table) in st_.results else 0
        data = {"game": str(game), "table": str(table), "basis": str(basis)}
        assert len(res.scores) <= SEATS
        for (p, v), (plus, over, hostile, form) in zip(res.scores.items(), seats, strict=False):
            shown = Fraction(v) + Fraction(plus, over)
            forms = HOSTILE_POINTS if hostile == 0 else number_forms(shown)
            data[f"points-{p}"] = forms[form % len(forms)]
        for p, v in res.pips.items():
            data[f"pips-{p}"] = str(v)
        response = client.post(f"/turniere/{pk}/ergebnis/", data)
        if response.status_code == 302:
            stored = FactRecord.objects.get(tournament_id=pk, n=before + 1).data
            for p in res.scores:  # what was typed is what is stored, exactly
                assert parse_number(stored["scores"][p], field="x") == parse_number(
                    data[f"points-{p}"], field="x"
                )
        else:
            assert response.status_code == 200 and fresh(pk).version == before, text(response)
    return fresh(pk).version != before


@SLOW
@given(data=st.data())
def test_every_accepted_group_entry_reloads_the_same(data: st.DataObject) -> None:
    client = Client()
    organiser(client)
    preset, n = data.draw(st.sampled_from([("alhambra", 9), ("gruppenmodus", 8), ("king-lui", 10)]))
    pk = create(client, preset, n).pk
    accepted = 0
    for _ in range(data.draw(st.integers(4, 30))):
        accepted += entered(client, pk, data.draw)
        reloads_the_same(client, pk, None)  # asserts: file, database and cache agree
    stored = TournamentRecord.objects.get(pk=pk).version
    assert stored >= accepted  # every accepted entry is stored (and reloaded above)


# -- format D through the domain, every fact type ---------------------------------------------

names = (
    st.text(st.characters(blacklist_categories=("Cc", "Cs", "Cf")), min_size=1, max_size=30)
    .map(str.strip)
    .filter(bool)
)


def knockout_step(tour: KnockoutTournament, state: KnockoutState, draw: Any) -> list[Any]:
    """The facts of one random organiser step of format D."""
    kind = draw(st.sampled_from(["register", "pay", "open", "lost", "lost", "lost", "schock",
                                 "donate", "undo", "correct"]))  # fmt: skip
    waiting = [p for p in state.players.values() if not p.paid]
    tables = state.open_tables()
    if kind == "register" or not state.players:
        new = draw(st.lists(names, min_size=1, max_size=3, unique_by=str.casefold))
        return registrations(tour, new, late=True, paid=draw(st.booleans()))
    if kind == "pay" and waiting:
        return [PayFee(n=0, at=0, player=draw(st.sampled_from(waiting)).id)]
    if kind == "lost" and tables:
        table = draw(st.sampled_from(tables))
        return [GameLost(n=0, at=0, table=table.number, player=draw(st.sampled_from(
            table.remaining)))]  # fmt: skip
    if kind == "schock" and tables:
        table = draw(st.sampled_from(tables))
        return [SchockOut(n=0, at=0, player=table.remaining[0], table=table.number)]
    if kind == "donate":
        outs = [f.n for f in tour.facts if isinstance(f, SchockOut)]
        return [Donation(n=0, at=0, schock_out=draw(st.sampled_from(outs)))] if outs else []
    if kind == "undo" and tour.facts:
        return [Undo(n=0, at=0, target=ko_undo_target(tour).n)]
    if kind == "correct" and tables:
        table = draw(st.sampled_from(tables))
        last = last_loss(tour, table.number)
        if last is not None:
            who = draw(st.sampled_from(table.players))
            return [GameLost(n=0, at=0, table=table.number, player=who, corrects=last.n)]
    return list(tables_to_open(state)[:1])


@SLOW
@given(data=st.data())
def test_every_accepted_knockout_entry_reloads_the_same(data: st.DataObject) -> None:
    client = Client()
    user = organiser(client)
    rec = client.post("/turniere/neu/", {"name": "", "event": "", "preset": "schocken-ko",
                                         "players": "", "day": "2026-11-27"})  # fmt: skip
    assert rec.status_code == 302
    pk = int(rec["Location"].strip("/").split("/")[-1])
    for _ in range(data.draw(st.integers(5, 40))):
        before = fresh(pk).version

        def build(tour: KnockoutTournament, state: KnockoutState) -> list[Any]:
            return knockout_step(tour, state, data.draw)

        try:
            done = enter(pk, build, expected=before, user=user, at="2026-11-27T17:05:00")
        except RuleError:  # refused: nothing stored
            assert fresh(pk).version == before
            continue
        assert fresh(pk).version == before + len(done.facts)
        reloads_the_same(client, pk, None)
