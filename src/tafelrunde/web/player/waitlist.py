"""The order of an online sign-up: the first `capacity` sign-ups play, the others wait in the
order they came (at most `room` of them); when a player cancels, the first who waits moves
up. Pure: the sign-up pages keep their rows in the database and ask this module who plays
and who waits."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Waitlist:
    """Who plays and who waits (both in order), the places (None: no limit) and the places
    on the waiting list (None: no limit)."""

    capacity: int | None
    room: int | None = None
    playing: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)

    def full(self) -> bool:
        """Say whether every place is taken."""
        return self.capacity is not None and len(self.playing) >= self.capacity

    def closed(self) -> bool:
        """Say whether every place and every place on the waiting list is taken."""
        return self.full() and self.room is not None and len(self.waiting) >= self.room

    def sign_up(self, who: str) -> int:
        """Take a sign-up: 0 if it plays, else its place on the waiting list (1 first)."""
        if who in self.playing or who in self.waiting:
            raise ValueError(f"{who} signed up already")
        if self.closed():
            raise ValueError("the waiting list is full")
        if self.full():
            self.waiting.append(who)
            return len(self.waiting)
        self.playing.append(who)
        return 0

    def cancel(self, who: str) -> str | None:
        """Take a cancellation; return who moved up into the freed place (None: nobody)."""
        if who in self.waiting:
            self.waiting.remove(who)
            return None
        self.playing.remove(who)
        return self.fill()

    def fill(self) -> str | None:
        """Move the first who waits up while a place is free (the last one moved, if any)."""
        moved = None
        while self.waiting and not self.full():
            moved = self.waiting.pop(0)
            self.playing.append(moved)
        return moved

    def place(self, who: str) -> int:
        """0 for a player, else the place on the waiting list (1 first)."""
        return 0 if who in self.playing else self.waiting.index(who) + 1
