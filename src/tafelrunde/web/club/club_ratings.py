"""The ratings of the club's persons from every stored tournament (never an official ranking)."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.rating_games import knockout_games, tournament_games
from tafelrunde.engine.ratings import Game, Rating, Ratings, ratings
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.core.domain.store import read_only
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


def club_ratings() -> ClubRatings:
    """Rate every game of every stored tournament, in the order they were played."""
    links: dict[int, dict[str, str]] = {}
    for tournament, player, person in PlayerLink.objects.values_list(
        "tournament_id", "player", "person_id"
    ):
        links.setdefault(tournament, {})[player] = f"person-{person}"
    names = {f"person-{pk}": name for pk, name in Person.objects.values_list("pk", "name")}
    games: list[Game] = []
    for rec in TournamentRecord.objects.select_related("event").order_by("pk"):
        _, state = read_only(rec)
        tag, key, persons = f"turnier-{rec.pk}", played_on(rec), links.get(rec.pk, {})
        if isinstance(state, KnockoutState):
            found = knockout_games(state, tournament=tag, key=key, persons=persons)
        else:
            assert isinstance(state, TournamentState)
            found = tournament_games(state, tournament=tag, key=key, persons=persons)
        for game in found:  # a player linked to no person: named with the tournament
            for person in game.places:
                if person.startswith(tag + ":"):
                    name = player_name(state, person[len(tag) + 1 :])
                    names.setdefault(person, f"{name} ({rec.name})")
        games += found
    return ClubRatings(ratings(games), names)


def player_name(state: TournamentState | KnockoutState, player: str) -> str:
    """A player's name in a tournament."""
    if isinstance(state, KnockoutState):
        known = state.players.get(player)
        return known.name if known is not None else player
    return state.tournament.name_of(player)
