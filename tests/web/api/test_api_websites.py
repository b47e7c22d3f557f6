"""The API as the club's websites use it: their scripts may read it (CORS for the listed
origins only), machine values beside the texts and the same in every language, readable
operation ids, and answers a browser may keep (ETag, Cache-Control, 304)."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

import pytest
from django.test import Client

from factories import tournaments_in_play
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Person, PlayerLink, Season
from tafelrunde.web.core.embedding import save
from tafelrunde.web.core.models import Event, TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SITE, OTHER = "https://www.wuerfelfreunde.de", "https://www.example.org"
DISPLAY = {"title", "columns", "detail", "values", "total", "value", "family", "stages"}
MACHINE = {"kind_key", "format_letter", "stage_keys", "numbers", "player", "criteria", "key",
           "stage_key", "points", "person", "rating", "family_key"}  # fmt: skip


def machine(found: Any) -> Any:
    """An answer without its texts for people."""
    if isinstance(found, dict):
        return {k: machine(v) for k, v in found.items() if k not in DISPLAY}
    if isinstance(found, list):
        return [machine(v) for v in found]
    return found


def keys(found: Any) -> set[str]:
    """Every key anywhere in an answer."""
    if isinstance(found, dict):
        return set(found) | {k for v in found.values() for k in keys(v)}
    return {k for v in found for k in keys(v)} if isinstance(found, list) else set()


def club() -> list[str]:
    """Tournaments of every format, a finished one's players as persons, a season: the
    addresses to ask."""
    made = tournaments_in_play()
    over = TournamentRecord.objects.get(pk=made["B"])
    for p in over.players:
        PlayerLink.objects.create(tournament=over, player=p["id"],
                                  person=Person.objects.create(name=p["name"]))  # fmt: skip
    season = Season.objects.create(name="Wertung", rules=load_season_rules("summe").source,
                                   event_kinds=[], date_from=datetime.date(2000, 1, 1))  # fmt: skip
    Event.objects.update(kind="Spieleabend")
    a, b, d = (f"tournaments/{made[k]}" for k in "ABD")
    return ["events", "tournaments", a, f"{a}/standings", f"{b}/ranking", f"{d}/ranking",
            "seasons", f"seasons/{season.pk}", "ratings"]  # fmt: skip


def test_machine_values_are_the_same_in_german_and_english() -> None:
    seen: set[str] = set()
    texts_differ = False
    for path in club():
        answers = {
            lang: json.loads(Client(HTTP_ACCEPT_LANGUAGE=lang).get(f"/api/v1/{path}").content)
            for lang in ("de", "en")
        }
        assert machine(answers["de"]) == machine(answers["en"]), path
        texts_differ |= answers["de"] != answers["en"]
        seen |= keys(answers["en"])
    assert texts_differ  # the texts for people did follow the language
    assert seen >= MACHINE, MACHINE - seen
    standings = json.loads(Client(HTTP_ACCEPT_LANGUAGE="de").get(f"/api/v1/{club_path()}").content)
    row = standings[0]["rows"][0]
    assert [float(v.replace(",", ".")) for v in row["values"]] == pytest.approx(row["numbers"])


def club_path() -> str:
    """The standings of the tournament in play."""
    return f"tournaments/{TournamentRecord.objects.get(name__icontains='gruppen').pk}/standings"


def test_the_listed_websites_scripts_may_read_the_api_and_no_other() -> None:
    save(SITE)
    listed = Client(HTTP_ORIGIN=SITE).get("/api/v1/events")
    assert listed["Access-Control-Allow-Origin"] == SITE
    assert "Origin" in listed["Vary"] and "ETag" in listed["Access-Control-Expose-Headers"]
    other = Client(HTTP_ORIGIN=OTHER).get("/api/v1/events")
    assert other.status_code == 200 and "Access-Control-Allow-Origin" not in other
    assert "Origin" in other["Vary"]
    preflight = {"HTTP_ACCESS_CONTROL_REQUEST_METHOD": "GET",
                 "HTTP_ACCESS_CONTROL_REQUEST_HEADERS": "if-none-match"}  # fmt: skip
    asked = Client(HTTP_ORIGIN=SITE).options("/api/v1/tournaments/1/ranking", **preflight)
    assert asked.status_code == 204 and asked["Access-Control-Allow-Origin"] == SITE
    assert "GET" in asked["Access-Control-Allow-Methods"]
    assert "If-None-Match" in asked["Access-Control-Allow-Headers"]
    refused = Client(HTTP_ORIGIN=OTHER).options("/api/v1/events", **preflight)
    assert not any(h.startswith("Access-Control") for h in refused.headers)
    page = Client(HTTP_ORIGIN=SITE).get("/")
    assert "Access-Control-Allow-Origin" not in page  # the pages stay the app's own


def test_operation_ids_are_readable_names() -> None:
    doc = json.loads(Client().get("/api/v1/openapi.json").content)
    ids = {ops["get"]["operationId"] for ops in doc["paths"].values()}
    assert ids == {"listEvents", "listTournaments", "getTournament", "getTournamentStandings",
                   "getTournamentRanking", "listSeasons", "getSeason", "listRatings"}  # fmt: skip
    assert all(re.fullmatch(r"[a-z][A-Za-z]{4,40}", i) for i in ids)


def test_a_browser_keeps_an_answer_until_it_changes() -> None:
    Event.objects.create(name="Spieleabend")
    first = Client().get("/api/v1/events")
    tag = first["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', tag) and "max-age=" in first["Cache-Control"]
    again = Client().get("/api/v1/events", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b""
    Event.objects.create(name="Schockabend")
    changed = Client().get("/api/v1/events", HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag
    feed = Client().get("/termine.ics")
    assert "max-age=" in feed["Cache-Control"]
    assert Client().get("/termine.ics", HTTP_IF_NONE_MATCH=feed["ETag"]).status_code == 304
