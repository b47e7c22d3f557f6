"""The group family's engine (formats A–C and a club's own rulesets of that shape): its
answers to `family_engine.FamilyEngine`."""

from __future__ import annotations

from collections.abc import Sequence

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.export import (
    GROUP_COLUMNS,
    group_ranking_rows,
    group_ranking_sheet,
    group_ranking_table,
)
from tafelrunde.engine.facts import AnyFact, Draw, Tournament
from tafelrunde.engine.families import GROUP, written
from tafelrunde.engine.family_engine import (
    AnyRules,
    AnyState,
    AnyTournament,
    FamilyEngine,
    Final,
    Played,
    Start,
    Table,
)
from tafelrunde.engine.knockout import KnockoutFact
from tafelrunde.engine.players import numbered_players
from tafelrunde.engine.ruleform.params import Section
from tafelrunde.engine.ruleform.stages import sections
from tafelrunde.engine.ruleset import Ruleset
from tafelrunde.engine.ruleset_file import ruleset_from_dict
from tafelrunde.engine.seat_list import Seating, group_seating
from tafelrunde.engine.tables import plan_tables
from tafelrunde.engine.tournament_file import fact_from_data, group_data, read_group, stored
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import msg


def _tour(tour: AnyTournament) -> Tournament:
    """The group tournament handed over (another family's is a programming error)."""
    assert isinstance(tour, Tournament), type(tour)
    return tour


def _state(state: AnyState | None) -> TournamentState | None:
    """The group state handed over, if any."""
    assert state is None or isinstance(state, TournamentState), type(state)
    return state


def check_players(tour: Tournament) -> None:
    """Refuse a player list that no first stage can seat."""
    if len(tour.players) < 3:
        raise RuleError(msg("The tournament needs at least 3 players."), field="players")
    first = TournamentState(tour).following(None)
    if first is not None:
        plan_tables(len(tour.players), first.rule.tables)


def group_rules(rules: AnyRules, name: str) -> Ruleset:
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

    def read_rules(self, data: dict[str, object]) -> AnyRules:
        """The ruleset of a format A–C ruleset file's data."""
        return ruleset_from_dict(data)

    def new(self, name: str, rules: AnyRules, names: list[str], start: Start) -> AnyTournament:
        """A new tournament with its players numbered p001, p002, … (none: added later)."""
        assert isinstance(rules, Ruleset), type(rules)
        players = numbered_players(names)
        tour = Tournament(name or rules.name, rules, players, start.seed, created_at=start.at)
        if names:  # none yet: entered later, or signed up online
            check_players(tour)
        return tour

    def read_tournament(self, data: dict[str, object]) -> AnyTournament:
        """The tournament of a format A–C tournament file's data."""
        return read_group(data)

    def read_fact(self, data: dict[str, object]) -> AnyFact | KnockoutFact:
        """One format A–C fact as the database keeps it."""
        return fact_from_data(data, knockout=False)

    def stored_fact(self, fact: AnyFact | KnockoutFact) -> dict[str, object]:
        """One format A–C fact as stored; refused unless it reads back exactly."""
        return stored(fact)  # type: ignore[arg-type]  # the group's own facts only

    def page_state(self, tour: AnyTournament, earlier: AnyState | None) -> AnyState:
        """The state of stored facts, scored tables taken from the earlier state."""
        state = TournamentState(_tour(tour), stored=True, earlier=_state(earlier))
        state.seal()  # shared by the requests that read it: read only
        return state

    def started(self, tour: AnyTournament) -> bool:
        """Say whether a game is drawn."""
        return any(isinstance(f, Draw) for f in _tour(tour).facts)

    def replay(self, tour: AnyTournament, thorough: bool) -> None:
        """Replay every fact (only when `thorough`: the store's own facts were checked)."""
        if thorough:
            TournamentState(_tour(tour))

    def tournament_data(self, tour: AnyTournament) -> dict[str, object]:
        """The tournament file's data."""
        return group_data(_tour(tour))

    def ranking_table(self, tour: AnyTournament, state: AnyState | None) -> Table:
        """The overall ranking for people: stage reached, rank there, points and tie-breaks."""
        return group_ranking_table(_tour(tour), _state(state))

    def ranking_sheet(self, tour: AnyTournament, state: AnyState | None) -> Table:
        """The overall ranking for files: each tie-break a column of numbers."""
        return group_ranking_sheet(_tour(tour), _state(state))

    def final(self, tour: AnyTournament) -> Final:
        """Whether it is over, its ranking rows, and place, name, stage, rank as columns."""
        state = TournamentState(_tour(tour))
        return state.finished, group_ranking_rows(state), GROUP_COLUMNS

    def seating(self, state: AnyState) -> Seating:
        """Everybody's place in the running stage."""
        found = _state(state)
        assert found is not None
        return group_seating(found)

    def sections(self, rules: AnyRules) -> list[Section]:
        """The general parameters, then each stage's."""
        assert isinstance(rules, Ruleset), type(rules)
        return sections(rules)

    def played_tables(self, state: AnyState) -> Sequence[Played]:
        """Every table of every game of every stage with a counted result."""
        found = _state(state)
        assert found is not None
        return [
            ((st.number, game, table), outcome.places)
            for st in found.stages
            for (game, table), outcome in sorted(st.outcomes.items())
        ]

    def rating_family(self, state: AnyState) -> str:
        """The ruleset's rating family."""
        found = _state(state)
        assert found is not None
        return GROUP.rating_family(written(found.tournament.ruleset))


ENGINE: FamilyEngine = GroupEngine()
