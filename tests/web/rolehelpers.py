"""Shared helpers of the role tests: logins with a role, tournaments of formats A and D ready
for results (A drawn; D paid with its first tables open)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client
from webhelpers import fresh, organiser

from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.actions import table_token
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import engine_tournament, save_new
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.roles import REFEREE, Role, set_role

REFUSED = "Das darf nur die Turnierleitung."
KO_NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gustav", "Hanna"]


def login(client: Client, username: str, role: Role) -> Any:
    """Create a login with this role (once) and log the client in."""
    users = get_user_model().objects
    user = users.filter(username=username).first() or users.create_user(username, "", "geheim-1")
    set_role(user, role)
    client.force_login(user)
    return user


def referee(client: Client, username: str = "schiri") -> Any:
    """Create a referee and log the client in."""
    return login(client, username, REFEREE)


def drawn_group(n: int = 8) -> tuple[int, TournamentState]:
    """A format-A tournament of n players ("Spieler 1" …), its first game drawn."""
    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, n + 1)]
    tour = Tournament("Abend", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=3))
    return int(save_new(tour).pk), state


def ko_state(pk: int) -> KnockoutState:
    """The state of a stored format-D tournament."""
    return engine_tournament(fresh(pk)).state()  # type: ignore[union-attr]


def ko_post(client: Client, pk: int, path: str, data: dict[str, Any]) -> Any:
    """Send a format-D form with the tournament's current version."""
    return client.post(f"/turniere/{pk}/{path}", {"version": fresh(pk).version} | data)


def open_knockout(boss: Client, names: list[str] | None = None) -> TournamentRecord:
    """A format-D tournament set up by the organisers: players registered and paid, the
    suggested tables open."""
    day = (date.today() + timedelta(days=7)).isoformat()
    players = "\n".join(names or KO_NAMES)
    data = {"name": "Schockabend", "preset": "schocken-ko", "players": players, "event": ""}
    response = boss.post("/turniere/neu/", data | {"day": day})
    assert response.status_code == 302, response.content.decode()[:2000]
    rec = TournamentRecord.objects.latest("pk")
    assert ko_post(boss, rec.pk, "anmeldung/alle-bezahlt/", {}).status_code == 302
    assert ko_post(boss, rec.pk, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
    assert ko_state(rec.pk).open_tables()
    return fresh(rec.pk)


def lost_data(pk: int, table: int, player: str) -> dict[str, Any]:
    """The fields of a table's "lost the game" button."""
    return {"player": player, "state": table_token(ko_state(pk), table)}


def boss_client() -> Client:
    """A client logged in as an organiser."""
    client = Client()
    organiser(client)
    return client
