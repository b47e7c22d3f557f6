"""What the API asks of a format family: its stages, whether it started, its standings and
what each place of its ranking means for machines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tafelrunde.i18n import Text
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts

Rows = list[dict[str, object]]


@dataclass(frozen=True)
class ApiPart:
    """A family's answers to the API."""

    stages: Callable[[TournamentRecord], list[tuple[str, Text]]]  # (key, title) of each stage
    started: Callable[[TournamentRecord], bool]
    standings: Callable[[TournamentRecord], Rows]  # each stage's standing, the newest first
    places: Callable[[TournamentRecord], Rows]  # each place's player, stage and rank there


API: Parts[ApiPart] = Parts("API")
