"""The knockout family's engine (format D, Schocken knockout): its answers to
`family_interface.FamilyEngine`."""

from __future__ import annotations

from collections.abc import Sequence

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import KNOCKOUT, written
from tafelrunde.engine.family_interface import FamilyEngine, Final, Played, Start, Table
from tafelrunde.engine.knockout import (
    KnockoutFact,
    KnockoutRules,
    KnockoutState,
    KnockoutTournament,
    OpenTable,
    knockout_rules_from_dict,
)
from tafelrunde.engine.knockout.entry import record_all, registrations
from tafelrunde.engine.knockout.ko_file import ko_fact_from_dict, ko_read, ko_stored, ko_to_data
from tafelrunde.engine.knockout.overall_ranking import (
    KNOCKOUT_COLUMNS,
    knockout_ranking_rows,
    knockout_ranking_table,
)
from tafelrunde.engine.knockout.seat_list import knockout_seating
from tafelrunde.engine.knockout.sections import knockout_sections
from tafelrunde.engine.ruleform.params import Section
from tafelrunde.engine.seat_list import Seating
from tafelrunde.i18n import msg


def _state(tour: KnockoutTournament, state: KnockoutState | None) -> KnockoutState:
    """The knockout state handed over, else the tournament's."""
    return tour.state() if state is None else state


def knockout_rules(rules: object, name: str) -> KnockoutRules:
    """The rules as a format-D ruleset; refused for another family's (`name`: as given)."""
    if not isinstance(rules, KnockoutRules):
        said = msg("'{name_or_path}' is not a format-D ruleset.", name_or_path=name)
        raise RuleError(said, field="ruleset")
    return rules


class KnockoutEngine:
    """What the knockout family answers the engine."""

    def owns(self, thing: object) -> bool:
        """Say whether a ruleset, tournament or state is of the knockout family."""
        return isinstance(thing, KnockoutRules | KnockoutTournament | KnockoutState)

    def read_rules(self, data: dict[str, object]) -> KnockoutRules:
        """The ruleset of a format-D ruleset file's data."""
        return knockout_rules_from_dict(data)

    def new(
        self, name: str, rules: KnockoutRules, names: list[str], start: Start
    ) -> KnockoutTournament:
        """A new knockout with its players registered (`start.late`: past the deadline)."""
        ko = KnockoutTournament(name or rules.name, rules, day=start.day, created_at=start.at)
        record_all(ko, registrations(ko, names, late=start.late), at=start.at, by=start.by)
        return ko

    def read_tournament(self, data: dict[str, object]) -> KnockoutTournament:
        """The tournament of a format-D tournament file's data."""
        return ko_read(data)

    def read_fact(self, data: dict[str, object]) -> KnockoutFact:
        """One format-D fact as the database keeps it."""
        return ko_fact_from_dict(data)

    def stored_fact(self, fact: KnockoutFact) -> dict[str, object]:
        """One format-D fact as stored."""
        return ko_stored(fact)

    def page_state(self, tour: KnockoutTournament, earlier: KnockoutState | None) -> KnockoutState:
        """The state of the stored facts (replayed whole: a knockout's facts are few)."""
        state = tour.state()
        state.seal()  # shared by the requests that read it: read only
        return state

    def started(self, tour: KnockoutTournament) -> bool:
        """Say whether a table is opened."""
        return any(isinstance(f, OpenTable) for f in tour.facts)

    def replay(self, tour: KnockoutTournament, thorough: bool) -> None:
        """Replay every fact (always: a knockout's state is made from them)."""
        tour.state()

    def tournament_data(self, tour: KnockoutTournament) -> dict[str, object]:
        """The tournament file's data."""
        return ko_to_data(tour)

    def ranking_table(self, tour: KnockoutTournament, state: KnockoutState | None) -> Table:
        """The overall ranking for people: place, name, prize."""
        return knockout_ranking_table(_state(tour, state))

    def ranking_sheet(self, tour: KnockoutTournament, state: KnockoutState | None) -> Table:
        """The overall ranking for files: as for people (no numbers of its own)."""
        return knockout_ranking_table(_state(tour, state))

    def final(self, tour: KnockoutTournament) -> Final:
        """Whether it is over, its ranking rows, and place, name, prize as columns."""
        state = tour.state()
        return state.finished, knockout_ranking_rows(state), KNOCKOUT_COLUMNS

    def seating(self, state: KnockoutState) -> Seating:
        """Everybody's table or queue now."""
        return knockout_seating(state)

    def sections(self, rules: KnockoutRules) -> list[Section]:
        """Every parameter of format D."""
        return knockout_sections(rules)

    def played_tables(self, state: KnockoutState) -> Sequence[Played]:
        """Every closed table, in the order tables opened: the order of leaving gives the last
        places, the survivors share the best."""
        found: list[Played] = []
        for number in sorted(state.tables):
            table = state.tables[number]
            if table.is_open:
                continue
            size = len(table.players)
            places = {p: size - i for i, p in enumerate(table.left)}
            places.update((p, 1) for p in table.remaining)
            found.append(((number,), places))
        return found

    def rating_family(self, state: KnockoutState) -> str:
        """The ruleset's rating family (Schocken unless it names its own)."""
        return KNOCKOUT.rating_family(written(state.rules))


ENGINE: FamilyEngine[KnockoutRules, KnockoutTournament, KnockoutState, KnockoutFact] = (
    KnockoutEngine()
)
