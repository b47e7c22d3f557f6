"""The changes this process knows of, per tournament, and the streams waiting for them.

One hub per app process. A change arrives from a request thread of this process, from
another process of the same SQLite database (`peers`) or from PostgreSQL's NOTIFY (every
process hears every change); the streams wait in the server's event loop. A stream only
ever holds a reference to a shared future, so an idle stream costs a waiting coroutine and
nothing else.

A tournament's streams are woken at most once per `PACE`: the first change after a quiet
moment at once, the ones that follow it closely together at the end of that moment, as the
newest change. A hall entering results several times a second thus sends each screen a few
events a second and gets a few refetches back, not one per result; what a change makes
stale is known at once all the same (`mark`, `known`).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass

PACE = 0.25  # seconds: a tournament's streams are woken at most this often
SITE = {"saved": 0}  # saves of anything but a tournament, in this process or told by another


@dataclass(frozen=True)
class Change:
    """A tournament as changed: its new revision and version (no revision: it was deleted)."""

    pk: int
    revision: str
    version: int

    @property
    def gone(self) -> bool:
        """Say whether the tournament was deleted."""
        return not self.revision

    def payload(self) -> str:
        """The change as one line of text (for PostgreSQL's NOTIFY)."""
        return f"{self.pk} {self.version} {self.revision}".rstrip()

    @classmethod
    def parse(cls, text: str) -> Change | None:
        """Read a change sent as one line of text; None when it is no change."""
        parts = text.split()
        if len(parts) not in (2, 3) or not all(p.isascii() and p.isdigit() for p in parts[:2]):
            return None
        revision = parts[2] if len(parts) == 3 else ""
        if len(revision) > 64 or (revision and not revision.isalnum()):
            return None
        return cls(int(parts[0]), revision, int(parts[1]))


class Hub:
    """The newest change per tournament this process heard of, numbered as it heard them."""

    def __init__(self) -> None:
        """Start knowing nothing and bound to no event loop."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.heard: dict[int, tuple[int, Change]] = {}  # tournament: (number heard, change)
        self.counter = 0
        self.waiting: dict[int, asyncio.Future[None]] = {}  # per tournament: its next wake
        self.woken: dict[int, float] = {}  # per tournament: when its streams were last woken
        self.due: dict[int, asyncio.TimerHandle] = {}  # per tournament: a wake to come
        self.streams: Counter[int] = Counter()  # open streams per tournament
        self.addresses: Counter[str] = Counter()  # open streams per client address
        self.opened = 0  # streams opened since the start (spreads their lifetimes)
        self.trusted = False  # every change reaches this hub (a listener or poller runs)

    def bind(self) -> None:
        """Serve the streams of the running event loop (a new loop starts afresh)."""
        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self.loop = loop
            self.waiting.clear()
            self.woken.clear()
            self.due.clear()
            self.streams.clear()
            self.addresses.clear()
            self.trusted = False

    def deliver(self, change: Change) -> None:
        """Take a change (in the event loop) and wake the streams of its tournament, now or
        at the end of the pace (then with the newest change)."""
        self.counter += 1
        self.heard[change.pk] = (self.counter, change)
        pk = change.pk
        if pk in self.due:
            return  # a wake is coming: it tells the newest change
        loop = asyncio.get_running_loop()
        wait = self.woken.get(pk, -PACE) + PACE - loop.time()
        if wait <= 0:
            self._wake(pk)
        else:
            self.due[pk] = loop.call_later(wait, self._wake, pk)

    def _wake(self, pk: int) -> None:
        """Wake the streams of the tournament."""
        self.due.pop(pk, None)
        self.woken[pk] = asyncio.get_running_loop().time()
        waiting = self.waiting.pop(pk, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    def publish(self, change: Change) -> None:
        """Take a change from any thread of this process (none bound: nobody listens here)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self.deliver, change)
        except RuntimeError:  # the loop closed meanwhile: nobody listens any more
            return

    def mark(self, pk: int) -> int:
        """The number of the latest change heard of this tournament (0: none yet)."""
        heard = self.heard.get(pk)
        return heard[0] if heard else 0

    def known(self, pk: int) -> Change | None:
        """The tournament's newest change, when this hub can vouch that it is the newest (it
        hears every change, and streams of the tournament are open, so it is watched)."""
        heard = self.heard.get(pk)
        return heard[1] if heard and self.trusted and self.streams[pk] > 0 else None

    def learn(self, change: Change, since: int) -> None:
        """Keep a change read from the database, unless a newer one was heard meanwhile."""
        if self.mark(change.pk) == since:
            self.deliver(change)

    def newer(self, pk: int, mark: int) -> tuple[int, Change] | None:
        """The newest change heard after `mark` that the streams may be told of now (none
        while a wake is coming: it will tell them)."""
        heard = self.heard.get(pk)
        return heard if heard and heard[0] > mark and pk not in self.due else None

    def next_wake(self, pk: int) -> asyncio.Future[None]:
        """The future every stream of the tournament waits on until its next wake."""
        waiting = self.waiting.get(pk)
        if waiting is None or waiting.done():
            waiting = self.waiting[pk] = asyncio.get_running_loop().create_future()
        return waiting

    def watched(self) -> list[int]:
        """The tournaments that have open streams in this process."""
        return [pk for pk, n in self.streams.items() if n > 0]


HUB = Hub()
