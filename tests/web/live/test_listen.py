"""The SQLite process's look for changes made elsewhere keeps running when a look fails."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any

import pytest

from tafelrunde.web.live import listen
from tafelrunde.web.live.hub import Hub


async def until(holds: Callable[[], bool], seconds: float = 5.0) -> bool:
    """Wait until the condition holds (False: it did not within `seconds`)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not holds():
        if asyncio.get_running_loop().time() > deadline:
            return False
        await asyncio.sleep(0.005)
    return True


def test_a_look_that_fails_unexpectedly_is_tried_again_and_trust_comes_back(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(listen, "POLL_SECONDS", 0.01)
    seen: dict[str, Any] = {}

    async def run() -> None:
        hub = Hub()
        hub.bind()
        hub.streams["not a number"] += 1  # type: ignore[index]  # its reading fails (ValueError)
        task = asyncio.get_running_loop().create_task(listen.poll(hub, listen.hear(hub)))
        seen["started"] = await until(lambda: hub.trusted)
        seen["distrusted"] = await until(lambda: not hub.trusted)
        seen["running"] = not task.done()
        hub.streams.clear()  # nothing left that fails
        seen["trusted again"] = await until(lambda: hub.trusted)
        seen["still running"] = not task.done()
        task.cancel()

    with caplog.at_level(logging.WARNING, logger=listen.__name__):
        looking = threading.Thread(target=asyncio.run, args=(run(),))  # a loop of its own
        looking.start()  # (a browser test may hold this thread's loop)
        looking.join(timeout=30)
    assert seen == {"started": True, "distrusted": True, "running": True, "trusted again": True,
                    "still running": True}  # fmt: skip
    failures = [r for r in caplog.records if r.getMessage() == "looking for changes failed"]
    assert len(failures) == 1  # the first failure of a run, not one per look
