"""Values kept in this process by key (e.g. a tournament's number and revision), the latest
ones only, shared safely by the server's threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """The values last used, at most `limit` of them; the one used longest ago goes first."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept under the key, else made now (outside the lock) and kept."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = make()
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.limit:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every value (as after a restart)."""
        with self._lock:
            self._items.clear()
