"""Values kept in this process by key (e.g. a tournament's number and revision), the ones used
last only, shared safely by the server's threads: a cachetools LRU cache behind one lock."""

from __future__ import annotations

import hashlib
import io
import pickle
import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from cachetools import LRUCache

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """The values last used, at most `limit` of them; the one used longest ago goes first."""

    def __init__(
        self, limit: int, *, size: Callable[[V], int] | None = None, makers: int = 0
    ) -> None:
        """Keep `limit` values, or with `size` values of at most `limit` together (e.g. bytes;
        a larger one is not kept); `makers`: how many keys' making locks (default `limit`)."""
        self.limit = limit
        self._lock = threading.Lock()
        self._items: LRUCache[K, V] = LRUCache(maxsize=limit, getsizeof=size)
        self._makers: LRUCache[K, threading.Lock] = LRUCache(maxsize=makers or limit)

    def get(self, key: K, make: Callable[[], V], *, alone: bool = False) -> V:
        """The value kept under the key, else made now (outside the lock) and kept; `alone`:
        one thread makes it, the others asking for the same key wait and take it."""
        found = self.peek(key)
        if found is not None:
            return found
        if not alone:
            return self.put(key, make())
        with self.maker(key):
            found = self.peek(key)
            return found if found is not None else self.put(key, make())

    def peek(self, key: K) -> V | None:
        """The value kept under the key (now the one used last), or None."""
        with self._lock:
            return self._items.get(key)

    def put(self, key: K, value: V) -> V:
        """Keep the value under the key (the one used longest ago may go; one larger than the
        whole limit is not kept)."""
        with self._lock:
            try:
                self._items[key] = value
            except ValueError:  # too large to keep at all
                self._items.pop(key, None)
        return value

    def pop(self, key: K) -> V | None:
        """Take the value out (None: none was kept)."""
        with self._lock:
            return self._items.pop(key, None)

    def maker(self, key: K) -> threading.Lock:
        """The lock under which the key's value is made once for every thread that waits."""
        with self._lock:
            lock = self._makers.get(key)
            if lock is None:
                lock = self._makers[key] = threading.Lock()
            return lock

    def forget(self, gone: Callable[[K], bool]) -> None:
        """Forget the values whose key `gone` picks."""
        with self._lock:
            for key in [k for k in self._items if gone(k)]:
                del self._items[key]

    def clear(self) -> None:
        """Forget every value (as after a restart)."""
        with self._lock:
            self._items.clear()
            self._makers.clear()


class _Plain(pickle.Pickler):
    """Pickles plain data only (str, int, float, None, bytes, lists, tuples, dicts, sets):
    Python does those itself and asks here for everything else, which is refused."""

    def reducer_override(self, obj: Any) -> Any:
        """Refuse what is not plain data (its pickle might not show all it shows)."""
        raise _NotPlain


class _NotPlain(Exception):
    """Content that is not plain data."""


def fingerprint(*content: Any) -> bytes:
    """A short key for values kept by what they show, hashed: plain data pickled (a tenth of
    the time of its text form), anything else by its text form."""
    out = io.BytesIO()
    try:
        _Plain(out, protocol=5).dump(content)
        form = b"p" + out.getvalue()
    except _NotPlain:
        form = b"r" + repr(content).encode()
    return hashlib.blake2b(form, digest_size=20).digest()
