"""`tafelrunde serve --demo` and `createorganiser` from the command line; login; the demo."""

from __future__ import annotations

import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tafelrunde.web.core.backup import backup_sqlite
from tafelrunde.web.core.demo import DEMO_PASSWORD, DEMO_USER, EVENT, add_demo
from tafelrunde.web.core.models import Event, TournamentRecord

pytestmark = [pytest.mark.integration]


def tafelrunde(*args: str, data: Path, **kw: object) -> subprocess.CompletedProcess[str]:
    """Run the command in its own process (its own Django settings and data folder)."""
    env = {k: v for k, v in os.environ.items() if k != "TAFELRUNDE_DATABASE_URL"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, "-m", "tafelrunde.cli", *args, "--data", str(data)],
        capture_output=True, text=True, env=env, timeout=120, check=False, **kw,  # type: ignore[call-overload]
    )  # fmt: skip


def test_createorganiser_makes_a_login_and_refuses_a_short_password(tmp_path: Path) -> None:
    made = tafelrunde("createorganiser", "leitung", "--password", "sicher-genug", data=tmp_path)
    assert made.returncode == 0, made.stderr
    assert "Turnierleitung angelegt: leitung" in made.stdout
    short = tafelrunde("createorganiser", "kurz", "--password", "1234", data=tmp_path)
    assert short.returncode == 2
    assert "mindestens 8 Zeichen" in short.stdout + short.stderr
    with sqlite3.connect(tmp_path / "tafelrunde.sqlite3") as db:
        users = [r[0] for r in db.execute("select username from auth_user order by username")]
    assert users == ["leitung"]  # the refused one made nothing


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_serve_demo_prints_address_and_login_and_serves_the_demo(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "TAFELRUNDE_DATABASE_URL"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    cmd = [sys.executable, "-m", "tafelrunde.cli", "serve", "--demo", "--port", str(port)]
    server = subprocess.Popen(
        [*cmd, "--data", str(tmp_path)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert server.stdout is not None
        said = ""
        while "läuft unter" not in said:
            line = server.stdout.readline()
            assert line, said  # the server ended early
            said += line
        assert f"Anmeldung der Turnierleitung: {DEMO_USER} / {DEMO_PASSWORD}" in said
        assert f"http://127.0.0.1:{port}/" in said
        page = ""
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                    page = r.read().decode()
                break
            except OSError:
                time.sleep(0.2)
        assert EVENT in page
        for title in ("Würfeln im Gruppenmodus", "Alhambra-Turnier", "King-Lui-Turnier"):
            assert title in page
        assert "Schocken-K.-o." in page
        assert "King Lui – Online-Anmeldung offen" in page  # a sign-up with a waiting list
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_serve_with_two_workers_on_sqlite_serves_from_both_and_backs_up_once(
    tmp_path: Path,
) -> None:
    """`tafelrunde serve --workers 2` on SQLite: two app processes, both answering (each
    hears the other's changes on its socket, bound with its first event stream), and the
    backup at start made once, by the command, not by each process."""
    from loadclient import fetch, server_pids

    made = tafelrunde("createorganiser", "leitung", "--password", "richtig-1234", data=tmp_path)
    assert made.returncode == 0, made.stderr
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("TAFELRUNDE_DATABASE_URL",
                                                            "DJANGO_SETTINGS_MODULE")}  # fmt: skip
    cmd = [sys.executable, "-m", "tafelrunde.cli", "serve", "--workers", "2", "--port", str(port)]
    server = subprocess.Popen([*cmd, "--data", str(tmp_path)], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, env=env, text=True)  # fmt: skip
    meeting = tmp_path / ".tafelrunde.sqlite3-processes"
    try:
        assert server.stdout is not None
        said = ""
        while "127.0.0.1:" not in said:  # the start says where it runs, then listens
            said = server.stdout.readline()
            assert said, "the server ended before it ran"
        deadline = time.monotonic() + 30
        while not listening(port):  # a moment after it said so
            assert time.monotonic() < deadline and server.poll() is None, "not listening"
        hearing: set[int] = set()
        for _ in range(200):  # the kernel hands each connection to either process
            status = fetch(port, "/turniere/1/live/", timeout=10)[0]
            assert status == 404  # no such tournament (its process bound its socket first)
            hearing = {int(p.name) for p in meeting.iterdir() if p.name.isdigit()}
            if len(hearing) == 2:
                break
        workers = set(server_pids(server.pid)) - {server.pid}
        assert len(hearing) == 2 and hearing <= workers, (hearing, workers)
        assert len(list((tmp_path / "backups").glob("*.sqlite3"))) == 1
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.django_db
def test_the_demo_is_added_once_and_every_demo_page_opens() -> None:
    assert add_demo() is True
    assert add_demo() is False  # a second start adds nothing
    assert Event.objects.filter(name=EVENT).count() == 1
    formats = sorted(TournamentRecord.objects.values_list("format", flat=True))
    assert formats == ["A", "A", "B", "C", "D"]
    client = Client()
    login = client.post("/anmelden/", {"username": DEMO_USER, "password": DEMO_PASSWORD})
    assert login.status_code == 302
    for rec in TournamentRecord.objects.all():
        page = client.get(f"/turniere/{rec.pk}/").content.decode()
        links = set(re.findall(rf'href="(/turniere/{rec.pk}/[^"#?]*)"', page))
        assert len(links) >= 8
        for link in sorted(links):
            response = client.get(link, follow=True)  # the CSV before the end: a message
            assert response.status_code == 200, link
    played = TournamentRecord.objects.get(name="Gruppenmodus – fertig gespielt")
    ranking = client.get(f"/turniere/{played.pk}/endstand/").content.decode()
    assert "Endstand" in ranking and "(vorläufig)" not in ranking


@pytest.mark.django_db
def test_a_wrong_password_is_refused_in_words_and_logs_nobody_in() -> None:
    get_user_model().objects.create_user("leitung", password="richtig-1234")
    client = Client()
    response = client.post("/anmelden/", {"username": "leitung", "password": "falsch"})
    assert response.status_code == 200
    assert "Benutzername oder Passwort stimmt nicht." in response.content.decode()
    assert "_auth_user_id" not in client.session
    back = client.post("/anmelden/", {"username": "leitung", "password": "richtig-1234"})
    assert back.status_code == 302 and "_auth_user_id" in client.session


def test_a_start_backs_up_the_database_and_keeps_the_newest(tmp_path: Path) -> None:
    db = tmp_path / "tafelrunde.sqlite3"
    assert backup_sqlite(db, tmp_path / "backups") is None  # nothing yet to back up
    with sqlite3.connect(db) as con:
        con.execute("create table t (x text)")
        con.execute("insert into t values ('Anna')")
    copies = []
    (tmp_path / "backups").mkdir()
    for k in range(4):
        (tmp_path / "backups").joinpath(f"tafelrunde-2000-01-0{k + 1}-000000.sqlite3").touch()
    copies.append(backup_sqlite(db, tmp_path / "backups", keep=3))
    kept = sorted(p.name for p in (tmp_path / "backups").iterdir())
    assert len(kept) == 3 and copies[0] is not None and copies[0].name in kept
    with sqlite3.connect(copies[0]) as con:
        assert con.execute("select x from t").fetchall() == [("Anna",)]


@pytest.mark.django_db
def test_the_demo_shows_an_open_sign_up_with_its_places_taken_and_a_waiting_list() -> None:
    from tafelrunde.web.club.demo import add_club_demo
    from tafelrunde.web.player.demo import TOURNAMENT, add_sign_up_demo
    from tafelrunde.web.player.models import SignUp

    add_demo()
    add_club_demo()
    assert add_sign_up_demo() is True
    assert add_sign_up_demo() is False  # a second start adds nothing
    rec = TournamentRecord.objects.get(name=TOURNAMENT)
    statuses = list(SignUp.objects.filter(tournament=rec).values_list("status", flat=True))
    assert statuses.count(SignUp.PLAYING) == 4 and statuses.count(SignUp.WAITING) == 2
    page = Client().get(f"/turniere/{rec.pk}/").content.decode()
    assert f'href="/turniere/{rec.pk}/mitspielen/"' in page
    form = Client().get(f"/turniere/{rec.pk}/mitspielen/").content.decode()
    assert "Alle Plätze sind vergeben" in form and "(2 warten)" in form


def listening(port: int) -> bool:
    """Say whether a server accepts connections on the port now."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True
