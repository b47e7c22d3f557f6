"""The group family on the club's pages: what a tournament gave, its standing to embed."""

from __future__ import annotations

from tafelrunde.engine.groups.overall_ranking import group_ranking_rows
from tafelrunde.engine.rating_games import rated_games
from tafelrunde.web.club.family_parts import ClubPart, Summary
from tafelrunde.web.core.domain.store import group_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import stage_tables


def summary(rec: TournamentRecord, tag: str) -> Summary:
    """A group format's rated games, ranking and names (late players' too)."""
    tour, state = group_read(rec)
    names = {p.id: tour.name_of(p.id) for p in [*tour.players, *tour.late_players()]}
    places = {r["id"]: r["place"] for r in group_ranking_rows(state)}
    return Summary(rated_games(state, tournament=tag, key=""), places, names)


def standing(rec: TournamentRecord) -> dict[str, object]:
    """The running stage's standing (the newest)."""
    stages = stage_tables(rec, group_read(rec)[1])
    return {"stages": stages[:1]}


def players(rec: TournamentRecord) -> list[tuple[str, str]]:
    """Every player (id, name) in registration order, late and withdrawn ones too."""
    tour = group_read(rec)[0]
    return [(p.id, p.name) for p in [*tour.players, *tour.late_players()]]


CLUB = ClubPart(summary, standing, players)
