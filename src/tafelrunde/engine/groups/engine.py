"""The group family's engine (formats A–C and a club's own rulesets of that shape): its
answers to `family_interface.FamilyEngine`."""

from __future__ import annotations

from collections.abc import Sequence

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP, written
from tafelrunde.engine.family_interface import FamilyEngine, Final, Played, Start, Table
from tafelrunde.engine.groups.facts import AnyFact, Draw, Tournament
from tafelrunde.engine.groups.file import fact_from_dict, group_data, read_group, stored
from tafelrunde.engine.groups.overall_ranking import (
    GROUP_COLUMNS,
    group_ranking_rows,
    group_ranking_sheet,
    group_ranking_table,
)
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.seat_list import group_seating
from tafelrunde.engine.groups.sections import sections
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import numbered_players
from tafelrunde.engine.ruleform.params import Section
from tafelrunde.engine.seat_list import Seating
from tafelrunde.engine.tables import plan_tables
from tafelrunde.i18n import msg


def check_players(tour: Tournament) -> None:
    """Refuse a player list that no first stage can seat."""
    if len(tour.players) < 3:
        raise RuleError(msg("The tournament needs at least 3 players."), field="players")
    first = TournamentState(tour).following(None)
    if first is not None:
        plan_tables(len(tour.players), first.rule.tables)


def group_rules(rules: object, name: str) -> Ruleset:
    """The rules as a format A–C ruleset; refused for another family's (`name`: as given)."""
    if not isinstance(rules, Ruleset):
        said = msg("'{name_or_path}' is a format-D ruleset, not A–C.", name_or_path=name)
        raise RuleError(said, field="ruleset")
    return rules


class GroupEngine:
    """What the group family answers the engine."""

    def owns(self, thing: object) -> bool:
        """Say whether a ruleset, tournament or state is of the group family."""
        return isinstance(thing, Ruleset | Tournament | TournamentState)

    def read_rules(self, data: dict[str, object]) -> Ruleset:
        """The ruleset of a format A–C ruleset file's data."""
        return ruleset_from_dict(data)

    def new(self, name: str, rules: Ruleset, names: list[str], start: Start) -> Tournament:
        """A new tournament with its players numbered p001, p002, … (none: added later)."""
        players = numbered_players(names)
        tour = Tournament(name or rules.name, rules, players, start.seed, created_at=start.at)
        if names:  # none yet: entered later, or signed up online
            check_players(tour)
        return tour

    def read_tournament(self, data: dict[str, object]) -> Tournament:
        """The tournament of a format A–C tournament file's data."""
        return read_group(data)

    def read_fact(self, data: dict[str, object]) -> AnyFact:
        """One format A–C fact as the database keeps it."""
        return fact_from_dict(data, "facts")

    def stored_fact(self, fact: AnyFact) -> dict[str, object]:
        """One format A–C fact as stored; refused unless it reads back exactly."""
        return stored(fact)

    def page_state(self, tour: Tournament, earlier: TournamentState | None) -> TournamentState:
        """The state of stored facts, scored tables taken from the earlier state."""
        state = TournamentState(tour, stored=True, earlier=earlier)
        state.seal()  # shared by the requests that read it: read only
        return state

    def started(self, tour: Tournament) -> bool:
        """Say whether a game is drawn."""
        return any(isinstance(f, Draw) for f in tour.facts)

    def replay(self, tour: Tournament, thorough: bool) -> None:
        """Replay every fact (only when `thorough`: the store's own facts were checked)."""
        if thorough:
            TournamentState(tour)

    def tournament_data(self, tour: Tournament) -> dict[str, object]:
        """The tournament file's data."""
        return group_data(tour)

    def ranking_table(self, tour: Tournament, state: TournamentState | None) -> Table:
        """The overall ranking for people: stage reached, rank there, points and tie-breaks."""
        return group_ranking_table(tour, state)

    def ranking_sheet(self, tour: Tournament, state: TournamentState | None) -> Table:
        """The overall ranking for files: each tie-break a column of numbers."""
        return group_ranking_sheet(tour, state)

    def final(self, tour: Tournament) -> Final:
        """Whether it is over, its ranking rows, and place, name, stage, rank as columns."""
        state = TournamentState(tour)
        return state.finished, group_ranking_rows(state), GROUP_COLUMNS

    def seating(self, state: TournamentState) -> Seating:
        """Everybody's place in the running stage."""
        found = state
        return group_seating(found)

    def sections(self, rules: Ruleset) -> list[Section]:
        """The general parameters, then each stage's."""
        return sections(rules)

    def played_tables(self, state: TournamentState) -> Sequence[Played]:
        """Every table of every game of every stage with a counted result."""
        found = state
        return [
            ((st.number, game, table), outcome.places)
            for st in found.stages
            for (game, table), outcome in sorted(st.outcomes.items())
        ]

    def rating_family(self, state: TournamentState) -> str:
        """The ruleset's rating family."""
        found = state
        return GROUP.rating_family(written(found.tournament.ruleset))


ENGINE: FamilyEngine[Ruleset, Tournament, TournamentState, AnyFact] = GroupEngine()
