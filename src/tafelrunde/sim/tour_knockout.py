"""Simulate a format-D knockout: the engine forms the tables, bots play every Schocken game.

An event-driven clock: tables play in parallel; a game takes its rounds of throws times the
model's seconds; players who leave a table wait in their bracket's queue until the engine
suggests a table for them and, with a limited number of physical tables, until one is
free. Every fact reaches the engine with its simulated time (`at`, in seconds of the day),
so the engine's sharp-play clock decides which games are sharp.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Sequence

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.family_engine import AnyRules
from tafelrunde.engine.knockout import (
    Bracket,
    GameLost,
    KnockoutFact,
    KnockoutRules,
    KnockoutState,
    OpenTable,
    PayFee,
    Register,
    Status,
    next_steps,
    ranking,
    suggested_tables,
)
from tafelrunde.engine.tables import feasible
from tafelrunde.i18n import msg
from tafelrunde.sim.tour_family import RunSetup, Simulation
from tafelrunde.sim.tour_games import GamePlayer, game_player
from tafelrunde.sim.tour_model import RunFigures, TableCount, TimeModel

Progress = Callable[[int], None]
BRACKETS = (Bracket.MAIN, Bracket.CONSOLATION)
WAITING = (Status.WAITING, Status.FINALIST)


def player_ids(count: int) -> list[str]:
    """Name the simulated players S001, S002, ... (wide enough for the count)."""
    width = max(3, len(str(count)))
    return [f"S{i:0{width}d}" for i in range(1, count + 1)]


class KnockoutRun:
    """One simulated knockout tournament: the engine's state, the clock and the figures."""

    def __init__(
        self,
        rules: KnockoutRules,
        *,
        seed: int,
        model: TimeModel,
        games: GamePlayer,
        progress: Progress | None = None,
        tables: int | None = None,
    ) -> None:
        self.rules, self.model, self.games, self.progress = rules, model, games, progress
        self.limit = tables  # physical tables in the hall; None: as many as suggested
        self.rng = random.Random(seed)
        self.state = KnockoutState(rules)
        self.figures = RunFigures(seed=seed)
        self.tables = TableCount(start=float(rules.start))
        self.events: list[tuple[float, int, int, str]] = []  # (game ends, seq, table, loser)
        self.seq = 0
        self.next_starter: dict[int, str] = {}
        self.waiting_since: dict[str, float] = {}
        self.decided = 0
        self.smallest = min(rules.tables.sizes())

    def record(self, fact: KnockoutFact) -> None:
        """Hand a fact to the engine."""
        self.state.record(fact)

    def number(self) -> int:
        """Return the next fact number."""
        return len(self.state.facts) + 1

    # -- the tournament -----------------------------------------------------------------

    def run(self, players: int, names: Sequence[str] = ()) -> RunFigures:
        """Register everybody (with names, when given), then play until there is a winner."""
        rules, start = self.rules, float(self.rules.start)
        for k, pid in enumerate(player_ids(players)):
            name = names[k] if k < len(names) else ""
            self.record(Register(n=self.number(), at=rules.admission, player=pid, name=name))
            self.record(PayFee(n=self.number(), at=rules.admission, player=pid))
            self.waiting_since[pid] = start
        self.open_ready(start)
        end = start
        while not self.state.finished:
            if not self.events:
                steps = "; ".join(str(s.text) for s in next_steps(self.state))
                raise RuleError(
                    msg("the simulation is stuck: {steps}", steps=steps),
                    field="players",
                )
            end, _, table, loser = heapq.heappop(self.events)
            self.game_over(end, table, loser)
        self.count_decided()
        if self.progress is not None and players > self.decided:
            self.progress(players - self.decided)
        fig = self.figures
        fig.duration = end - start
        fig.tables_max, fig.tables_total = self.tables.most, self.tables.total
        fig.in_use = self.tables.steps
        fig.ranking = [row.player for row in ranking(self.state)]
        return fig

    def free(self) -> bool:
        """Say whether a physical table is free for one more table."""
        return self.limit is None or self.tables.now < self.limit

    def open_ready(self, at: float) -> None:
        """Open the tables the engine suggests now (main bracket first) while tables are free,
        and the grand final when it is ready."""
        opened = True
        while opened and not self.state.finished and self.free():
            opened = False
            for bracket in BRACKETS:
                if len(self.state.queues[bracket]) < self.smallest:
                    continue  # no table seats fewer players (saves the engine's scan)
                for players in suggested_tables(self.state, bracket):
                    if not self.free():
                        return  # the rest wait in the queue for a free table
                    self.open_table(bracket, players, at)
                    opened = True
            if self.state.grand_final_ready() and self.free():
                self.open_table(Bracket.GRAND_FINAL, tuple(self.state.finalists), at)
                opened = True

    def open_table(self, bracket: Bracket, players: tuple[str, ...], at: float) -> None:
        """Open a table, note the waits it ends, and start its first game after forming it."""
        self.record(OpenTable(n=self.number(), at=at, bracket=bracket, players=players))
        number = len(self.state.tables)
        self.tables.open(at)
        for pid in players:
            since = self.waiting_since.pop(pid, at)
            self.figures.longest_wait = max(self.figures.longest_wait, at - since)
        self.next_starter[number] = self.rng.choice(players)
        self.start_game(number, at + self.model.table_seconds)

    def start_game(self, number: int, at: float) -> None:
        """Play a table's next game now; its loser is recorded when the game ends."""
        table = self.state.tables[number]
        sharp = self.state.is_sharp(number, at)
        loser, rounds = self.games.play(tuple(table.remaining), self.next_starter[number], sharp)
        self.figures.games += 1
        self.figures.rounds += rounds
        self.figures.sharp_games += sharp
        self.seq += 1
        heapq.heappush(
            self.events, (at + rounds * self.model.round_seconds, self.seq, number, loser)
        )

    def game_over(self, at: float, number: int, loser: str) -> None:
        """Record a game's loser; go on at the table, or free its players for new tables."""
        self.record(GameLost(n=self.number(), at=at, table=number, player=loser))
        table = self.state.tables[number]
        if table.is_open and loser in table.remaining:
            self.next_starter[number] = loser
            self.start_game(number, at + self.model.between_games_seconds)
            return
        for pid in table.players:  # who left the table or survived it waits from now on
            if self.state.players[pid].status in WAITING and pid not in self.waiting_since:
                self.waiting_since[pid] = at
        self.count_decided()
        if not table.is_open:
            self.tables.close(at)
            self.open_ready(at)
            return
        self.next_starter[number] = self.after(table.players, loser, table.remaining)
        self.start_game(number, at + self.model.between_games_seconds)
        self.open_ready(at)

    @staticmethod
    def after(seats: tuple[str, ...], gone: str, remaining: list[str]) -> str:
        """Return the next player after `gone` in seat order who is still at the table."""
        at = seats.index(gone)
        return next(p for p in seats[at + 1 :] + seats[:at] if p in remaining)

    def count_decided(self) -> None:
        """Report the places decided since the last report to the progress callback."""
        s = self.state
        decided = len(s.eliminated) + len(s.final_order) + (1 if s.finished else 0)
        if self.progress is not None and decided > self.decided:
            self.progress(decided - self.decided)
        self.decided = max(self.decided, decided)


def simulate_knockout(
    rules: KnockoutRules,
    *,
    players: int,
    seed: int,
    model: TimeModel | None = None,
    engine: str = "exact",
    progress: Progress | None = None,
    tables: int | None = None,
) -> RunFigures:
    """Simulate a whole format-D tournament with Schocken bots (at most `tables` at once)."""
    rng = random.Random(seed)
    seats = max((*rules.tables.sizes(), rules.final_size))
    games = game_player(engine, rng.randrange(2**63), max_seats=seats)
    run = KnockoutRun(
        rules,
        seed=seed,
        model=model or TimeModel(),
        games=games,
        progress=progress,
        tables=tables,
    )
    return run.run(players)


class KnockoutSimulation:
    """Format-D tournaments: every game thrown by Schocken bots."""

    def check(self, rules: AnyRules, players: int) -> None:
        """Refuse a field too small for one table."""
        ko = _rules(rules)
        if not any(feasible(k, ko.tables) for k in range(1, players + 1)):
            raise RuleError(
                msg(
                    "{players} players are too few: the knockout needs at least {least} "
                    "(one table).",
                    players=players,
                    least=min(ko.tables.sizes()),
                ),
                field="players",
            )

    def names(self, rules: AnyRules) -> tuple[str, str]:
        """The rules' German and English names."""
        ko = _rules(rules)
        return ko.name, ko.name_en

    def run(self, rules: AnyRules, players: int, setup: RunSetup) -> RunFigures:
        """One whole knockout, thrown by bots."""
        return simulate_knockout(
            _rules(rules), players=players, seed=setup.seed, model=setup.model,
            engine=setup.engine, progress=setup.progress, tables=setup.tables,
        )  # fmt: skip


def _rules(rules: AnyRules) -> KnockoutRules:
    """The knockout rules handed over (another family's is a programming error)."""
    assert isinstance(rules, KnockoutRules), type(rules)
    return rules


SIMULATION: Simulation = KnockoutSimulation()
