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
from tafelrunde.engine.family_engine import AnyState, engine_of
from tafelrunde.engine.ratings import Game
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


def rated_games(
    state: AnyState,
    *,
    tournament: str,
    key: str,
    persons: Mapping[str, str] | None = None,
    family: str | None = None,
) -> list[Game]:
    """The rated games of a tournament of any family, in playing order: one per finished
    table with two players or more (`family`: the game family, else the ruleset's)."""
    persons = persons or {}
    answers = engine_of(state)
    fam = family or answers.rating_family(state)
    games: list[Game] = []
    for numbers, places in answers.played_tables(state):
        named = as_persons(tournament, places, persons)
        if len(named) >= 2:
            games.append(Game(key, fam, named, tiebreak(tournament, *numbers)))
    return games
