"""Simulate a whole A–C tournament with random results and a clock for its tables.

The organiser's steps are those of `autoplay`; a clock runs beside them. A draw forms its
tables (the model's seconds), then every table plays its games one after the other, each
taking the format's minutes times a random factor. A fixed-table stage lets each table go
on at its own pace; a stage that reseats every game, and the next stage, wait for the
slowest table. Players wait from the end of their table until their next table is formed.
With a limited number of physical tables, a drawn table starts when one is free (in table
order, on the table that is free first).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.family_engine import AnyRules
from tafelrunde.engine.groups.actions import next_draw, open_rolloffs, record, rolled_by_software
from tafelrunde.engine.groups.facts import Draw, Tournament
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.engine.tables import plan_tables
from tafelrunde.i18n import msg
from tafelrunde.sim.autoplay import random_result
from tafelrunde.sim.tour_family import RunSetup, Simulation
from tafelrunde.sim.tour_knockout import player_ids
from tafelrunde.sim.tour_model import RunFigures, TableCount, TimeModel

Progress = Callable[[int], None]
LIMIT = 1_000_000  # organiser steps; a real tournament needs far fewer


def sim_tournament(ruleset: Ruleset, players: int, seed: int) -> Tournament:
    """Build a tournament of simulated players; refuse a field the ruleset cannot seat."""
    tour = Tournament(
        name=f"Simulation {ruleset.name}",
        ruleset=ruleset,
        players=[Player(pid, pid) for pid in player_ids(players)],
        seed=seed,
    )
    first = TournamentState(tour).following(None)
    if first is None:
        raise RuleError(
            msg(
                "{players} players are too few for '{name_en}'.",
                players=players,
                name=ruleset.name,
                name_en=ruleset.name_en or ruleset.name,
            ),
            field="players",
        )
    plan_tables(players, first.rule.tables)  # says which counts work when this one does not
    return tour


class GroupsRun:
    """One simulated A–C tournament: the engine's state, the clock and the figures."""

    def __init__(
        self, tournament: Tournament, *, seed: int, model: TimeModel, tables: int | None = None
    ) -> None:
        self.state = TournamentState(tournament)
        self.rng = random.Random(seed)
        self.model = model
        self.game_seconds = model.minutes_of(tournament.ruleset.format) * 60
        self.figures = RunFigures(seed=seed)
        self.clock = 0.0
        self.free_since = {p.id: 0.0 for p in tournament.players}
        self.free_at = [0.0] * tables if tables is not None else None  # physical tables
        self.tables = TableCount()

    def game_time(self) -> float:
        """Return how long one game at one table takes this time."""
        j = self.model.jitter
        return self.game_seconds * self.rng.uniform(1 - j, 1 + j)

    def run(self) -> RunFigures:
        """Draw, play and roll off until the tournament is over."""
        state = self.state
        for _ in range(LIMIT):
            if state.finished:
                break
            draw = next_draw(state, seed=self.rng.randrange(2**31))
            record(state, draw, by="sim")
            self.play_draw(draw)
            for _ in range(LIMIT):
                needs = open_rolloffs(state)
                if not needs:
                    break
                record(state, rolled_by_software(needs[0], seed=self.rng.randrange(2**31)))
        fig = self.figures
        fig.duration = self.clock
        fig.tables_max, fig.tables_total = self.tables.most, self.tables.total
        fig.in_use = self.tables.steps
        fig.ranking = [row.player for row in state.overall()]
        return fig

    def start_of(self, formed: float, length: float) -> float:
        """Return when a drawn table starts: now, or when a physical table is free."""
        if self.free_at is None:
            return formed
        start = max(formed, heapq.heappop(self.free_at))
        heapq.heappush(self.free_at, start + length)
        return start

    def play_draw(self, draw: Draw) -> None:
        """Seat the drawn tables now, play their games, and move the clock to the last end."""
        st = self.state.current
        assert st is not None
        fig, formed = self.figures, self.clock
        games = [draw.game] if st.rule.reseat_each_game else list(range(1, st.rule.games + 1))
        ends: list[float] = []
        changes: list[tuple[float, int]] = []  # (time, 0 a table ends / 1 starts / 2 ends)
        for table in draw.tables:
            plays = [self.game_time() for _ in games]
            between = self.model.between_games_seconds * (len(games) - 1)
            length = self.model.table_seconds + sum(plays) + between
            start = self.start_of(formed, length)
            for pid in table:
                fig.longest_wait = max(fig.longest_wait, start - self.free_since[pid])
            ends.append(start + length)
            changes += [(start, 1), (start + length, 0 if length else 2)]
            for pid in table:
                self.free_since[pid] = start + length
        for at, change in sorted(changes):  # at one time, tables end before others start
            if change == 1:
                self.tables.open(at)
            else:
                self.tables.close(at)
        for game, index in st.missing_results():
            record(self.state, random_result(self.state, game, index, self.rng), by="sim")
            fig.games += 1
        self.clock = max(ends, default=formed)


class GroupSimulation:
    """Group-format tournaments: drawn games, random results of the format's minutes."""

    def check(self, rules: AnyRules, players: int) -> None:
        """Refuse a field the first stage cannot seat."""
        sim_tournament(_ruleset(rules), players, 0)

    def names(self, rules: AnyRules) -> tuple[str, str]:
        """The ruleset's name, in English its own or the German one."""
        ruleset = _ruleset(rules)
        return ruleset.name, ruleset.name_en or ruleset.name

    def run(self, rules: AnyRules, players: int, setup: RunSetup) -> RunFigures:
        """One tournament of random results, its tables timed by the model."""
        tour = sim_tournament(_ruleset(rules), players, setup.seed)
        figures = GroupsRun(tour, seed=setup.seed, model=setup.model, tables=setup.tables).run()
        if setup.progress is not None:
            setup.progress(players)
        return figures


def _ruleset(rules: AnyRules) -> Ruleset:
    """The group ruleset handed over (another family's is a programming error)."""
    assert isinstance(rules, Ruleset), type(rules)
    return rules


SIMULATION: Simulation = GroupSimulation()
