"""A plan is computed in a process of its own beside the server (a real one, SQLite): while it
runs the server's own process does not compute it, and when the server dies (kill -9) the
plan's process ends with it instead of computing on for nobody."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from loadclient import Browser, Server, free_port, prepared, rss_and_files, server_env, server_pids

pytestmark = [pytest.mark.integration]

USER, PASSWORD = "leitung", "plan-passwort"
HEAVY = {"preset": "schocken-ko", "players": "2000", "tables": "500", "seed": "7"}
WAIT = 60  # seconds a condition may take at most


def planning_processes(root: int) -> list[int]:
    """The processes below the server that compute a plan."""
    found = []
    for pid in server_pids(root)[1:]:
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"plan_process" in line:
            found.append(pid)
    return found


def alive(pid: int) -> bool:
    """Say whether a process runs (a zombie waiting for its parent does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_plan_runs_beside_the_server_and_ends_when_the_server_dies(tmp_path: Path) -> None:
    env = server_env(tmp_path)
    prepared(env, 12, USER, PASSWORD)
    server = Server(free_port(), 1, env, tmp_path / "s.log").start()
    try:
        assert server.proc is not None
        root = server.proc.pid
        organiser = Browser(server.port, USER, PASSWORD)
        status, _ = organiser.post("/planung/", HEAVY)
        assert status == 302 and "/planung/" in organiser.location
        deadline = time.monotonic() + WAIT
        while not (found := planning_processes(root)):
            assert time.monotonic() < deadline, "no process of its own computes the plan"
            time.sleep(0.02)
        child = found[0]
        work = rss_and_files(child)[2]
        while rss_and_files(child)[2] - work < 0.5:  # it computes (half a second of CPU)
            assert alive(child) and time.monotonic() < deadline
            time.sleep(0.02)
        organiser.close()
        os.kill(root, signal.SIGKILL)  # the server alone, as a crash would end it
        server.proc.wait(WAIT)
        deadline = time.monotonic() + WAIT
        while alive(child):
            assert time.monotonic() < deadline, "the plan's process computes on for nobody"
            time.sleep(0.02)
    finally:
        server.kill()
