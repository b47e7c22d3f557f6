"""Planung: the form refuses bad input, a plan is computed outside the request and shown."""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from webhelpers import organiser, text

from tafelrunde.presets import load_rules
from tafelrunde.sim.planning import DEFAULT_RUNS
from tafelrunde.web.core.domain import club_presets, planning
from tafelrunde.web.core.models import ClubPreset
from tafelrunde.web.core.plan_run import PlanRun

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.both_databases,
]
FUENFERRUNDE = Path(__file__).resolve().parents[2] / "data" / "fuenferrunde.toml"
GOOD = {"preset": "schocken-ko", "players": "12", "tables": "3", "seed": "42"}


@pytest.fixture(autouse=True)
def _worker_idle() -> Iterator[None]:
    """Let no plan be computed while the tables are emptied after a test."""
    yield
    assert planning.wait_idle(120)


def organised() -> Client:
    client = Client()
    organiser(client)
    return client


def finished(client: Client, pk: int, limit: float = 120) -> str:
    """Poll the fragment as the page does until the plan is finished; return the fragment."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        fragment = text(client.get(f"/planung/{pk}/stand/"))
        if "hx-trigger" not in fragment:
            return fragment
        time.sleep(0.2)
    raise AssertionError("the plan did not finish")


def plan_pk(response: object) -> int:
    location = response["Location"]  # type: ignore[index]
    return int(re.fullmatch(r"/planung/(\d+)/", location).group(1))  # type: ignore[union-attr]


def test_only_organisers_reach_the_planning() -> None:
    guest = Client()
    for address in ("/planung/", "/planung/1/", "/planung/1/stand/"):
        response = guest.get(address)
        assert response.status_code == 302 and response["Location"].startswith("/anmelden/")
    assert guest.post("/planung/", GOOD).status_code == 302
    assert guest.post("/planung/1/wiederholen/").status_code == 302
    assert PlanRun.objects.count() == 0
    assert "Planung" not in text(guest.get("/"))
    assert 'href="/planung/"' in text(organised().get("/"))  # in the organiser's navigation


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", "2", "Die Spielerzahl muss eine ganze Zahl von 3 bis 2000 sein."),
        ("players", "2001", "Die Spielerzahl muss eine ganze Zahl von 3 bis 2000 sein."),
        ("players", "zwölf", "Die Spielerzahl muss eine ganze Zahl von 3 bis 2000 sein."),
        ("players", "", "Bitte ausfüllen."),
        ("tables", "0", "Die Zahl der Tische muss eine ganze Zahl von 1 bis 500 sein."),
        ("tables", "501", "Die Zahl der Tische muss eine ganze Zahl von 1 bis 500 sein."),
        ("tables", "2,5", "Die Zahl der Tische muss eine ganze Zahl von 1 bis 500 sein."),
        ("preset", "skat", "Bitte eine Vorlage aus der Liste wählen."),
        (
            "seed",
            "-1",
            "Der Seed muss eine ganze Zahl von 0 bis 2147483647 sein oder leer bleiben.",
        ),
    ],
)
def test_bad_input_is_refused_at_its_field(field: str, value: str, message: str) -> None:
    client = organised()
    response = client.post("/planung/", GOOD | {field: value})
    assert response.status_code == 200
    page = text(response)
    block = page[page.index(f'id="field-{field}"') :]
    assert message in block[: block.index("</div>\n", block.index("errorlist"))]
    if value and field != "preset":
        assert f'value="{value}"' in page  # what was typed stays
    assert PlanRun.objects.count() == 0


def test_a_field_the_preset_cannot_seat_is_refused() -> None:
    client = organised()
    page = text(client.post("/planung/", GOOD | {"preset": "alhambra", "players": "5"}))
    assert "5 Spieler lassen sich nicht an Tische der Größen 3, 4 setzen" in page
    assert PlanRun.objects.count() == 0


def test_a_plan_is_computed_and_shows_its_charts() -> None:
    client = organised()
    form = text(client.get("/planung/"))
    for label in ("Vorlage", "Erwartete Spieler", "Tische in der Halle", "Seed"):
        assert label in form
    response = client.post("/planung/", GOOD)
    assert response.status_code == 302
    pk = plan_pk(response)
    run = PlanRun.objects.get(pk=pk)
    assert (run.preset, run.players, run.tables, run.seed) == ("schocken-ko", 12, 3, 42)
    assert run.runs == DEFAULT_RUNS and run.user is not None

    fragment = finished(client, pk)
    assert "Voraussichtliche Dauer" in fragment
    assert fragment.count("<svg") == 2
    for words in ("Dauer (hh:mm)", "Läufe", "Zeit seit Beginn (hh:mm)", "Tische in Gebrauch"):
        assert words in fragment
    assert "3 Tische in der Halle" in fragment
    run.refresh_from_db()
    assert run.status == PlanRun.DONE and run.result is not None
    result = run.result
    assert result["runs"] == DEFAULT_RUNS and result["tables_max"]["max"] <= 3
    assert result["duration"]["text"]["median"] in fragment
    assert result["longest_wait"]["text"]["max"] in fragment
    assert f"{DEFAULT_RUNS} (Seeds 42–{42 + DEFAULT_RUNS - 1})" in fragment

    page = text(client.get(f"/planung/{pk}/"))
    assert 'Seed <span class="seed">42</span>' in page and page.count("<svg") == 2
    assert "hx-trigger" not in page  # nothing polls any more
    listing = text(client.get("/planung/"))
    assert f'href="/planung/{pk}/"' in listing and result["duration"]["text"]["median"] in listing

    # the same seed again: the same plan
    again = client.post(f"/planung/{pk}/wiederholen/")
    second = plan_pk(again)
    assert second != pk
    finished(client, second)
    repeated = PlanRun.objects.get(pk=second)
    assert repeated.seed == 42 and repeated.budget is None
    first_result = dict(result, wall_seconds=0)
    assert dict(repeated.result or {}, wall_seconds=0) == first_result


def test_a_plan_waits_while_another_is_computed_and_takes_over_a_dead_one() -> None:
    client = organised()
    now = timezone.now()
    other = PlanRun.objects.create(  # computed by another server process, alive
        preset="schocken-ko",
        players=600,
        tables=40,
        seed=1,
        runs=50,
        status=PlanRun.RUNNING,
        started_at=now,
        heartbeat=now,
        done=600 * 5 + 300,
        runs_done=5,
    )
    pk = plan_pk(client.post("/planung/", GOOD))
    fragment = text(client.get(f"/planung/{pk}/stand/"))
    assert "Wartet." in fragment and "1 kommt vor dieser" in fragment
    assert 'hx-trigger="every 1s"' in fragment and f'hx-get="/planung/{pk}/stand/"' in fragment
    running = text(client.get(f"/planung/{other.pk}/stand/"))
    assert "Wird berechnet" in running and "Lauf 6 von höchstens 50" in running
    assert '<progress max="100" value="' in running
    assert PlanRun.objects.get(pk=pk).status == PlanRun.QUEUED

    # the other process stops beating: its plan is marked interrupted, ours goes on
    PlanRun.objects.filter(pk=other.pk).update(heartbeat=now - timedelta(minutes=5))
    fragment = finished(client, pk)
    assert "Voraussichtliche Dauer" in fragment
    dead = text(client.get(f"/planung/{other.pk}/"))
    assert "Die Berechnung wurde unterbrochen" in dead and "Erneut starten" in dead


def test_too_many_waiting_plans_are_refused_plainly() -> None:
    client = organised()
    now = timezone.now()
    common = {"preset": "schocken-ko", "players": 12, "tables": 3, "seed": 1, "runs": 5}
    PlanRun.objects.create(status=PlanRun.RUNNING, started_at=now, heartbeat=now, **common)
    for _ in range(planning.MAX_WAITING):
        PlanRun.objects.create(**common)
    page = text(client.post("/planung/", GOOD))
    assert "5 Planungen warten schon; bitte diese in ein paar Minuten starten." in page
    assert PlanRun.objects.count() == 1 + planning.MAX_WAITING
    PlanRun.objects.all().delete()  # nothing left for a worker


def test_concurrent_workers_claim_one_plan_at_a_time() -> None:
    # as several server processes would: each thread has its own database connection
    from threading import Barrier, Thread

    from django.db import connection

    common = {"preset": "schocken-ko", "players": 12, "tables": 3, "seed": 1, "runs": 5}
    waiting = [PlanRun.objects.create(**common) for _ in range(3)]
    start, claimed = Barrier(4), []

    def worker() -> None:
        try:
            start.wait()
            claimed.append(planning.claim())
        finally:
            connection.close()

    threads = [Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    taken = [run for run in claimed if run is not None]
    assert len(claimed) == 4 and len(taken) == 1
    assert taken[0].pk == waiting[0].pk  # the oldest first
    statuses = list(PlanRun.objects.order_by("pk").values_list("status", flat=True))
    assert statuses == [PlanRun.RUNNING, PlanRun.QUEUED, PlanRun.QUEUED]
    PlanRun.objects.all().delete()  # nothing left for a worker


def test_a_club_preset_is_offered_and_planned() -> None:
    client = organised()
    source = load_rules("gruppenmodus").source | {"name": "Unser Würfelabend"}
    preset = club_presets.save_preset("Würfelabend", source, user=None)
    value = club_presets.choice_value(preset)
    form = text(client.get("/planung/"))
    assert f'<option value="{value}">Würfelabend (Format A)</option>' in form
    response = client.post("/planung/", GOOD | {"preset": value, "players": "12"})
    assert response.status_code == 302, text(response)[-1500:]
    pk = plan_pk(response)
    done = finished(client, pk)
    run = PlanRun.objects.get(pk=pk)
    assert run.status == PlanRun.DONE and run.result["name"] == "Unser Würfelabend"
    assert "Würfelabend (Vereinsvorlage)" in text(client.get(f"/planung/{pk}/")) + done
    page = client.post("/planung/", GOOD | {"preset": "club:999999", "players": "12"})
    assert "Bitte eine Vorlage aus der Liste wählen." in text(page)


def test_a_club_format_without_a_letter_is_planned_like_a_shipped_one() -> None:
    client = organised()
    upload = SimpleUploadedFile("fuenferrunde.toml", FUENFERRUNDE.read_bytes())
    assert client.post("/vorlagen/", {"name": "Fünferrunde", "file": upload}).status_code == 302
    value = club_presets.choice_value(ClubPreset.objects.get(name="Fünferrunde"))
    response = client.post("/planung/", GOOD | {"preset": value, "players": "23", "tables": "5"})
    assert response.status_code == 302, text(response)[-1500:]
    pk = plan_pk(response)
    done = finished(client, pk)
    run = PlanRun.objects.get(pk=pk)
    assert run.status == PlanRun.DONE and run.result["name"] == "Fünferrunde"
    assert run.result["knockout"] is False
    page = text(client.get(f"/planung/{pk}/")) + done
    assert "Fünferrunde" in page and "Format ?" not in page


def test_a_plan_is_computed_in_a_process_of_its_own(caplog: pytest.LogCaptureFixture) -> None:
    """The simulator's CPU work is not in the server's process: the process that computed the
    plan (it says its number) is another one, and it has ended."""
    caplog.set_level(logging.INFO, logger=planning.__name__)
    client = organised()
    pk = plan_pk(client.post("/planung/", GOOD))
    assert "Voraussichtliche Dauer" in finished(client, pk)
    assert planning.wait_idle(120)
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith(f"planning {pk} ")]
    found = re.search(r"in process (\d+)$", said[-1]) if said else None
    assert found is not None, said
    pid = int(found.group(1))
    assert pid != os.getpid() and not Path(f"/proc/{pid}").exists()


def test_a_plan_that_overruns_its_time_is_ended_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=planning.__name__)
    monkeypatch.setattr(planning, "HARD_SECONDS", 1.0)
    client = organised()
    heavy = GOOD | {"players": "2000", "tables": "500"}  # three runs take seconds
    pk = plan_pk(client.post("/planung/", heavy))
    finished(client, pk)
    assert planning.wait_idle(120)
    run = PlanRun.objects.get(pk=pk)
    assert run.status == PlanRun.FAILED and run.result is None
    page = text(client.get(f"/planung/{pk}/"))
    assert "Die Berechnung dauerte zu lange und wurde abgebrochen." in page
    assert "Erneut starten" in page
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith(f"planning {pk} ")]
    pid = int(said[-1].rsplit(" ", 1)[1])
    assert not Path(f"/proc/{pid}").exists()  # its process is gone
