"""The group family's answers to the public pages: next steps and its facts in words."""

from __future__ import annotations

from collections.abc import Callable

from tafelrunde.engine.groups.fact_words import describe
from tafelrunde.engine.groups.facts import (
    RolloffConfirmed,
    RolloffEntered,
    TableConfirmed,
    TableEntered,
    Undo,
)
from tafelrunde.engine.groups.progress import pending
from tafelrunde.web.core.domain.store import group_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.public.family_parts import PublicPart

AT_TABLES = (TableEntered, TableConfirmed, RolloffEntered, RolloffConfirmed)


def words(rec: TournamentRecord) -> Callable[[int], str]:
    """A group format's facts in words, with names, in the active language."""
    tour = group_read(rec)[0]
    by_number = {f.n: f for f in tour.facts}
    return lambda n: translated(describe(tour, by_number[n]))


def undone(rec: TournamentRecord) -> set[int]:
    """The numbers of the facts an undo took back."""
    return {f.target for f in group_read(rec)[0].facts if isinstance(f, Undo)}


def at_tables(rec: TournamentRecord) -> set[int]:
    """The facts a player made through a table link (their name is no secret)."""
    facts = group_read(rec)[0].facts
    return {f.n for f in facts if isinstance(f, AT_TABLES) and f.player}


PUBLIC = PublicPart(lambda rec: pending(group_read(rec)[1]), words, undone, at_tables)
