"""A thread of this process that works through what the database holds for it (queued plans,
mails to send): started when there is something to do, ending when nothing is left."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from django.db import connection

from tafelrunde.web.core import storage

T = TypeVar("T")
log = logging.getLogger(__name__)


class Worker(Generic[T]):
    """Takes one piece of work at a time (`take`; None: nothing left) and does it (`do`)."""

    def __init__(self, name: str, take: Callable[[], T | None], do: Callable[[T], None]) -> None:
        """A worker of this name; no thread runs yet."""
        self.name, self.take, self.do = name, take, do
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._again = False  # work came while the thread was looking: look once more

    def kick(self) -> None:
        """Make sure a thread looks for work (while the database can be written)."""
        if storage.blocked():
            return  # nothing could be stored; the next occasion starts it
        with self._lock:
            self._again = True
            if self._thread is not None and self._thread.is_alive():
                return
            self._thread = threading.Thread(target=self._work, name=self.name, daemon=True)
            self._thread.start()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until the thread has nothing more to do; say whether it has."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def _work(self) -> None:
        """Take and do work until none is left."""
        try:
            while True:
                with self._lock:
                    self._again = False
                found = self.take()
                if found is not None:
                    self.do(found)
                    continue
                with self._lock:
                    if not self._again:
                        self._thread = None
                        return
        except Exception:
            log.exception("%s stopped", self.name)
            with self._lock:
                self._thread = None
        finally:
            connection.close()
