"""Simulate whole tournaments of any preset, repeatedly, and summarise duration and tables.

Format D (`schocken-ko`) is played by the knockout engine with Schocken bots at every
table (`tour_knockout`); formats A–C get random results as in `autoplay` (`tour_groups`).
Run k uses the seed `seed + k`, so every run can be repeated on its own. A number of
physical tables limits the tables in use at once; players wait for a free one.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import THROWS, family_of_letter
from tafelrunde.i18n import msg
from tafelrunde.presets import AnyRules, load_rules, preset_names
from tafelrunde.sim.tour_family import RunSetup, simulation
from tafelrunde.sim.tour_games import ENGINES
from tafelrunde.sim.tour_model import RunFigures, TimeModel, hours_minutes

Progress = Callable[[int], None]
Enough = Callable[[int], bool]  # asked with the runs done after each run; True: stop there
MAX_PLAYERS = 100_000
MAX_RUNS = 1_000
FIGURES = ("duration", "tables_max", "tables_total", "longest_wait", "games")
TIMES = ("duration", "longest_wait")


def tournament_presets() -> list[str]:
    """List the presets a tournament can be simulated with."""
    return preset_names()


@dataclass(frozen=True)
class Spread:
    """Least, median and most of a figure over the runs."""

    low: float
    median: float
    high: float

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        """Summarise the values of the runs."""
        return cls(min(values), float(statistics.median(values)), max(values))

    def to_json(self, *, clock: bool = False) -> dict[str, Any]:
        """Return min, median and max (as hh:mm too for a time)."""
        out: dict[str, Any] = {"min": self.low, "median": self.median, "max": self.high}
        if clock:
            out["text"] = {k: hours_minutes(v) for k, v in out.items()}
        return out


@dataclass
class TournamentSim:
    """The runs of one simulated tournament setup and what they show together."""

    preset: str
    name: str
    name_en: str
    format: str
    players: int
    seed: int
    engine: str
    model: TimeModel
    runs: list[RunFigures] = field(default_factory=list)
    seconds: float = 0.0  # wall-clock time of the simulation
    tables: int | None = None  # physical tables; None: as many as the tournament asks for

    @property
    def by_throws(self) -> bool:
        """Whether its games are played out by Schocken bots (else: minutes per game)."""
        return family_of_letter(self.format).planning == THROWS

    def spread(self, figure: str) -> Spread:
        """Return the spread of one figure (see FIGURES) over the runs."""
        return Spread.of([float(getattr(r, figure)) for r in self.runs])

    def head(self) -> dict[str, Any]:
        """What was simulated, as plain data: the file's and the plan's first keys."""
        return {
            "preset": self.preset,
            "name": self.name,
            "name_en": self.name_en,
            "format": self.format,
            "knockout": self.by_throws,  # the stored results' key: games played by bots
            "players": self.players,
            "tables": self.tables,
            "seed": self.seed,
            "runs": len(self.runs),
            "engine": self.engine if self.by_throws else "random_results",
            "time_model": self.model.to_json(),
            "game_minutes": None if self.by_throws else self.model.minutes_of(self.format),
        }

    def to_json(self) -> dict[str, Any]:
        """Return everything as plain data (one JSON object)."""
        return self.head() | {
            "results": [r.to_json() for r in self.runs],
            "ranking": self.runs[0].ranking if self.runs else [],
            "spread": {f: self.spread(f).to_json(clock=f in TIMES) for f in FIGURES},
            "wall_seconds": round(self.seconds, 3),
        }


def _check(
    preset: str, players: int, runs: int, engine: str, tables: int | None, *, named: bool = True
) -> None:
    """Refuse an unknown preset (when named) or engine, and counts out of range."""
    if named and preset not in tournament_presets():
        names = ", ".join(tournament_presets())
        raise RuleError(
            msg("unknown preset '{preset}' (possible: {names})", preset=preset, names=names),
            field="preset",
        )
    if not 1 <= players <= MAX_PLAYERS:
        raise RuleError(
            msg(
                "the number of players must lie between 1 and {max_players}, not {players}.",
                max_players=MAX_PLAYERS,
                players=players,
            ),
            field="players",
        )
    if not 1 <= runs <= MAX_RUNS:
        raise RuleError(
            msg(
                "the number of runs must lie between 1 and {max_runs}, not {runs}.",
                max_runs=MAX_RUNS,
                runs=runs,
            ),
            field="runs",
        )
    if tables is not None and tables < 1:
        raise RuleError(
            msg("at least one table is needed, not {tables}.", tables=tables),
            field="tables",
        )
    if engine not in ENGINES:
        raise RuleError(
            msg("unknown engine '{engine}' (exact or fast)", engine=engine),
            field="engine",
        )


def check_setup(
    preset: str,
    players: int,
    tables: int | None = None,
    *,
    runs: int = 1,
    engine: str = "exact",
    rules: AnyRules | None = None,
) -> AnyRules:
    """Refuse what cannot be simulated (before any run); return the rules: those given (a
    club's own preset, `preset` its label), else the shipped preset's."""
    _check(preset, players, runs, engine, tables, named=rules is None)
    rules = load_rules(preset) if rules is None else rules
    simulation(rules).check(rules, players)
    return rules


def simulate_tournament(
    *,
    preset: str,
    players: int,
    seed: int,
    runs: int = 1,
    model: TimeModel | None = None,
    engine: str = "exact",
    progress: Progress | None = None,
    tables: int | None = None,
    enough: Enough | None = None,
    rules: AnyRules | None = None,
) -> TournamentSim:
    """Simulate up to `runs` tournaments of a preset (seeds seed, seed+1, ...) at `tables`
    physical tables; progress in players; `enough` may end it after any run; `rules` given:
    these instead of the shipped preset's."""
    rules = check_setup(preset, players, tables, runs=runs, engine=engine, rules=rules)
    model = (model or TimeModel()).check()
    began = time.perf_counter()
    family = simulation(rules)
    name, name_en = family.names(rules)
    sim = TournamentSim(preset, name, name_en, rules.format, players, seed, engine, model)
    for k in range(runs):
        setup = RunSetup(seed + k, model, engine, progress, tables)
        sim.runs.append(family.run(rules, players, setup))
        if enough is not None and enough(len(sim.runs)):
            break
    sim.tables = tables
    sim.seconds = time.perf_counter() - began
    return sim
