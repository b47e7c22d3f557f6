"""Which tournaments a season takes: by the day played, the kind of event, then by hand."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from tafelrunde.web.club.club_ratings import played_on
from tafelrunde.web.club.models import Season
from tafelrunde.web.core.models import TournamentRecord


@dataclass(frozen=True)
class Candidate:
    """A stored tournament seen from a season: its day, whether the range and kind take it,
    the hand choice (None, True: added, False: left out), and so whether it is in."""

    rec: TournamentRecord
    day: datetime.date | None
    matches: bool
    choice: bool | None

    @property
    def picked(self) -> bool:
        """Say whether the season takes the tournament."""
        return self.matches if self.choice is None else self.choice


def day_of(rec: TournamentRecord) -> datetime.date | None:
    """The day a tournament was played (club_ratings.played_on), None when unknown."""
    try:
        return datetime.date.fromisoformat(played_on(rec)[:10])
    except ValueError:
        return None


def kind_of(rec: TournamentRecord) -> str:
    """The kind of the tournament's event ('' without an event or kind)."""
    return rec.event.kind if rec.event is not None else ""


def matches(
    day: datetime.date | None,
    kind: str,
    *,
    date_from: datetime.date | None,
    date_to: datetime.date | None,
    kinds: list[str],
) -> bool:
    """Say whether a tournament of this day and event kind is in the range (inclusive) and kinds."""
    if date_from is None and date_to is None and not kinds:
        return False  # a season without range or kinds takes tournaments by hand only
    if (date_from is not None or date_to is not None) and day is None:
        return False
    if date_from is not None and day is not None and day < date_from:
        return False
    if date_to is not None and day is not None and day > date_to:
        return False
    return not kinds or kind.casefold() in {k.casefold() for k in kinds}


def candidates(season: Season) -> list[Candidate]:
    """Every stored tournament as seen from the season, the latest first."""
    choices = dict(season.choices.values_list("tournament_id", "included")) if season.pk else {}
    found = []
    for rec in TournamentRecord.objects.select_related("event").order_by("-pk"):
        day = day_of(rec)
        hit = matches(day, kind_of(rec), date_from=season.date_from, date_to=season.date_to,
                      kinds=list(season.event_kinds or []))  # fmt: skip
        found.append(Candidate(rec, day, hit, choices.get(rec.pk)))
    found.sort(key=lambda c: (c.day or datetime.date.min, c.rec.pk), reverse=True)
    return found


def season_tournaments(season: Season) -> list[TournamentRecord]:
    """The tournaments the season takes, by day (then number)."""
    return [c.rec for c in reversed(candidates(season)) if c.picked]
