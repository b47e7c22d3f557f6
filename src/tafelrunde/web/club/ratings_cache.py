"""The club's ratings and what each tournament gave, kept in this process while nothing changes.

Reading every tournament costs a replay of its facts. What one tournament gave (places, rated
games, Schock aus) is kept by (number, revision); the ratings of all are kept under a cheap
fingerprint of the tournaments, events, persons and links, so a change is seen at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Max, Sum

from tafelrunde.engine.ratings import Game, ratings
from tafelrunde.web.club.club_ratings import ClubRatings, played_on
from tafelrunde.web.club.family_parts import CLUB
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import Event, TournamentRecord

KEPT_TOURNAMENTS = 4096  # summaries kept (small: places, names and the rated games)


@dataclass(frozen=True)
class RawGame:
    """A rated game with the tournament's player ids (persons are put in later)."""

    family: str
    tiebreak: str
    places: Mapping[str, int]  # player id -> place


@dataclass(frozen=True)
class Played:
    """What one tournament gave: finished or not, places, names, games and Schock aus."""

    pk: int
    format: str
    finished: bool
    names: Mapping[str, str]  # player id -> name
    places: Mapping[str, int]  # final places (empty until finished)
    games: tuple[RawGame, ...]
    schock_outs: Mapping[str, int] = field(default_factory=dict)  # counted for the king
    kings: tuple[str, ...] = ()

    @property
    def participants(self) -> int:
        """How many played: those ranked once it is over, else the players entered."""
        return len(self.places) if self.finished and self.places else len(self.names)

    def winners(self) -> list[str]:
        """The player(s) on place 1 (none before the end)."""
        return sorted(p for p, place in self.places.items() if place == 1)

    def games_of(self, player: str) -> int:
        """How many rated games the player played here."""
        return sum(1 for g in self.games if player in g.places)


def summary(rec: TournamentRecord) -> Played:
    """Read one tournament's places, rated games and Schock aus (not kept)."""
    finished = read_only(rec)[1].finished
    tag = f"turnier-{rec.pk}"
    got = CLUB.of(rec.family).summary(rec, tag)
    cut = len(tag) + 1
    games = tuple(
        RawGame(g.family, g.tiebreak, {k[cut:]: v for k, v in g.places.items()}) for g in got.games
    )
    places = dict(got.places) if finished else {}
    return Played(rec.pk, rec.format_label, finished, got.names, places, games, got.schock_outs,
                  got.kings)  # fmt: skip


_PLAYED: Kept[tuple[int, str], Played] = Kept(KEPT_TOURNAMENTS)


def played(rec: TournamentRecord) -> Played:
    """What the tournament gave, kept while it is unchanged."""
    return _PLAYED.get((rec.pk, rec.revision), lambda: summary(rec))


@dataclass(frozen=True)
class Tournament:
    """A stored tournament as the club's pages list it."""

    pk: int
    name: str
    day: str  # when it was played (sortable text, an ISO date where known)
    event: int | None
    played: Played


@dataclass(frozen=True)
class Club:
    """Everything the club's pages read: tournaments, links, ratings and ranks."""

    tournaments: tuple[Tournament, ...]  # in playing order
    links: Mapping[int, Mapping[str, int]]  # tournament -> player -> person
    ratings: ClubRatings
    ranks: Mapping[tuple[str, str], int]  # (person, family) -> rank in the club
    events: int

    def by_pk(self) -> dict[int, Tournament]:
        """The tournaments by number."""
        return {t.pk: t for t in self.tournaments}


def fingerprint() -> tuple[Any, ...]:
    """A cheap mark of everything the ratings depend on: it changes with any of it."""
    records = tuple(
        TournamentRecord.objects.order_by("pk").values_list(
            "pk", "revision", "name", "day", "event_id"
        )
    )
    events = tuple(Event.objects.order_by("pk").values_list("pk", "date"))
    people = Person.objects.aggregate(Count("pk"), Max("pk"), Max("changed_at"))
    links = PlayerLink.objects.aggregate(Count("pk"), Max("pk"), Sum("pk"), Sum("person_id"))
    return records, events, tuple(sorted(people.items())), tuple(sorted(links.items()))


def build() -> Club:
    """Read every tournament (each kept while unchanged) and rate all games in order."""
    links: dict[int, dict[str, int]] = {}
    for tournament, player, person in PlayerLink.objects.values_list(
        "tournament_id", "player", "person_id"
    ):
        links.setdefault(tournament, {})[player] = person
    names = {f"person-{pk}": name for pk, name in Person.objects.values_list("pk", "name")}
    tournaments: list[Tournament] = []
    games: list[Game] = []
    for rec in (
        TournamentRecord.objects.select_related("event").defer("players", "ruleset").order_by("pk")
    ):
        got = played(rec)
        day = played_on(rec)
        tournaments.append(Tournament(rec.pk, rec.name, day, rec.event_id, got))
        mine = links.get(rec.pk, {})
        for raw in got.games:
            places = {}
            for player, place in raw.places.items():
                linked = mine.get(player)
                if linked is None:
                    who = f"turnier-{rec.pk}:{player}"
                    names.setdefault(who, f"{got.names.get(player, player)} ({rec.name})")
                else:
                    who = f"person-{linked}"
                places[who] = place
            if len(places) >= 2:
                games.append(Game(day, raw.family, places, raw.tiebreak))
    rated = ClubRatings(ratings(games), names)
    ranks = {
        (r.person, family): k
        for family in rated.ratings.families()
        for k, r in enumerate(rated.ratings.ranking(family), start=1)
    }
    tournaments.sort(key=lambda t: (t.day, t.pk))
    return Club(tuple(tournaments), links, rated, ranks, Event.objects.count())


def club_ratings() -> ClubRatings:
    """Rate every game of every stored tournament, in the order they were played (afresh,
    from each tournament's summary)."""
    return build().ratings


_CLUB: Kept[tuple[Any, ...], Club] = Kept(1)  # by fingerprint: the club's data, the latest only


def club() -> Club:
    """The club's data, rebuilt only when something it depends on changed."""
    return _CLUB.get(fingerprint(), build, alone=True)  # one request builds, the others wait
