"""Every address of the organisers' app, decided for the referee (allowed or 403) and for
somebody not logged in (the login page for every change), on GET and on POST.

The list comes from the URL resolver: a new address without a decision here fails
`test_every_address_of_the_organisers_app_has_a_decision`.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rolehelpers import REFUSED, drawn_group, open_knockout, referee
from webhelpers import counts, fresh, organiser, text

from tafelrunde.web.core.domain.club_presets import save_preset
from tafelrunde.web.core.models import AuditEntry, ClubPreset, Event, FactRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

READ = "read"  # a page everybody reads: 200 (a POST to it only shows it again)
REFUSED_403 = "refused"  # only the organisers: 403 with the refusal page
ONLY_POST = "only-post"  # a referee's change, sent by a form: GET answers 405
ALLOWED = "allowed"  # a referee's change: the form is handled (stored, or refused at a field)
STAFF_READ = "staff-read"  # a page of the organisers and referees: 200; others go to the login

# the referee's answer at each address: (GET, POST)
REFEREE: dict[str, tuple[str, str]] = {
    "event-new": (REFUSED_403, REFUSED_403),
    "event-edit": (REFUSED_403, REFUSED_403),
    "event-delete": (REFUSED_403, REFUSED_403),
    "tournament-new": (REFUSED_403, REFUSED_403),
    "tournament-import": (REFUSED_403, REFUSED_403),
    "club-presets": (REFUSED_403, REFUSED_403),
    "club-preset-file": (REFUSED_403, REFUSED_403),
    "club-preset-delete": (REFUSED_403, REFUSED_403),
    "logins": (REFUSED_403, REFUSED_403),
    "login-role": (REFUSED_403, REFUSED_403),
    "login-remove": (REFUSED_403, REFUSED_403),
    "planning": (REFUSED_403, REFUSED_403),
    "plan": (REFUSED_403, REFUSED_403),
    "plan-status": (REFUSED_403, REFUSED_403),
    "plan-again": (REFUSED_403, REFUSED_403),
    "tournament-delete": (REFUSED_403, REFUSED_403),
    "tournament-event": (REFUSED_403, REFUSED_403),
    "rules": (READ, REFUSED_403),
    "rules-preset": (REFUSED_403, REFUSED_403),
    "players": (READ, REFUSED_403),
    "player-remove": (REFUSED_403, REFUSED_403),
    "player-withdraw": (REFUSED_403, REFUSED_403),
    "player-join": (REFUSED_403, REFUSED_403),
    "draw": (READ, REFUSED_403),
    "tables": (READ, READ),
    "result": (ONLY_POST, ALLOWED),
    "rolloff": (ONLY_POST, ALLOWED),
    "undo": (ONLY_POST, ALLOWED),
    "board": (STAFF_READ, STAFF_READ),
    "board-settle": (ONLY_POST, ALLOWED),
    "board-rolloff": (ONLY_POST, ALLOWED),
    "table-links": (STAFF_READ, STAFF_READ),
    "table-links-renew": (REFUSED_403, REFUSED_403),
    "embed-page": (REFUSED_403, REFUSED_403),
    "sign-up-desk": (REFUSED_403, REFUSED_403),
    "passes": (STAFF_READ, REFUSED_403),
    "projector-settings": (REFUSED_403, REFUSED_403),
    "ko-players": (READ, READ),
    "ko-register": (REFUSED_403, REFUSED_403),
    "ko-pay-all": (REFUSED_403, REFUSED_403),
    "ko-mark": (REFUSED_403, REFUSED_403),
    "ko-tables": (READ, READ),
    "ko-open": (REFUSED_403, REFUSED_403),
    "ko-open-hand": (REFUSED_403, REFUSED_403),
    "ko-hall": (REFUSED_403, REFUSED_403),
    "ko-lost": (ONLY_POST, ALLOWED),
    "ko-correct": (ONLY_POST, ALLOWED),
    "ko-schock-out": (ONLY_POST, ALLOWED),
    "ko-donate": (ONLY_POST, ALLOWED),
    "ko-undo": (ONLY_POST, ALLOWED),
}


def orga_routes() -> dict[str, str]:
    """Every named address whose view lives in the organisers' app, with its route."""
    found: dict[str, str] = {}

    def walk(patterns: list[Any], prefix: str) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern) and p.callback.__module__.startswith(
                "tafelrunde.web.orga."
            ):
                assert p.name, f"an address without a name: {prefix}{p.pattern}"
                found[p.name] = prefix + str(p.pattern)

    walk(get_resolver().url_patterns, "")
    return found


def test_every_address_of_the_organisers_app_has_a_decision() -> None:
    routes = orga_routes()
    assert set(routes) == set(REFEREE), (
        f"without a decision: {sorted(set(routes) - set(REFEREE))}; "
        f"gone: {sorted(set(REFEREE) - set(routes))}"
    )
    assert len(routes) >= 40


def address(route: str, name: str, ids: dict[str, int]) -> str:
    """The route with real numbers: the tournament of its format, an event, a preset ..."""
    if route.startswith("termine/"):
        pk = ids["event"]
    elif route.startswith("vorlagen/"):
        pk = ids["preset"]
    elif route.startswith("zugaenge/"):
        pk = ids["login"]
    elif route.startswith("planung/"):
        pk = 1
    else:
        pk = ids["ko" if name.startswith("ko-") else "group"]
    values = {"pk": str(pk), "pid": "p0001", "kind": "pay", "table": "1"}
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], route)


def stored_everything() -> tuple[Any, ...]:
    """What a refused or read request must leave as it was."""
    users = get_user_model().objects.order_by("pk")
    return (
        counts(),
        list(FactRecord.objects.order_by("pk").values_list("pk", "data")),
        list(users.values_list("username", "password", "groups__name")),
        list(Event.objects.values_list("pk", "name")),
        list(ClubPreset.objects.values_list("pk", "name")),
    )


@pytest.fixture
def world() -> dict[str, int]:
    """A format-A tournament drawn, a format-D one with open tables, an event, a club
    preset and a second organiser; made by the organisers."""
    boss = Client()
    organiser(boss)
    group, _ = drawn_group()
    ko = open_knockout(boss)
    event = Event.objects.create(name="Vereinsabend")
    preset = save_preset("Hausregeln", fresh(group).ruleset, user=None)
    other = get_user_model().objects.create_user("zweite-leitung", "", "geheim-2")
    return {"group": group, "ko": ko.pk, "event": event.pk, "preset": preset.pk,
            "login": other.pk}  # fmt: skip


def refusal_page(response: Any, route: str) -> None:
    """The 403 page: in words, with the way back (to the tournament, or to the start)."""
    page = text(response)
    assert response.status_code == 403
    assert f"<h1>{REFUSED}</h1>" in page
    assert "Angemeldet als schiri (Schiedsrichter)." in page
    back = re.search(r'<a class="button secondary" href="([^"]+)" id="back">([^<]+)</a>', page)
    assert back is not None
    if route.startswith("turniere/<int:pk>/"):
        assert re.fullmatch(r"/turniere/\d+/", back.group(1))
        assert back.group(2) == "Zurück zum Turnier"
    else:
        assert back.group(1) == "/" and back.group(2) == "Zur Startseite"


def test_the_referee_gets_the_decided_answer_at_every_address(world: dict[str, int]) -> None:
    client = Client()
    referee(client)
    before = stored_everything()
    for name, route in sorted(orga_routes().items()):
        url = address(route, name, world)
        get, post = REFEREE[name]
        response = client.get(url)
        if get == REFUSED_403:
            refusal_page(response, route)
        elif get == ONLY_POST:
            assert response.status_code == 405, (name, response.status_code)
        else:
            assert response.status_code == 200, (name, response.status_code)
        response = client.post(url, {"version": "1", "names": "Zoe", "player": "p0001"})
        if post == REFUSED_403:
            refusal_page(response, route)
            assert "Es wurde nichts gespeichert." in text(response)
        elif post == READ:
            assert response.status_code == 200, (name, response.status_code)
        else:  # handled by the view: a form with nonsense is refused, never a 403 or login
            assert response.status_code in (200, 302, 404), (name, response.status_code)
            assert "/anmelden/" not in response.get("Location", ""), name
        assert stored_everything() == before, name  # nonsense and refusals store nothing


def test_somebody_not_logged_in_reads_and_is_sent_to_the_login_for_every_change(
    world: dict[str, int],
) -> None:
    anonymous = Client()
    before = stored_everything()
    for name, route in sorted(orga_routes().items()):
        url = address(route, name, world)
        get, post = REFEREE[name]
        for method, decided in (("get", get), ("post", post)):
            response = getattr(anonymous, method)(url, {"version": "1", "player": "p0001"})
            if decided == READ:
                assert response.status_code == 200, (name, method, response.status_code)
                assert "Das darf nur" not in text(response)
            else:
                assert response.status_code == 302, (name, method, response.status_code)
                assert response["Location"].startswith("/anmelden/?next="), (name, method)
    assert stored_everything() == before


def test_the_organisers_are_refused_nowhere(world: dict[str, int]) -> None:
    boss = Client()
    organiser(boss)
    for name, route in sorted(orga_routes().items()):
        response = boss.get(address(route, name, world))
        assert response.status_code in (200, 302, 404, 405), (name, response.status_code)
        assert REFUSED not in text(response), name


def test_a_demoted_organiser_is_refused_at_once_and_a_removed_login_is_logged_out() -> None:
    boss, other = Client(), Client()
    organiser(boss)
    second = organiser(other, "zweite-leitung")
    assert other.get("/turniere/neu/").status_code == 200
    response = boss.post(f"/zugaenge/{second.pk}/rolle/", {"role": "referee"})
    assert response.status_code == 302
    assert other.get("/turniere/neu/").status_code == 403  # the same session, now a referee
    assert boss.post(f"/zugaenge/{second.pk}/entfernen/").status_code == 302
    response = other.get("/turniere/neu/")
    assert response.status_code == 302 and response["Location"].startswith("/anmelden/")
    log = [e.said.text("de") for e in AuditEntry.objects.order_by("pk")]
    assert log[-2:] == [
        "Anmeldung „zweite-leitung“ ist jetzt Schiedsrichter",
        "Anmeldung „zweite-leitung“ entfernt",
    ]
