"""Hardened defaults for a club's network: login limits, security headers, HTTPS, deploy check."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.test import Client
from tests.web.loadclient import Server, free_port, server_env

pytestmark = pytest.mark.integration
PASSWORD = "ein-eigenes-passwort"


def tafelrunde(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run the command line in a process of its own."""
    code = "import sys; from tafelrunde.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=120
    )


def try_login(port: int, user: str, password: str) -> tuple[int, str]:
    """Post the login form as a browser would (CSRF cookie and token); status and page."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/anmelden/", headers={"Host": "localhost"})
    page = conn.getresponse()
    body = page.read().decode()
    cookie = re.search(r"csrftoken=([^;]+)", page.getheader("Set-Cookie") or "")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body)
    assert cookie and token
    form = {"csrfmiddlewaretoken": token[1], "username": user, "password": password}
    conn.request(
        "POST",
        "/anmelden/",
        body=urlencode(form),
        headers={
            "Host": "localhost",
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={cookie[1]}",
            "Referer": f"http://localhost:{port}/anmelden/",
        },
    )
    answer = conn.getresponse()
    text = answer.read().decode()
    conn.close()
    return answer.status, text


def test_wrong_passwords_lock_the_name_on_that_address_until_unlocked(tmp_path: Path) -> None:
    env = server_env(tmp_path / "daten")
    made = tafelrunde("createorganiser", "orga", "--password", PASSWORD, env=env)
    assert made.returncode == 0, made.stderr
    port = free_port()
    with Server(port, 1, env, tmp_path / "server.log"):
        for _ in range(9):
            status, page = try_login(port, "orga", "falsch")
            assert status == 200
            assert "Benutzername oder Passwort stimmt nicht." in page
        status, page = try_login(port, "orga", "falsch")  # the tenth
        assert status == 429
        assert "10 falsche Passwörter" in page
        assert "tafelrunde unlock NAME" in page
        assert try_login(port, "orga", PASSWORD)[0] == 429  # even the right one waits
        assert try_login(port, "jemand", "falsch")[0] == 200  # another name is not locked
        freed = tafelrunde("unlock", "orga", env=env)
        assert freed.returncode == 0, freed.stderr
        assert "orga: 1 gesperrte Adresse freigegeben." in freed.stdout
        assert try_login(port, "orga", PASSWORD)[0] == 302
        rest = tafelrunde("--lang", "en", "unlock", env=env)  # everybody: jemand's one try
        assert rest.stdout == "1 lock released.\n"
        again = tafelrunde("--lang", "en", "unlock", env=env)
        assert again.stdout == "Nothing was locked.\n"


def test_every_page_sends_a_content_security_policy_without_inline_code(
    client: Client, db: None
) -> None:
    for address in ("/", "/anmelden/"):
        response = client.get(address)
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy
        assert "style-src 'self'" in policy
        assert "unsafe-inline" not in policy
        assert "frame-ancestors 'none'" in policy
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"
        page = response.content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), "inline script"
        assert not re.search(r"\son[a-z]+=", page), "inline event handler"
        assert "style=" not in page


def deploy_check(https: bool) -> str:
    """The output of Django's `check --deploy` in a process of its own."""
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "tafelrunde.web.core.settings"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the browser tests' live server only
    env["TAFELRUNDE_HTTPS"] = "1" if https else "0"
    done = subprocess.run(
        [sys.executable, "-m", "django", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def test_the_deploy_check_finds_nothing_in_a_club_network_or_over_https() -> None:
    assert "no issues" in deploy_check(https=False)
    assert "no issues" in deploy_check(https=True)


def test_over_https_cookies_are_secure_and_hsts_is_sent(tmp_path: Path) -> None:
    env = server_env(tmp_path / "daten") | {"TAFELRUNDE_HTTPS": "1"}
    port = free_port()
    server = Server(port, 1, env, tmp_path / "server.log")
    server._answers = lambda: _answers_https(port)  # type: ignore[method-assign]
    with server:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/anmelden/", headers={"Host": "localhost"})
        plain = conn.getresponse()
        plain.read()
        assert plain.status == 301
        assert plain.getheader("Location", "").startswith("https://")
        conn.request(
            "GET", "/anmelden/", headers={"Host": "localhost", "X-Forwarded-Proto": "https"}
        )
        secure = conn.getresponse()
        secure.read()
        assert secure.status == 200
        assert "max-age=31536000" in (secure.getheader("Strict-Transport-Security") or "")
        cookie = secure.getheader("Set-Cookie") or ""
        assert "csrftoken=" in cookie and "Secure" in cookie
        conn.close()


def _answers_https(port: int) -> bool:
    """Tell whether the login page answers 200 behind an HTTPS proxy."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(
            "GET", "/anmelden/", headers={"Host": "localhost", "X-Forwarded-Proto": "https"}
        )
        return conn.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        conn.close()
