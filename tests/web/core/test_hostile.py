"""What once broke a tournament through the pages: each is refused in words, nothing is
stored, and every page of every tournament still answers afterwards (SQLite and PostgreSQL)."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from webhelpers import (
    counts,
    create,
    organiser,
    play_to_end,
    release,
    result_data,
    result_form,
    run_async,
    state_of,
    text,
)

from helpers import HOSTILE_FILE_CHANGES
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.log import log_from_data
from tafelrunde.engine.players import Player
from tafelrunde.engine.tournament_file import loads_any
from tafelrunde.presets import load_ruleset, preset_text
from tafelrunde.sim.autoplay import play_to_end as autoplay
from tafelrunde.web.asgi import application
from tafelrunde.web.core import storage
from tafelrunde.web.core.domain.store import save_new
from tafelrunde.web.core.models import AuditEntry, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

PAGES_AC = ("tournament", "rules", "log", "players", "draw", "tables", "standings", "ranking")
PAGES_D = ("tournament", "rules", "log", "ko-players", "ko-tables", "ko-standings", "ranking")


def organised() -> Client:
    client = Client(raise_request_exception=False)
    organiser(client)
    return client


def every_page_answers(client: Client) -> None:
    """Every page of every tournament answers 200, and its file reads back."""
    for rec in TournamentRecord.objects.all():
        for name in PAGES_D if rec.format == "D" else PAGES_AC:
            response = client.get(reverse(name, args=[rec.pk]))
            assert response.status_code == 200, (name, rec.pk, response.status_code)
        exported = client.get(reverse("export-json", args=[rec.pk]))
        assert exported.status_code == 200
        loads_any(exported.content.decode())
        assert client.get(reverse("export-csv", args=[rec.pk])).status_code in (200, 302)


# -- finding 1: a fraction beyond the limits was stored and broke every page --------------


@pytest.mark.parametrize(
    ("points", "said"),
    [("0,0000000000000001", "zu groß oder zu fein"), ("99999999999999999999", "zu groß"),
     ("1/10000000000000000", "keine Brüche"), ("99999999999999999999/1", "keine Brüche")],
)  # fmt: skip
def test_points_beyond_the_limits_or_as_a_fraction_are_refused(points: str, said: str) -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    assert release(client, rec.pk, 5).status_code == 302
    form = result_form(client, rec.pk, 1, 1)
    data = result_data(state_of(rec.pk), 1, 1, form, random.Random(2))
    key = next(k for k in data if k.startswith("points-"))
    before = counts()
    response = client.post(f"/turniere/{rec.pk}/ergebnis/", data | {key: points})
    assert response.status_code == 200
    assert said in text(response) and "Ergebnis gespeichert" not in text(response)
    assert counts() == before
    every_page_answers(client)
    assert client.post(f"/turniere/{rec.pk}/zuruecknehmen/", {"version": 1}).status_code == 302


# -- finding 2: an imported file was stored without being replayed --------------------------


def exported(client: Client) -> dict[str, Any]:
    """A played tournament's file as the page exports it (with its log)."""
    rec = create(client, "alhambra", 8)
    play_to_end(client, rec.pk, seed=4)
    return json.loads(client.get(reverse("export-json", args=[rec.pk])).content)


HOSTILE = HOSTILE_FILE_CHANGES | {
    "NUL in the log": lambda d: d["log"][0].update(de="a\x00b"),
}


def upload(client: Client, content: bytes, name: str = "turnier.json") -> Any:
    """Load a tournament file through the import form."""
    file = SimpleUploadedFile(name, content, content_type="application/json")
    return client.post("/turniere/laden/", {"file": file, "event": ""})


@pytest.mark.parametrize("change", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_file_is_refused_and_nothing_is_stored(change: Any) -> None:
    client = organised()
    data = exported(client)
    change(data)
    before = counts()
    response = upload(client, json.dumps(data).encode())
    assert response.status_code == 200
    assert "beschädigt" in text(response) or "passen nicht zusammen" in text(response)
    assert counts() == before
    every_page_answers(client)


def test_a_deeply_nested_or_oversized_file_is_refused() -> None:
    client = organised()
    before = counts()
    nested = b'{"format": "tafelrunde-tournament", "version": 1, "x": ' + b"[" * 100_000
    assert "beschädigt" in text(upload(client, nested + b"]" * 100_000 + b"}"))
    big = b" " * (10 * 1024 * 1024 + 1)
    assert "zu groß" in text(upload(client, big))
    assert counts() == before


def test_an_imported_file_keeps_its_log() -> None:
    client = organised()
    data = exported(client)
    lines = [(x.message.text("de"), x.fact) for x in log_from_data(data["log"])]
    assert len(lines) > 5 and any(fact for _, fact in lines)
    response = upload(client, json.dumps(data).encode())
    assert response.status_code == 302
    rec = TournamentRecord.objects.order_by("-pk").first()
    assert rec is not None
    kept = [
        (e.said.text("de"), e.fact)
        for e in AuditEntry.objects.filter(tournament=rec).order_by("pk")
    ]
    assert kept[: len(lines)] == lines and kept[-1][0].startswith("Turnierdatei geladen")
    again = json.loads(client.get(reverse("export-json", args=[rec.pk])).content)
    assert again["facts"] == data["facts"]


# -- finding 5: rulesets and uploads without bounds ----------------------------------------


def new_tournament(client: Client, **data: Any) -> Any:
    return client.post("/turniere/neu/", {"name": "", "event": "", "preset": ""} | data)


def test_a_ruleset_with_a_hundred_million_games_is_refused_with_the_range() -> None:
    client = organised()
    text_ = preset_text("alhambra").replace("games = 2", "games = 100000000", 1)
    assert "games = 100000000" in text_
    ruleset = SimpleUploadedFile("regeln.toml", text_.encode())
    before = counts()
    page = text(new_tournament(client, ruleset=ruleset, players="A\nB\nC\nD"))
    assert "zwischen 1 und 50" in page and counts() == before


@pytest.mark.parametrize(
    ("players", "says"),
    [("Anna\nBernd\n" + "x" * 1_000_000, "zu lang"), ("Anna\nBe\x00rnd\nClara", "unzulässiges")],
)
def test_absurd_player_lists_are_refused(players: str, says: str) -> None:
    client = organised()
    before = counts()
    file = SimpleUploadedFile("spieler.csv", players.encode())
    response = new_tournament(client, preset="alhambra", players_file=file)
    assert response.status_code == 200 and says in text(response)
    assert counts() == before


def test_a_million_players_are_refused_by_size() -> None:
    client = organised()
    file = SimpleUploadedFile("spieler.txt", b"\n".join(b"S%d" % i for i in range(1_000_000)))
    before = counts()
    assert "zu groß" in text(new_tournament(client, preset="alhambra", players_file=file))
    assert counts() == before


# -- finding 6: odd numbers in addresses --------------------------------------------------


@pytest.mark.parametrize("seed", ["²", "-1", "9" * 30, "1_000", "１２"])
def test_an_odd_seed_in_the_address_is_a_note_not_an_error(seed: str) -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    response = client.get(f"/turniere/{rec.pk}/auslosung/", {"seed": seed})
    assert response.status_code == 200
    assert "Neu gelost" in text(response) and 'id="seed">' in text(response)


# -- finding 7: formulas in the public ranking download --------------------------------------


def test_the_public_ranking_download_neutralises_formulas() -> None:
    names = ["=cmd|' /C calc'!A0", "@SUM(1+1)", "+1+1", "-2+3", "Dora", "Emil", "Fritz", "Gabi"]
    players = [Player(f"p{i}", n) for i, n in enumerate(names, start=1)]
    t = Tournament("Formeln", load_ruleset("alhambra"), players, seed=1)
    autoplay(t, seed=3)
    rec = save_new(t)
    csv = Client().get(reverse("export-csv", args=[rec.pk])).content.decode("utf-8-sig")
    for name in names[:4]:
        assert f"'{name}" in csv or f"\"'{name}" in csv
    assert all(not cell.startswith(("=", "+", "-", "@")) for line in csv.splitlines()
               for cell in line.split(";"))  # fmt: skip
    xlsx = Client().get(reverse("export-xlsx", args=[rec.pk])).content
    texts = [v for row in load_workbook(io.BytesIO(xlsx)).active.iter_rows(values_only=True)
             for v in row if isinstance(v, str)]  # fmt: skip
    assert texts and not [v for v in texts if v.startswith(("=", "+", "-", "@"))]


# -- degrade, never die: nothing can be written -----------------------------------------------


@pytest.fixture
def probed(tmp_path: Path) -> Iterator[Path]:
    """The storage probes a fresh folder (the database's own stays as it is)."""
    storage.watch(tmp_path)
    yield tmp_path
    storage.watch(None)


def test_while_nothing_can_be_written_pages_show_why_and_changes_are_refused(
    probed: Path,
) -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    storage.failed(storage.FULL)  # as after a write that found the disk full
    before = counts()
    response = client.post("/termine/neu/", {"name": "Sommerfest", "date": ""})
    page = text(response)
    assert response.status_code == 503 and "Der Datenträger ist voll" in page
    assert "Sommerfest" in page  # what was typed, to enter it later
    assert counts() == before
    for name in PAGES_AC:
        shown = text(client.get(reverse(name, args=[rec.pk])))
        assert "Nur lesen:" in shown and "Der Datenträger ist voll" in shown
    storage.watch(probed)  # the folder is probed afresh: writing works again
    assert client.post("/termine/neu/", {"name": "Sommerfest", "date": ""}).status_code == 302
    assert "Nur lesen:" not in text(client.get("/"))


# -- request bodies are bounded before the app reads them -----------------------------------


def test_a_request_body_over_the_limit_is_refused_before_it_is_read() -> None:
    sent: list[dict[str, Any]] = []
    asked: list[int] = []

    async def receive() -> dict[str, Any]:
        asked.append(1)
        return {"type": "http.request", "body": b"x" * 1024, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/turniere/laden/", "headers": [
        (b"host", b"localhost"), (b"content-length", str(100 * 2**20).encode())]}  # fmt: skip
    run_async(application(scope, receive, send))
    assert sent[0]["status"] == 413 and b"Zu gro" in sent[1]["body"] and not asked
