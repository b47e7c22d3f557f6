"""What the club's public pages show, as one mark: it changes with every tournament, event,
person, link, season and pick, so a page shared with visitors is made afresh at once."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from django.utils import timezone

from tafelrunde.web.club.models import Season, SeasonChoice
from tafelrunde.web.club.ratings_cache import fingerprint
from tafelrunde.web.paper.look_store import look_mark


def club_mark(*_: Any, **__: Any) -> Hashable:
    """The club's data as its pages show it (a few small queries)."""
    seasons = tuple(Season.objects.order_by("pk").values_list("pk", "changed_at"))
    picks = tuple(
        SeasonChoice.objects.order_by("pk").values_list("pk", "season_id", "tournament_id",
                                                        "included")
    )  # fmt: skip
    return fingerprint(), seasons, picks


def printed_mark(*args: Any, **kwargs: Any) -> Hashable:
    """The club's mark, its look and the day (a printed page says when it was printed)."""
    return club_mark(*args, **kwargs), look_mark(), timezone.localdate()
