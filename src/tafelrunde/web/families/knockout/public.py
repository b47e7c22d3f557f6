"""The knockout family's answers to the public pages: next steps and its facts in words."""

from __future__ import annotations

from collections.abc import Callable

from tafelrunde.engine.knockout import TableLoserConfirmed, TableLoserEntered, Undo, next_steps
from tafelrunde.engine.knockout.entry import roster
from tafelrunde.engine.knockout.views_data import fact_line, hall_numbers
from tafelrunde.web.core.domain.knockout import knockout_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.public.family_parts import PublicPart


def words(rec: TournamentRecord) -> Callable[[int], str]:
    """A knockout's facts in words, tables by their hall numbers, in the active language."""
    tour, state = knockout_read(rec)
    who, places, by_number = roster(tour), hall_numbers(state), {f.n: f for f in tour.facts}
    return lambda n: translated(fact_line(who, by_number[n], places))


def undone(rec: TournamentRecord) -> set[int]:
    """The numbers of the facts an undo took back."""
    return {f.target for f in knockout_read(rec)[0].facts if isinstance(f, Undo)}


def at_tables(rec: TournamentRecord) -> set[int]:
    """The facts a player made through a table link (their name is no secret)."""
    facts = knockout_read(rec)[0].facts
    at = (TableLoserEntered, TableLoserConfirmed)
    return {f.n for f in facts if isinstance(f, at) and f.player}


PUBLIC = PublicPart(lambda rec: next_steps(knockout_read(rec)[1]), words, undone, at_tables)
