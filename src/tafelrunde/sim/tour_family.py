"""What a simulated tournament asks of a format family: whether a field can play its rules,
the names it is shown by, and one whole run of it.

Each family that can be simulated names its module in the registry (`Family.sim_module`);
that module's SIMULATION answers this interface.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Protocol, cast

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of, written
from tafelrunde.engine.family_engine import AnyRules
from tafelrunde.i18n import msg
from tafelrunde.sim.tour_model import RunFigures, TimeModel

Progress = Callable[[int], None]


@dataclass(frozen=True)
class RunSetup:
    """One run: its seed, time model, Schocken engine, progress and physical tables."""

    seed: int
    model: TimeModel
    engine: str
    progress: Progress | None
    tables: int | None


class Simulation(Protocol):
    """A format family's simulated tournaments."""

    def check(self, rules: AnyRules, players: int) -> None:
        """Refuse a field these rules cannot seat."""

    def names(self, rules: AnyRules) -> tuple[str, str]:
        """The rules' name in German and in English."""

    def run(self, rules: AnyRules, players: int, setup: RunSetup) -> RunFigures:
        """Play one whole tournament and give its figures."""


def simulation(rules: AnyRules) -> Simulation:
    """The simulation of the rules' family; refused for a family that has none."""
    module = family_of(written(rules)).sim_module
    if not module:
        raise RuleError(msg("Tournaments of this format cannot be simulated."), field="preset")
    return cast(Simulation, import_module(module).SIMULATION)
