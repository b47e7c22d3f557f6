"""Python's cycle collector paused while a large piece of work runs, in any thread."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.Lock()
_PAUSED = [0, False]  # how many pauses run now, and whether the collector ran before the first


@contextmanager
def paused() -> Iterator[None]:
    """Pause the cycle collector while the work runs (it would scan each object the work
    holds time and again, and the work's objects die by their counts when it ends); the last
    pause to end restores the collector as it was before the first began."""
    with _LOCK:
        if _PAUSED[0] == 0:
            _PAUSED[1] = gc.isenabled()
            gc.disable()
        _PAUSED[0] += 1
    try:
        yield
    finally:
        with _LOCK:
            _PAUSED[0] -= 1
            if _PAUSED[0] == 0 and _PAUSED[1]:
                gc.enable()
