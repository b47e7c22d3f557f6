"""The read-only JSON API `/api/v1/`: its OpenAPI document is valid and describes every
answer; names and results only; unknown and malformed addresses get a clear 404 or 422;
answers follow the tournament's changes; requests are limited per address."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from openapi_spec_validator import validate
from webhelpers import organiser

from factories import tournaments_in_play
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]


def get(path: str, status: int = 200) -> Any:
    """An API answer's JSON, with the status asked for."""
    answer = Client().get(f"/api/v1/{path}")
    assert answer.status_code == status, (path, answer.status_code, answer.content[:300])
    assert answer["Content-Type"].startswith("application/json")
    return json.loads(answer.content)


def test_the_openapi_document_is_valid_and_names_every_address() -> None:
    doc = get("openapi.json")
    validate(doc)  # OpenAPI 3 as the specification says
    assert doc["openapi"].startswith("3.")
    paths = set(doc["paths"])
    assert paths == {
        "/api/v1/events", "/api/v1/tournaments", "/api/v1/tournaments/{pk}",
        "/api/v1/tournaments/{pk}/standings", "/api/v1/tournaments/{pk}/ranking",
        "/api/v1/seasons", "/api/v1/seasons/{pk}", "/api/v1/ratings",
    }  # fmt: skip
    assert all(set(ops) == {"get"} for ops in doc["paths"].values())  # read-only
    for path, ops in doc["paths"].items():  # every answer a client may get is documented
        answers = set(ops["get"]["responses"])
        assert answers == ({"200", "404", "422", "429"} if "{pk}" in path else {"200", "429"})


def test_events_tournaments_standings_and_rankings_as_the_pages_show_them() -> None:
    made = tournaments_in_play()
    events = get("events")
    assert events and all(
        set(e) == {"id", "name", "date", "kind", "kind_key", "tournaments"} for e in events
    )
    listed = get("tournaments")
    assert {t["id"] for t in listed} == set(made.values())
    a = get(f"tournaments/{made['A']}")
    assert a["started"] and not a["finished"] and a["stages"]
    b = get(f"tournaments/{made['B']}")
    assert b["finished"]
    stages = get(f"tournaments/{made['A']}/standings")
    assert stages[0]["rows"] and stages[0]["columns"]
    first = stages[0]["rows"][0]
    assert first["rank"] == 1 and len(first["values"]) == len(stages[0]["columns"])
    final = get(f"tournaments/{made['B']}/ranking")
    assert final["final"] and final["title"] == "Endstand" and final["rows"][0]["place"] == 1
    page = Client().get(f"/turniere/{made['B']}/endstand/").content.decode()
    assert all(r["name"] in page for r in final["rows"])  # the same names as the page
    d = get(f"tournaments/{made['D']}/ranking")
    assert not d["final"]
    assert get(f"tournaments/{made['D']}/standings") == []  # format D: lives, not standings
    assert get("seasons") == [] and isinstance(get("ratings"), list)


def test_the_api_never_shows_an_e_mail_a_note_or_the_membership() -> None:
    made = tournaments_in_play()
    rec = TournamentRecord.objects.get(pk=made["B"])
    person = Person.objects.create(
        name="Anna Geheim", email="anna@example.org", note="Ehrenmitglied", member=True
    )
    PlayerLink.objects.create(tournament=rec, player=rec.players[0]["id"], person=person)
    said = "".join(
        Client().get(f"/api/v1/{p}").content.decode()
        for p in ("events", "tournaments", f"tournaments/{rec.pk}", f"tournaments/{rec.pk}/ranking",
                  "seasons", "ratings", "openapi.json")
    )  # fmt: skip
    assert "anna@example.org" not in said and "Ehrenmitglied" not in said
    assert "member" not in said.lower() and "email" not in said.lower()


def test_unknown_and_malformed_addresses_get_a_clear_answer() -> None:
    tournaments_in_play()
    for path in ("tournaments/999999", "tournaments/99999999999999999999", "tournaments/0",
                 "tournaments/-1", "seasons/424242"):  # fmt: skip
        answer = Client().get(f"/api/v1/{path}")
        assert answer.status_code in (404, 422), (path, answer.status_code)
        assert "detail" in json.loads(answer.content)
    for path in ("tournaments/abc", "tournaments/1%00", "seasons/%3Cscript%3E"):
        answer = Client().get(f"/api/v1/{path}")
        assert answer.status_code in (404, 422) and b"Traceback" not in answer.content
    assert Client().post("/api/v1/events").status_code == 405
    client = Client()
    organiser(client)
    assert client.delete("/api/v1/tournaments/1").status_code == 405  # read-only, logged in too


def test_answers_follow_the_tournament_and_requests_are_limited_per_address() -> None:
    made = tournaments_in_play()
    client = Client()
    before = client.get(f"/api/v1/tournaments/{made['C']}/standings").content
    again = client.get(f"/api/v1/tournaments/{made['C']}/standings").content
    assert before == again
    from webhelpers import enter_result, state_of

    organiser(client)
    st = state_of(made["C"]).current
    assert st is not None
    game, table = st.missing_results()[0]
    import random

    enter_result(client, made["C"], game, table, random.Random(3))
    assert Client().get(f"/api/v1/tournaments/{made['C']}/standings").content != before
    crowd = Client(REMOTE_ADDR="203.0.113.9")
    answers = [crowd.get("/api/v1/events").status_code for _ in range(605)]
    assert answers[:600] == [200] * 600 and answers[-1] == 429
    assert Client(REMOTE_ADDR="203.0.113.10").get("/api/v1/events").status_code == 200
