"""Simultaneous requests against a real server: a rig (the server and a process on its database
that makes and reads the state), phones on distinct addresses, and N requests at once.

Each phone has a connection of its own from a loopback address of its own (127.1.x.y), so
the server counts every phone as another device, as in the hall. `at_once` starts every
request behind one barrier and returns each one's answer.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import secrets
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from loadclient import NO_ANSWER, Server, device, free_port, server_env

SHELL = Path(__file__).resolve().parent / "raceshell.py"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@dataclass(frozen=True)
class Answer:
    """What a request got: its status (NO_ANSWER: none), where it leads, and its page."""

    status: int
    location: str = ""
    page: str = ""


class Phone:
    """One device: its own address, connection and cookies."""

    def __init__(self, port: int, k: int) -> None:
        """Connect from the k-th device's address."""
        self.port, self.address = port, device(k)
        self.conn = self._connect()
        self.cookies: dict[str, str] = {}
        self.token = ""

    def _connect(self) -> http.client.HTTPConnection:
        """A connection from this device's address."""
        return http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=120, source_address=(self.address, 0)
        )

    def _send(self, method: str, path: str, body: str = "") -> Answer:
        """Send a request and read its answer (cookies kept)."""
        headers = {"Host": "localhost", "Referer": "http://localhost/"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.conn.request(method, path, body=body or None, headers=headers)
            response = self.conn.getresponse()
            page = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = self._connect()
            return Answer(NO_ANSWER)
        for header in response.headers.get_all("Set-Cookie") or []:
            name, value = header.split(";")[0].split("=", 1)
            self.cookies[name] = value
        if found := TOKEN.search(page):
            self.token = found.group(1)
        return Answer(response.status, response.headers.get("Location", ""), page)

    def twin(self) -> Phone:
        """The same device (its cookies) on a second connection, e.g. for a double tap."""
        other = Phone(self.port, 0)
        other.address, other.cookies, other.token = self.address, dict(self.cookies), self.token
        other.conn = other._connect()
        return other

    def get(self, path: str) -> Answer:
        """GET a page (its form's CSRF token is kept)."""
        return self._send("GET", path)

    def post(self, path: str, fields: dict[str, Any]) -> Answer:
        """POST a form with the CSRF token of the last page."""
        token = self.token or self.cookies.get("csrftoken", "")
        body = urlencode({"csrfmiddlewaretoken": token, **fields}, doseq=True)
        return self._send("POST", path, body)

    def log_in(self, user: str, password: str) -> Phone:
        """Log in as a member of the staff."""
        self.get("/anmelden/")
        answer = self.post("/anmelden/", {"username": user, "password": password})
        assert answer.status == 302, answer
        self.token = self.cookies["csrftoken"]
        return self

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


def cancelling(phone: Phone, token: str) -> Callable[[], Answer]:
    """A player's tap on "Abmelden" on their pass (the pass opened now, the tap sent later)."""
    phone.get(f"/pass/{token}/")
    return lambda: phone.post(f"/pass/{token}/", {"action": "cancel"})


def signing_up(phone: Phone, pk: int, name: str) -> Callable[[], Answer]:
    """A new sign-up from the tournament's form (the form opened now, sent later)."""
    phone.get(f"/turniere/{pk}/mitspielen/")
    fields = {"name": name, "email": "", "note": "", "code": "", "website": ""}
    return lambda: phone.post(f"/turniere/{pk}/mitspielen/", fields)


def at_once(jobs: list[Callable[[], Answer]], timeout: float = 120) -> list[Answer]:
    """Run every job in a thread of its own, all started behind one barrier; their answers."""
    start = threading.Barrier(len(jobs))
    answers: list[Answer | None] = [None] * len(jobs)

    def run(k: int) -> None:
        start.wait()
        answers[k] = jobs[k]()

    threads = [threading.Thread(target=run, args=(k,), daemon=True) for k in range(len(jobs))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout)
    return [a if a is not None else Answer(NO_ANSWER) for a in answers]


class Rig:
    """A real server and a process on its database that makes and reads the race's state."""

    def __init__(self, folder: Path, url: str) -> None:
        """Start the state's process and the server (2 processes on PostgreSQL)."""
        self.env = server_env(folder, url)
        self.shell = subprocess.Popen(
            [sys.executable, str(SHELL)], env=self.env, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.login = self.call("begin")
        self.port = free_port()
        self.server = Server(self.port, 2 if url else 1, self.env, folder / "server.log").start()
        self.devices = 0

    def call(self, name: str, **kwargs: Any) -> Any:
        """Run a function of `raceshell` on the server's database; its answer."""
        assert self.shell.stdin is not None and self.shell.stdout is not None
        self.shell.stdin.write(json.dumps({"call": name, "kwargs": kwargs}) + "\n")
        self.shell.stdin.flush()
        answer = json.loads(self.shell.stdout.readline() or '{"error": "the shell ended"}')
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["ok"]

    def phone(self) -> Phone:
        """A new device on an address no other phone of this rig had."""
        self.devices += 1
        return Phone(self.port, self.devices)

    def staff(self) -> Phone:
        """A new device logged in as the organiser."""
        return self.phone().log_in(self.login["user"], self.login["password"])

    def log(self) -> str:
        """The server's log so far (its end)."""
        return (Path(self.env["TAFELRUNDE_DATA"]) / "server.log").read_text()[-4000:]

    def close(self) -> None:
        """Stop the server and the state's process."""
        self.server.stop()
        if self.shell.stdin is not None:
            self.shell.stdin.close()
        self.shell.wait(30)


@contextlib.contextmanager
def own_database(prefix: str = "rennen") -> Iterator[str]:
    """'' on SQLite; on the PostgreSQL pass a new, empty database, dropped at the end."""
    url = os.environ.get("TAFELRUNDE_DATABASE_URL", "")
    if not url:
        yield ""
        return
    import psycopg

    name = f"{prefix}_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlsplit(url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def rig(folder: Path) -> Iterator[Rig]:
    """A rig on SQLite, or on a database of its own on the PostgreSQL pass."""
    with own_database() as url:
        made = Rig(folder, url)
        try:
            yield made
        finally:
            made.close()
