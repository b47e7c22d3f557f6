"""What the club's pages ask of a format family: what a tournament gave for the ratings and
the season, and its standing for the website's embed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from tafelrunde.engine.ratings import Game
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts


@dataclass(frozen=True)
class Summary:
    """A tournament's rated games (players tagged with `tag`), final places and names."""

    games: list[Game]
    places: Mapping[str, int]  # player id -> place in the (provisional) ranking
    names: Mapping[str, str]  # player id -> name, late players' too
    schock_outs: Mapping[str, int] = field(default_factory=dict)  # counted for the king
    kings: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClubPart:
    """A family's answers to the club's pages."""

    summary: Callable[[TournamentRecord, str], Summary]  # (tournament, tag of its players)
    standing: Callable[[TournamentRecord], dict[str, object]]  # the embed's context
    players: Callable[[TournamentRecord], list[tuple[str, str]]]  # (id, name), withdrawn too


CLUB: Parts[ClubPart] = Parts("club pages")
