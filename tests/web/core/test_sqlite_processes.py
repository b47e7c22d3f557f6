"""Two app processes on one SQLite file (as `tafelrunde serve --workers 2` runs them, here two
servers on one data folder, so each can be addressed): a change made through one reaches the
event streams of the other at once, and results posted through both at the same moment are
all answered and stored once each.
"""

from __future__ import annotations

import statistics
import threading
import time
from pathlib import Path

import pytest
from loadclient import Browser, draw, log_in, prepared, server_env, two_processes
from sseclient import Listener
from test_crash import assert_consistent, stored

from tafelrunde.web.live.hub import PACE

pytestmark = [pytest.mark.integration]

USER, PASSWORD = "leitung", "zwei-passwort"
CHANGES = 5  # results posted through one process, each heard by the other
AT_ONCE = 20  # results posted at the same moment, half through each process
ROUNDS = 3  # of them (the three games drawn at once)


def test_a_change_posted_through_one_process_is_heard_by_the_other_at_once(
    tmp_path: Path,
) -> None:
    """Every result posted to A reaches a stream held by B within half a second after the
    pace (a change close behind another is told at the end of the pace; the look at the
    database every 2 s alone would miss that, for all five)."""
    env = server_env(tmp_path)
    made = prepared(env, 24, USER, PASSWORD)
    pk = made["pk"]
    with two_processes(tmp_path, env) as (port_a, port_b):
        organiser = Browser(port_a, USER, PASSWORD)
        assert draw(organiser, pk, made["seed"])
        listener = Listener(port_b, pk)
        assert listener.status == 200 and listener.wait(1, 10)
        delays = []
        for k, form in enumerate(made["forms"][:CHANGES], start=1):
            status, _ = organiser.post(f"/turniere/{pk}/ergebnis/", form)
            answered = time.monotonic()
            assert status == 302
            assert listener.wait(1 + k, 10), "the result did not reach the other process"
            heard = listener.events[-1]
            assert heard.data["version"] == 1 + k
            delays.append(heard.at - answered)  # below 0: heard before the POST was answered
        listener.close()
        organiser.close()
    print(f"\nheard in the other process after the POST's answer: "
          f"{', '.join(f'{d * 1000:.1f}' for d in delays)} ms")  # fmt: skip
    assert max(delays) < PACE + 0.5, delays


def test_results_posted_through_two_processes_at_once_are_each_stored_once(
    tmp_path: Path,
) -> None:
    """Twenty organisers' phones post results of twenty tables at the same moment, half to
    each process, three times: every one answered and stored, nothing twice, no gap."""
    env = server_env(tmp_path)
    made = prepared(env, 4 * AT_ONCE, USER, PASSWORD)  # AT_ONCE tables per game, 3 games
    pk, forms = made["pk"], made["forms"]
    assert len(forms) == ROUNDS * AT_ONCE
    with two_processes(tmp_path, env) as (port_a, port_b):
        phones = log_in(port_a, USER, PASSWORD, AT_ONCE // 2, logins=2)
        phones += [Browser.phone(port_b) for _ in range(AT_ONCE // 2)]
        for phone, twin in zip(phones[AT_ONCE // 2 :], phones, strict=False):
            phone.cookies, phone.token = dict(twin.cookies), twin.token  # the same logins on B
        assert draw(phones[0], pk, made["seed"])
        seconds: list[float] = []
        for game in range(ROUNDS):
            seconds += at_once(phones, pk, forms[game * AT_ONCE : (game + 1) * AT_ONCE])
        for phone in phones:
            phone.close()
    logs = (tmp_path / "a.log").read_text() + (tmp_path / "b.log").read_text()
    assert "database is locked" not in logs and "Traceback" not in logs, logs[-3000:]
    got = stored(tmp_path, "", pk)
    assert_consistent(got)
    assert sorted(got["results"]) == sorted((int(f["game"]), int(f["table"])) for f in forms)
    median, slowest = statistics.median(seconds) * 1000, max(seconds) * 1000
    print(f"\n{len(seconds)} results, {AT_ONCE} at a time through 2 processes: median "
          f"{median:.0f} ms, slowest {slowest:.0f} ms")  # fmt: skip


def at_once(phones: list[Browser], pk: int, forms: list[dict[str, str]]) -> list[float]:
    """Each phone posts its form, all behind one barrier; every one accepted; their seconds."""
    start = threading.Barrier(len(forms))
    answers: list[tuple[int, str, float]] = []

    def post(phone: Browser, form: dict[str, str]) -> None:
        start.wait()
        began = time.monotonic()
        status, _ = phone.post(f"/turniere/{pk}/ergebnis/", form)
        answers.append((status, phone.location, time.monotonic() - began))

    threads = [threading.Thread(target=post, args=pair) for pair in zip(phones, forms, strict=True)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(120)
    assert len(answers) == len(forms)
    assert all(status == 302 and "/tische/" in where for status, where, _ in answers), answers
    return [took for _, _, took in answers]
