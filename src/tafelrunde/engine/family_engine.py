"""Find the family of whatever the engine is handed, and ask it (`family_interface`).

The families' types meet here and only here: a ruleset, tournament, state or fact of any
family (`AnyRules`, …). The registry (`families`) names each family's engine module; no
module decides by a family's classes but the family's own.
"""

from __future__ import annotations

from importlib import import_module
from typing import cast

from tafelrunde.engine.families import FAMILIES, Family
from tafelrunde.engine.family_interface import FamilyEngine
from tafelrunde.engine.groups.facts import AnyFact, Tournament
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import (
    KnockoutFact,
    KnockoutRules,
    KnockoutState,
    KnockoutTournament,
)
from tafelrunde.engine.ruleform.params import Param, Section
from tafelrunde.engine.seat_list import Seating

AnyRules = Ruleset | KnockoutRules
AnyTournament = Tournament | KnockoutTournament
AnyState = TournamentState | KnockoutState
AnyFamilyFact = AnyFact | KnockoutFact
AnyEngine = FamilyEngine[AnyRules, AnyTournament, AnyState, AnyFamilyFact]


def engine(family: Family) -> AnyEngine:
    """The engine of a format family (its module, named in the registry)."""
    return cast(AnyEngine, import_module(family.engine_module).ENGINE)


def engine_of(thing: object) -> AnyEngine:
    """The engine of the family a ruleset, tournament or state belongs to."""
    for family in FAMILIES:
        found = engine(family)
        if found.owns(thing):
            return found
    raise TypeError(f"no format family owns {type(thing).__name__}")


def seating(state: AnyState) -> Seating:
    """Everybody's place now, whatever the format."""
    return engine_of(state).seating(state)


def sections(rules: AnyRules) -> list[Section]:
    """Every parameter of a ruleset, in sections (the general one, then each stage's)."""
    return engine_of(rules).sections(rules)


def params(rules: AnyRules) -> list[Param]:
    """Every parameter of a ruleset, in order."""
    return [p for s in sections(rules) for p in s.params()]
