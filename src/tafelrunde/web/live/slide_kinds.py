"""Every kind of projector slide, one entry each, like the print kinds: its key, its name,
what makes its slides, the families that show it and its place in the rotation.

The kinds every family shows are registered here; a family's own kinds by its web package.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tafelrunde.engine.families import Family
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live.slide import Slide
from tafelrunde.web.live.slides_common import ranking, seating

Make = Callable[[TournamentRecord, float], list[Slide]]  # (tournament, now in the engine's s)


@dataclass(frozen=True)
class SlideKind:
    """One kind of slide: `families` empty means every family shows it."""

    key: str
    name: Message
    make: Make
    order: int  # its place in the rotation (smaller first)
    families: tuple[Family, ...] = ()

    def fits(self, family: Family) -> bool:
        """Say whether a tournament of this family shows this kind."""
        return not self.families or family in self.families


SLIDE_KINDS: list[SlideKind] = [
    SlideKind("seating", msg("Who sits where"), seating, 10),
    SlideKind("ranking", msg("Final ranking and prizes"), ranking, 90),
]


def register(kind: SlideKind) -> None:
    """Add a kind of slide (again: the newer entry counts)."""
    SLIDE_KINDS[:] = [k for k in SLIDE_KINDS if k.key != kind.key] + [kind]


def unregister(*kinds: SlideKind) -> None:
    """Take kinds of slide out again (a family registered for a while, as in the tests)."""
    SLIDE_KINDS[:] = [k for k in SLIDE_KINDS if k not in kinds]


def kinds_of(family: Family) -> list[SlideKind]:
    """The kinds a tournament of this family can show, in the order they rotate."""
    return sorted((k for k in SLIDE_KINDS if k.fits(family)), key=lambda k: k.order)


def kinds_for(family: Family) -> tuple[str, ...]:
    """The keys of those kinds, in the order they rotate."""
    return tuple(k.key for k in kinds_of(family))
