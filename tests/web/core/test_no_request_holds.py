"""No one request holds every writer: a tournament file's replay (seconds for a big one) runs
before its one transaction, so another organiser's change meanwhile is stored at once
instead of after it (SQLite has one writer at a time; PostgreSQL never waited here)."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import close_old_connections
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from loadclient import finished

from factories import logged_in, not_started
from tafelrunde.web.core.domain.store import file_data
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def cpu_seconds(thread: list[int]) -> float:
    """The processor time a thread of this process has used so far (0 before it runs)."""
    if not thread:
        return 0.0
    stat = Path(f"/proc/self/task/{thread[0]}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")  # its user and system


def test_another_organisers_change_is_stored_while_a_big_file_is_replayed() -> None:
    big = TournamentRecord.objects.get(pk=finished(400)[0])
    sent = SimpleUploadedFile("turnier.json", json.dumps(file_data(big, with_log=True)).encode())
    body = encode_multipart(BOUNDARY, {"file": sent})  # (made here: the request comes at once)
    other = not_started()["gruppenmodus"]
    version, before = (
        TournamentRecord.objects.get(pk=other).version,
        TournamentRecord.objects.count(),
    )
    loader, adder, ended = logged_in(), logged_in(), {}

    def load() -> None:
        try:
            thread.append(threading.get_native_id())
            answer = loader.generic("POST", "/turniere/laden/", body, MULTIPART_CONTENT)
            assert answer.status_code == 302, answer.content[-2000:]
            ended["load"] = time.monotonic()
        finally:
            close_old_connections()

    thread: list[int] = []
    loading = threading.Thread(target=load)
    loading.start()
    deadline = time.monotonic() + 60
    while cpu_seconds(thread) < 0.6 and loading.is_alive():  # the file read, its replay begun
        assert time.monotonic() < deadline, "the file was never read"
        time.sleep(0.01)  # (a condition polled: no event tells of a thread's processor time)
    added = adder.post(f"/turniere/{other}/spieler/", {"names": "Zoe", "version": version})
    ended["add"] = time.monotonic()
    loading.join(120)
    assert added.status_code == 302
    assert "load" in ended and ended["add"] < ended["load"], ended  # it did not wait
    assert TournamentRecord.objects.count() == before + 1  # the file's tournament, once
