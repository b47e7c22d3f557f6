"""The rated games of one tournament: one game per table result, persons instead of players.

Formats A–C: every table of every game of every stage with a counted result; its places
(equal places for a tie, whatever a roll-off later decides about points). Format D: every
closed table; the order of leaving gives the last places, the survivors share the best
place, and the grand final's order of leaving gives 4, 3, 2, 1.

A player maps to a person through `persons`; an unmapped player counts as a person of
his own, named by the tournament and his player id ("<tournament>:<player>").
"""

from __future__ import annotations

from collections.abc import Mapping

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP, KNOCKOUT, written
from tafelrunde.engine.knockout.state import KnockoutState
from tafelrunde.engine.ratings import Game
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import msg


def person_of(tournament: str, player: str, persons: Mapping[str, str]) -> str:
    """The person behind a player: mapped, or the player of this tournament alone."""
    return persons.get(player) or f"{tournament}:{player}"


def as_persons(
    tournament: str, places: Mapping[str, int], persons: Mapping[str, str]
) -> dict[str, int]:
    """A table's places by person; refuse two players of one table mapped to one person."""
    named = {person_of(tournament, p, persons): v for p, v in places.items()}
    if len(named) != len(places):
        seen: dict[str, str] = {}
        for p in sorted(places):
            person = person_of(tournament, p, persons)
            if person in seen:
                raise RuleError(
                    msg(
                        "The players {first} and {second} of one table are the same person.",
                        first=seen[person],
                        second=p,
                    ),
                    field="persons",
                )
            seen[person] = p
    return named


def tiebreak(tournament: str, *numbers: int) -> str:
    """A game's id that sorts in playing order within its tournament."""
    return "/".join([tournament, *(f"{n:04d}" for n in numbers)])


def tournament_games(
    state: TournamentState,
    *,
    tournament: str,
    key: str,
    persons: Mapping[str, str] | None = None,
    family: str | None = None,
) -> list[Game]:
    """The games of a format A–C tournament, in playing order (stage, game, table)."""
    persons = persons or {}
    fam = family or GROUP.rating_family(written(state.tournament.ruleset))
    games: list[Game] = []
    for st in state.stages:
        for (game, table), outcome in sorted(st.outcomes.items()):
            places = as_persons(tournament, outcome.places, persons)
            if len(places) >= 2:
                games.append(Game(key, fam, places, tiebreak(tournament, st.number, game, table)))
    return games


def knockout_games(
    state: KnockoutState,
    *,
    tournament: str,
    key: str,
    persons: Mapping[str, str] | None = None,
    family: str | None = None,
) -> list[Game]:
    """The games of a format D tournament: one per closed table, in the order tables opened."""
    persons = persons or {}
    fam = family or KNOCKOUT.rating_family(written(state.rules))
    games: list[Game] = []
    for number in sorted(state.tables):
        table = state.tables[number]
        if table.is_open:
            continue
        size = len(table.players)
        places = {p: size - i for i, p in enumerate(table.left)}
        places.update((p, 1) for p in table.remaining)
        named = as_persons(tournament, places, persons)
        if len(named) >= 2:
            games.append(Game(key, fam, named, tiebreak(tournament, number)))
    return games
