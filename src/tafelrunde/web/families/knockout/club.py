"""The knockout family on the club's pages: what a tournament gave, its ranking to embed."""

from __future__ import annotations

from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.engine.knockout.results import schock_out_counts, schock_out_kings
from tafelrunde.engine.rating_games import rated_games
from tafelrunde.web.club.family_parts import ClubPart, Summary
from tafelrunde.web.core.domain.knockout import knockout_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import ranking_data


def summary(rec: TournamentRecord, tag: str) -> Summary:
    """A knockout's rated games, ranking, names, and its Schock aus and kings."""
    state = knockout_read(rec)[1]
    names = {p: state.name_of(p) for p in state.players}
    places = {r["id"]: r["place"] for r in knockout_ranking_rows(state)}
    games = rated_games(state, tournament=tag, key="")
    kings = tuple(schock_out_kings(state))
    return Summary(games, places, names, schock_out_counts(state), kings)


def standing(rec: TournamentRecord) -> dict[str, object]:
    """The ranking so far (the places decided)."""
    return {"ranking": ranking_data(rec)}


def players(rec: TournamentRecord) -> list[tuple[str, str]]:
    """Every registered player (id, name) in registration order, withdrawn ones too."""
    return [(pid, p.name) for pid, p in knockout_read(rec)[1].players.items()]


CLUB = ClubPart(summary, standing, players)
