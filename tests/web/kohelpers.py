"""Helpers of the format-D page tests: a knockout made through its pages, its state, posts."""

from __future__ import annotations

import html
from datetime import date, timedelta
from typing import Any

from django.test import Client

from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.actions import table_token
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import TournamentRecord


def create(client: Client, names: list[str], day: date | None = None) -> TournamentRecord:
    day = day or date.today() + timedelta(days=7)
    data = {"name": "Schockabend", "preset": "schocken-ko", "players": "\n".join(names)}
    r = client.post("/turniere/neu/", data | {"event": "", "day": day.isoformat()})
    assert r.status_code == 302, r.content.decode()[:2000]
    return TournamentRecord.objects.latest("pk")


def state(rec: TournamentRecord) -> KnockoutState:
    rec.refresh_from_db()
    tour = engine_tournament(rec)
    return tour.state()  # type: ignore[union-attr]


def post(client: Client, rec: TournamentRecord, path: str, data: dict[str, Any]) -> Any:
    rec.refresh_from_db()
    return client.post(f"/turniere/{rec.pk}/{path}", {"version": rec.version} | data)


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


def pay_all(client: Client, rec: TournamentRecord) -> None:
    for pid, p in state(rec).players.items():
        if not p.paid and p.status != "withdrawn":
            assert post(client, rec, "anmeldung/pay/", {"player": pid}).status_code == 302


def lose(client: Client, rec: TournamentRecord, table: int, pid: str) -> Any:
    token = table_token(state(rec), table)
    return post(client, rec, f"ko-tische/{table}/verloren/", {"player": pid, "state": token})


def play_to_end(client: Client, rec: TournamentRecord) -> None:
    for _ in range(500):
        st = state(rec)
        if st.finished:
            return
        tables = st.open_tables()
        if not tables:
            r = post(client, rec, "ko-tische/eroeffnen/", {"all": "on"})
            assert r.status_code == 302, text(r)
            continue
        for t in tables:
            r = lose(client, rec, t.number, t.remaining[0])
            assert r.status_code == 302, text(r)
    raise AssertionError("the tournament did not end")
