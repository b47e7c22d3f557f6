"""The database keeps facts exactly as the tournament file does; appends are once and in order."""

from __future__ import annotations

import threading
from datetime import date
from typing import Any

import pytest
from django.db import close_old_connections

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.knockout import KnockoutTournament, PayFee, Register
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.players import Player
from tafelrunde.engine.tournament_file import to_data
from tafelrunde.i18n import msg
from tafelrunde.presets import load_knockout, load_ruleset
from tafelrunde.sim.autoplay import play_to_end
from tafelrunde.web.core.domain.store import Logged, append, engine_tournament, save_new
from tafelrunde.web.core.models import AuditEntry, FactRecord, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.both_databases]

DAY = date(2026, 11, 27)


def knockout() -> KnockoutTournament:
    return KnockoutTournament("Schocken-Abend", load_knockout(), day=DAY, created_at="x")


def register(name: str, n: int = 0) -> Register:
    return Register(n=n, at="2026-11-27T16:35:00", player=name.lower(), name=name)


def enter(rec_id: int, fact: Any, **kwargs: Any) -> Any:
    """Record one format-D fact through the store with its log line; return it numbered."""

    def change(t: Any) -> Any:
        record_all(t, [fact], at=fact.at)
        return t.facts[-1]

    return append(rec_id, change, log=lambda f: Logged(msg("no. {n}", n=f.n), f.n), **kwargs)


@pytest.mark.django_db
def test_a_played_tournament_comes_back_the_same() -> None:
    players = [Player(f"p{i}", f"Spieler {i}") for i in range(1, 10)]
    tour = Tournament("Gruppenabend", load_ruleset("gruppenmodus"), players, seed=7)
    play_to_end(tour, seed=3)
    rec = save_new(tour)
    assert rec.version == len(tour.facts) and rec.format == "A"
    again = engine_tournament(rec)
    assert to_data(again) == to_data(tour)


@pytest.mark.django_db
def test_a_knockout_fact_is_appended_with_the_next_number() -> None:
    rec = save_new(knockout())
    fact = enter(rec.pk, register("Anna"))
    assert fact.n == 1
    enter(rec.pk, PayFee(n=0, at="2026-11-27T16:40", player="anna"))
    rec.refresh_from_db()
    assert rec.version == 2
    assert [f.data["type"] for f in rec.facts.all()] == ["register", "pay_fee"]
    state = engine_tournament(rec).state()
    assert state.players["anna"].paid


@pytest.mark.django_db
def test_a_refused_fact_stores_nothing() -> None:
    rec = save_new(knockout())
    enter(rec.pk, register("Anna"))
    with pytest.raises(RuleError) as err:
        enter(rec.pk, Register(n=0, at="2026-11-27T16:36:00", player="anna2", name="ANNA "))
    assert err.value.field == "name" and "schon angemeldet" in err.value.text("de")
    rec.refresh_from_db()
    assert rec.version == 1 and FactRecord.objects.filter(tournament=rec).count() == 1


@pytest.mark.django_db
def test_a_fact_and_its_log_line_are_stored_together_or_not_at_all() -> None:
    rec = save_new(knockout())
    enter(rec.pk, register("Anna"))
    assert list(AuditEntry.objects.filter(tournament=rec).values_list("fact", flat=True)) == [1]

    def broken_log(fact: Any) -> Logged:
        raise RuleError(msg("log full"), field="log")

    with pytest.raises(RuleError):
        append(rec.pk, lambda t: record_all(t, [register("Bernd")], at="16:36"), log=broken_log)
    rec.refresh_from_db()
    assert rec.version == 1 and FactRecord.objects.filter(tournament=rec).count() == 1
    assert AuditEntry.objects.filter(tournament=rec).count() == 1
    assert len(engine_tournament(rec).state().players) == 1  # no half-stored step remains


@pytest.mark.django_db
def test_an_outdated_form_is_refused() -> None:
    rec = save_new(knockout())
    enter(rec.pk, register("Anna"), expected=0)
    with pytest.raises(RuleError) as err:
        enter(rec.pk, register("Bernd"), expected=0)
    assert err.value.field == "version" and "neu laden" in err.value.text("de")
    assert TournamentRecord.objects.get(pk=rec.pk).version == 1


@pytest.mark.django_db(transaction=True)
def test_twenty_organisers_at_once_lose_nothing() -> None:
    rec = save_new(knockout())
    errors: list[BaseException] = []

    def organiser(k: int) -> None:
        try:
            enter(rec.pk, register(f"Spieler{k:02d}"))
        except BaseException as err:  # collected and asserted below
            errors.append(err)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=organiser, args=(k,)) for k in range(20)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    numbers = list(FactRecord.objects.filter(tournament=rec).values_list("n", flat=True))
    assert sorted(numbers) == list(range(1, 21))
    logged = AuditEntry.objects.filter(tournament=rec).values_list("fact", flat=True)
    assert sorted(logged) == numbers  # every fact with its log line
    state = engine_tournament(TournamentRecord.objects.get(pk=rec.pk)).state()
    assert len(state.players) == 20


@pytest.mark.django_db
def test_the_start_page_lists_upcoming_events(client) -> None:
    from tafelrunde.web.core.models import Event

    club = Event.objects.create(name="Vereinsabend", date=date(2099, 1, 9))
    Event.objects.create(name="Sommerfest", date=None)
    Event.objects.create(name="Längst vorbei", date=date(2001, 1, 1))
    rec = save_new(knockout(), event=club)
    page = client.get("/").content.decode()
    assert "Vereinsabend" in page and rec.name in page and "Format D" in page
    assert "Termin steht noch nicht fest" in page
    assert "Längst vorbei" not in page
    assert page.index("Vereinsabend") < page.index("Sommerfest")
