"""The event stream on real servers: a change made through one app process reaches the
streams of another (PostgreSQL's NOTIFY; SQLite: a datagram to the other process's
socket), and a page that reconnects catches up by the last id it saw.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from loadclient import Browser, Server, draw, free_port, prepared, server_env
from sseclient import Listener

pytestmark = [pytest.mark.integration, pytest.mark.both_databases]

USER, PASSWORD = "leitung", "live-passwort"


def test_a_result_entered_through_one_process_reaches_a_stream_of_another(
    tmp_path: Path, database_url: str
) -> None:
    """Draw and a result posted to server A arrive as events at a stream of server B."""
    env = server_env(tmp_path, database_url)
    made = prepared(env, 12, USER, PASSWORD)
    pk = made["pk"]
    port_a, port_b = free_port(), free_port()
    with Server(port_a, 1, env, tmp_path / "a.log"), Server(port_b, 1, env, tmp_path / "b.log"):
        first = Listener(port_b, pk)
        assert first.status == 200
        assert first.wait(1, 10), "no event with the current revision"
        now = first.events[0]
        assert now.name == "change" and now.id == now.data["revision"]
        listener = Listener(port_b, pk, rev=now.id)
        organiser = Browser(port_a, USER, PASSWORD)
        assert draw(organiser, pk, made["seed"])
        assert listener.wait(1, 10), "the draw did not reach the other process"
        drawn = listener.events[0]
        assert drawn.id != now.id and drawn.data["version"] == 1
        status, _ = organiser.post(f"/turniere/{pk}/ergebnis/", made["forms"][0])
        assert status == 302
        assert listener.wait(2, 10), "the result did not reach the other process"
        assert listener.events[1].data["version"] == 2
        # a page that saw only the draw reconnects: it is told of the result at once
        again = Listener(port_b, pk, last_id=drawn.id)
        assert again.wait(1, 10)
        assert again.events[0].id == listener.events[1].id
        # a page up to date hears nothing until the next change
        quiet = Listener(port_b, pk, rev=listener.events[1].id)
        assert not quiet.wait(1, 1.5)
        for one in (first, listener, again, quiet):
            one.close()
        organiser.close()


def test_the_stream_of_an_unknown_tournament_is_refused(tmp_path: Path, database_url: str) -> None:
    """No such tournament: 404 in words, no stream."""
    env = server_env(tmp_path, database_url)
    prepared(env, 3, USER, PASSWORD)
    port = free_port()
    with Server(port, 1, env, tmp_path / "s.log"):
        listener = Listener(port, 987654)
        assert listener.status == 404
        listener.close()
