"""The club's ratings with each rated person's name (never an official ranking), and what
rating reads of a tournament: when it was played, a player's name in it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tafelrunde.engine.ratings import Rating, Ratings
from tafelrunde.web.core.models import TournamentRecord


@dataclass(frozen=True)
class ClubRatings:
    """Every rating, and the name to show for each rated person."""

    ratings: Ratings
    names: dict[str, str]

    def table(self, family: str) -> list[tuple[int, str, Rating]]:
        """A family's ratings, best first: rank, name, rating."""
        return [(k, self.names.get(r.person, r.person), r)
                for k, r in enumerate(self.ratings.ranking(family), start=1)]  # fmt: skip


def played_on(rec: TournamentRecord) -> str:
    """When a tournament was played, as text that sorts: its day, its event's date, or when
    it was created."""
    day = rec.day or (rec.event.date if rec.event is not None else None)
    return day.isoformat() if day is not None else rec.created_at


def family_name(family: str) -> str:
    """A game family as people call it."""
    names = {
        "gruppenmodus": _("Dice in group mode"),
        "alhambra": "Alhambra",
        "king-lui": "King Lui",
        "schocken": "Schocken",
    }
    return names.get(family) or family.replace("-", " ").capitalize()
