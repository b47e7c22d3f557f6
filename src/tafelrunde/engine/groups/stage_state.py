"""One stage as played so far: its draws, results, roll-offs and what follows from them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from tafelrunde.engine.choices import SeatOrder, Tie
from tafelrunde.engine.confirmation import TableResult
from tafelrunde.engine.groups.facts import (
    Draw,
    Result,
    Rolloff,
    RolloffEntered,
    Table,
    TableEntered,
)
from tafelrunde.engine.groups.outcome import Outcome, score_table
from tafelrunde.engine.groups.ruleset import StageRule, stage_title
from tafelrunde.engine.groups.scoring import tie_groups
from tafelrunde.engine.groups.seating import drawn_seat_order, pass_start_order
from tafelrunde.engine.groups.standings import Criterion, Standing, rank_players
from tafelrunde.engine.numbers import Num
from tafelrunde.engine.sealed import Sealed
from tafelrunde.i18n import Message


@dataclass
class Totals:
    """A player's sums over the games of a stage."""

    points: Num = 0
    game_points: Num = 0
    pips: Num = 0
    wins: Num = 0
    losses: Num = 0
    games: int = 0

    def add(self, other: Totals) -> None:
        """Add another stage's sums."""
        self.points += other.points
        self.game_points += other.game_points
        self.pips += other.pips
        self.wins += other.wins
        self.losses += other.losses
        self.games += other.games

    def get(self, key: str) -> Num:
        """Return one sum by criterion key."""
        value: Num = getattr(self, key)
        return value


@dataclass(frozen=True)
class RolloffNeed:
    """A tie that a roll-off decides: which kind, in which game, among whom, and whether done."""

    stage: str
    kind: str
    game: int
    players: tuple[str, ...]
    done: bool
    table: int | None = None
    place: int | None = None


RolloffKey = tuple[str, int, frozenset[str]]
Orders = dict[frozenset[str], tuple[str, ...]]
ValueLookup = Callable[[Criterion, str], Num | None]
T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class TableBasis:
    """What a fixed table's standing follows from: its players, the outcomes of its games,
    who of them withdrew, and the stage's roll-offs among them."""

    players: Table
    outcomes: tuple[Outcome | None, ...]
    withdrawn: tuple[bool, ...]
    rolled: tuple[Rolloff, ...]

    def same(self, other: TableBasis | None) -> bool:
        """Say whether a standing made from `other` holds for this one too: equal players
        and withdrawals, the very same outcomes and roll-offs (an outcome is only kept from
        an earlier state when nothing about it differs)."""
        return (
            other is not None
            and (self.players, self.withdrawn) == (other.players, other.withdrawn)
            and len(self.outcomes) == len(other.outcomes)
            and len(self.rolled) == len(other.rolled)
            and all(a is b for a, b in zip(self.outcomes, other.outcomes, strict=True))
            and all(a is b for a, b in zip(self.rolled, other.rolled, strict=True))
        )


@dataclass(eq=False)
class StageState(Sealed):
    """A stage being played: facts in, outcomes and standings out."""

    rule: StageRule
    key: str
    number: int
    entrants: list[str]
    lot_seed: int
    draws: dict[int, Draw] = field(default_factory=dict)
    results: dict[tuple[int, int], Result] = field(default_factory=dict)
    superseded: list[Result] = field(default_factory=list)
    rolloffs: dict[RolloffKey, Rolloff] = field(default_factory=dict)
    outer_value: ValueLookup | None = None
    scored: dict[tuple[int, int], Outcome] = field(default_factory=dict)
    # each outcome with the roll-off orders it was scored with, and those of an earlier state
    scored_with: dict[tuple[int, int], tuple[Outcome, Orders]] = field(default_factory=dict)
    reusable: dict[tuple[int, int], tuple[Outcome, Orders]] = field(default_factory=dict)
    # the tables' standings of an earlier state, each with what it followed from
    reusable_tables: list[tuple[Standing, TableBasis | None]] = field(default_factory=list)
    seat_index: dict[int, tuple[tuple[Table, ...], dict[str, int]]] = field(default_factory=dict)
    skipped: dict[str, frozenset[int]] = field(default_factory=dict)  # withdrawn: games missed
    withdrawn_last: bool = False  # the ruleset ranks withdrawn players after everybody else
    at_table: dict[tuple[int, int], TableResult] = field(default_factory=dict)  # entries there
    table_entries: dict[int, TableEntered] = field(default_factory=dict)  # by fact number
    rolloff_tables: dict[RolloffKey, TableResult] = field(default_factory=dict)  # at the table
    rolloff_entries: dict[int, RolloffEntered] = field(default_factory=dict)  # by fact number

    def title(self) -> Message:
        """Name this stage; a repeated stage gets its number ('Gruppenrunde 2')."""
        return stage_title(self.rule, self.key)

    def touch(self) -> None:
        """Forget the sums and standings derived so far, after a new fact."""
        self.unsealed()
        for name in ("totals", "table_standings", "table_ranked", "table_places", "_missing",
                     "members", "kept"):  # fmt: skip
            self.__dict__.pop(name, None)

    def forget_outcomes(self, game: int, index: int | None = None) -> None:
        """Forget scored tables of a game (one table, or all when index is None)."""
        self.unsealed()
        self.touch()  # what was derived from them, too
        for key in [k for k in self.scored if k[0] == game and index in (None, k[1])]:
            del self.scored[key]
            self.scored_with.pop(key, None)

    def reuse_outcomes(self, earlier: StageState) -> None:
        """Take the outcomes an earlier state of this stage scored: a table whose result,
        players and roll-offs are the same is not scored again."""
        self.unsealed()
        if earlier.rule is self.rule and earlier.key == self.key:
            # what the earlier state took over and did not need is passed on too (a state
            # nobody ranked, e.g. one made for an entry waiting for its confirmation)
            self.reusable = earlier.reusable | earlier.scored_with  # one step each: other
            self.reusable_tables = list(  # threads may add meanwhile
                earlier.__dict__.get("table_ranked") or earlier.reusable_tables
            )

    # -- tables and seats -------------------------------------------------------------

    def tables(self, game: int) -> tuple[Table, ...] | None:
        """Return the tables of a game, or None when not drawn yet."""
        if not 1 <= game <= self.rule.games:
            return None
        draw = self.draws.get(game if self.rule.reseat_each_game else 1)
        return draw.tables if draw else None

    def seated(self, game: int, index: int) -> Table:
        """Return who plays a game at a table: its players without those withdrawn before it."""
        tables = self.tables(game)
        assert tables is not None
        if not self.skipped:  # nobody withdrew: the table as drawn
            return tables[index - 1]
        return tuple(p for p in tables[index - 1] if game not in self.skipped.get(p, ()))

    def played(self, game: int, index: int) -> bool:
        """Say whether a table plays a game at all (two players are needed for a game)."""
        return len(self.seated(game, index)) >= 2

    @cached_property
    def members(self) -> frozenset[str]:
        """The stage's players as a set, kept until the next fact."""
        return frozenset(self.entrants)

    def present(self) -> list[str]:
        """Return the stage's players who have not withdrawn, in seeding order."""
        return [p for p in self.entrants if p not in self.skipped]

    def withdraw(self, player: str) -> None:
        """Leave a player out of every game of this stage whose result is not in yet."""
        self.unsealed()
        games = range(1, self.drawn_games() + 1)
        where = {g: self.table_of(player, g) for g in games}
        self.skipped[player] = frozenset(
            g for g, index in where.items() if index is not None and (g, index) not in self.results
        )

    def drawn_games(self) -> int:
        """Return how many games have their tables."""
        if not self.draws:
            return 0
        return max(self.draws) if self.rule.reseat_each_game else self.rule.games

    def seat_order(self, game: int, index: int) -> Table:
        """Return the seat (start) order of a table in a game."""
        tables = self.tables(game)
        assert tables is not None
        seated = self.seated(game, index)
        draw = self.draws[game if self.rule.reseat_each_game else 1]
        if self.rule.seat_order == SeatOrder.DRAWN_EACH_GAME:
            drawn = drawn_seat_order(tables[index - 1], seed=draw.seed, game=game, index=index)
            return tuple(p for p in drawn if p in seated)  # the others keep their seats
        if self.rule.seat_order == SeatOrder.PASSES:
            standing = self.start_standing(game, index) if game >= 3 else None
            return pass_start_order(seated, game, standing.order() if standing else None)
        return seated

    def sitting_order(self, game: int, index: int) -> Table:
        """Return the order players sit in at a table: the game's seat draw (/drawseat), else
        the drawn table (format A keeps its seats while the start order turns)."""
        if self.rule.seat_order == SeatOrder.DRAWN_EACH_GAME:
            return self.seat_order(game, index)
        return self.seated(game, index)

    # -- outcomes ---------------------------------------------------------------------

    def orders_for(self, kind: str, game: int) -> Orders:
        """Return the entered roll-off orders of one kind and game."""
        return {k[2]: r.order for k, r in self.rolloffs.items() if k[0] == kind and k[1] == game}

    @property
    def outcomes(self) -> dict[tuple[int, int], Outcome]:
        """Score every entered result (each table once, until its result or roll-off changes)."""
        if len(self.scored) != len(self.results):
            for (game, index), result in self.results.items():
                if (game, index) not in self.scored:
                    self._score(game, index, result)
        return self.scored

    def _score(self, game: int, index: int, result: Result) -> None:
        """Score one table, or take its outcome from an earlier state when nothing differs."""
        orders = self.orders_for(self.rule.stechen, game)
        table = self.seated(game, index)
        old = self.reusable.get((game, index))
        same = old is not None and old[0].result is result and old[0].players == table
        if old is not None and same and old[1] == orders:
            outcome = old[0]
        else:
            outcome = score_table(self.rule, table, result, orders)
        self.scored_with[(game, index)] = (outcome, orders)
        self.scored[(game, index)] = outcome

    def table_of(self, player: str, game: int = 1) -> int | None:
        """Return the index of the player's table in a game."""
        tables = self.tables(game) or ()
        known = self.seat_index.get(game)
        if known is None or known[0] is not tables:
            where = {p: i for i, table in enumerate(tables, start=1) for p in table}
            known = self.seat_index[game] = (tables, where)
        return known[1].get(player)

    @cached_property
    def totals(self) -> dict[str, Totals]:
        """Sum every player's points, game points, pips, wins and losses in this stage."""
        sums = {p: Totals() for p in self.entrants}
        for outcome in self.outcomes.values():
            for p in outcome.players:
                t = sums[p]
                if outcome.points is not None:
                    t.points += outcome.points[p]
                t.game_points += outcome.game_points[p]
                t.pips += outcome.pips[p]
                t.wins += outcome.wins[p]
                t.losses += outcome.losses[p]
                t.games += 1
        return sums

    def behind(self) -> frozenset[str]:
        """The players with fewer results in than others of the stage (their table's is
        missing; those who withdrew left out): their place is one "so far" only."""
        played: Counter[str] = Counter()
        for game, index in self.results:
            played.update(self.seated(game, index))
        most = max(played.values(), default=0)
        return frozenset(p for p in self.members if played[p] < most and p not in self.skipped)

    def missing_results(self) -> list[tuple[int, int]]:
        """List (game, table) pairs drawn but without a result."""
        return list(self._missing)

    @cached_property
    def _missing(self) -> tuple[tuple[int, int], ...]:
        """The pairs without a result, kept until the next fact."""
        missing = []
        for game in range(1, self.drawn_games() + 1):
            for index, table in enumerate(self.tables(game) or (), start=1):
                if (game, index) in self.results:
                    continue
                if len(table) >= 2 if not self.skipped else self.played(game, index):
                    missing.append((game, index))
        return tuple(missing)

    def games_done(self, index: int, upto: int) -> bool:
        """Say whether a fixed table has scored results for games 1..upto (or plays no more)."""
        return all(
            ((g, index) in self.outcomes and self.outcomes[(g, index)].points is not None)
            or ((g, index) not in self.results and not self.played(g, index))
            for g in range(1, upto + 1)
        )

    # -- standings --------------------------------------------------------------------

    def value(self, criterion: Criterion, player: str) -> Num | None:
        """Return a player's value for a criterion; other scopes ask the tournament."""
        if criterion.key == "table_place":
            return self.table_places.get(player)
        if criterion.scope == "stage" and criterion.key != "rank":
            return self.totals[player].get(criterion.key)
        assert self.outer_value is not None
        return self.outer_value(criterion, player)

    def order_of(
        self, kind: str, game: int
    ) -> Callable[[Criterion, Sequence[str]], Sequence[str] | None]:
        """Look up a roll-off among a tied group."""

        def lookup(criterion: Criterion, group: Sequence[str]) -> Sequence[str] | None:
            fact = self.rolloffs.get((criterion.name or kind, game, frozenset(group)))
            return fact.order if fact else None

        return lookup

    @cached_property
    def table_places(self) -> dict[str, int]:
        """Each player's place at their fixed table (none: not at a table)."""
        return {r.player: r.rank for standing in self.table_standings for r in standing.rows}

    @cached_property
    def table_standings(self) -> list[Standing]:
        """Rank each fixed table's players by the stage's table ranking (a table whose
        standing follows from the same as in an earlier state keeps that standing)."""
        return [standing for standing, _ in self.table_ranked]

    @cached_property
    def table_ranked(self) -> list[tuple[Standing, TableBasis | None]]:
        """Each fixed table's standing with what it followed from (None: not to be kept)."""
        out: list[tuple[Standing, TableBasis | None]] = []
        earlier = self.reusable_tables
        for index, table in enumerate(self.tables(1) or (), start=1):
            basis = self._table_basis(index, table)
            if basis is not None and index <= len(earlier) and basis.same(earlier[index - 1][1]):
                out.append((earlier[index - 1][0], basis))
                continue
            standing = rank_players(
                table,
                self.rule.table_ranking,
                self.value,
                self.order_of("", 0),
                lot_seed=self.lot_seed,
                context=f"{self.key}:table{index}",
                absent=self.skipped,
                absent_last=self.withdrawn_last,
            )
            out.append((standing, basis))
        return out

    def _table_basis(self, index: int, table: Table) -> TableBasis | None:
        """What a fixed table's standing follows from, where nothing else enters it (None:
        it depends on more, e.g. another stage's values)."""
        criteria = [c for c in self.rule.table_ranking if not c.orders]
        if self.rule.reseat_each_game or any(
            c.scope != "stage" or c.key in ("rank", "table_place") for c in criteria
        ):
            return None
        players = set(table)
        rolled = tuple(r for (_, game, group), r in self.rolloffs.items()
                       if game == 0 and group <= players)  # fmt: skip
        outcomes = tuple(self.outcomes.get((g, index)) for g in range(1, self.rule.games + 1))
        return TableBasis(table, outcomes, tuple(p in self.skipped for p in table), rolled)

    def standing(self, cut: int | None = None) -> Standing:
        """Rank all players of the stage; ties away from the cut are left to the lot."""

        def matters(first: int, last: int) -> bool:
            return cut is None or first < cut <= last

        return self._once("standing", cut, lambda: rank_players(
            self.entrants,
            self.rule.ranking,
            self.value,
            self.order_of("", 0),
            lot_seed=self.lot_seed,
            context=self.key,
            matters=matters,
            absent=self.skipped,
            absent_last=self.withdrawn_last,
        ))  # fmt: skip

    def _once(self, what: str, key: Hashable, make: Callable[[], T]) -> T:
        """What `make` gives, found once per state until the next fact (`touch`)."""
        kept: dict[tuple[str, Hashable], Any] = self.__dict__.setdefault("kept", {})
        if (what, key) not in kept:
            kept[(what, key)] = make()
        found: T = kept[(what, key)]
        return found

    def start_standing(self, game: int, index: int) -> Standing | None:
        """Rank a table by the passes before `game` for its start order (Herzog: winner lower);
        kept until the next fact."""
        return self._once("start", (game, index), lambda: self._start_standing(game, index))

    def _start_standing(self, game: int, index: int) -> Standing | None:
        """`start_standing` made afresh."""
        if not self.games_done(index, game - 1):
            return None
        table = self.seated(game, index)
        sums: dict[str, list[Num]] = {p: [0, 0] for p in table}
        for g in range(1, game):
            o = self.outcomes.get((g, index))
            if o is None:
                continue  # nobody played here
            for p in table:
                sums[p][0] += (o.points or {}).get(p, 0)
                sums[p][1] += o.pips.get(p, 0)

        def value(c: Criterion, p: str) -> Num:
            return sums[p][0 if c.key == "points" else 1]

        def order(c: Criterion, group: Sequence[str]) -> Sequence[str] | None:
            fact = self.rolloffs.get((self.rule.herzog, game, frozenset(group)))
            return tuple(reversed(fact.order)) if fact else None

        criteria = (
            Criterion("points"),
            Criterion("pips"),
            Criterion("rolloff", name=self.rule.herzog),
        )
        return rank_players(table, criteria, value, order, lot_seed=self.lot_seed, context="herzog")

    # -- progress ---------------------------------------------------------------------

    def rolloff_needs(self, cut: int | None = None, table: int | None = None) -> list[RolloffNeed]:
        """List every tie in this stage that a roll-off decides, entered or not; with `table`,
        only those of that table (the same needs, found without ranking the whole stage);
        found once until the next fact."""
        return list(
            self._once("needs", (cut, table), lambda: tuple(self._rolloff_needs(cut, table)))
        )

    def _rolloff_needs(self, cut: int | None, table: int | None) -> list[RolloffNeed]:
        """`rolloff_needs` found afresh."""
        needs: list[RolloffNeed] = []
        for (game, index), o in sorted(self.outcomes.items()):
            if self.rule.scoring.tie != Tie.ROLLOFF:
                break
            if table not in (None, index):
                continue
            for group in tie_groups(o.places):
                key = (self.rule.stechen, game, frozenset(group))
                needs.append(
                    RolloffNeed(
                        self.key,
                        self.rule.stechen,
                        game,
                        tuple(group),
                        key in self.rolloffs,
                        index,
                        o.places[group[0]],
                    )
                )
        if self.rule.seat_order == SeatOrder.PASSES:
            for index in range(1, len(self.tables(1) or ()) + 1):
                if table not in (None, index):
                    continue
                for game in range(3, self.rule.games + 1):
                    if not self.games_done(index, game - 1):
                        break  # no start order of this game or a later one is known yet
                    st = self.start_standing(game, index)
                    for crit, tied in st.ties if st else ():
                        if crit.key == "rolloff":
                            done = (self.rule.herzog, game, frozenset(tied)) in self.rolloffs
                            needs.append(
                                RolloffNeed(self.key, self.rule.herzog, game, tied, done, index)
                            )
        if self.results_complete():
            standings: list[tuple[Standing, int | None]] = []
            if not self.rule.reseat_each_game or self.rule.games == 1:
                tables = enumerate(self.table_standings, start=1)
                standings += [(s, i) for i, s in tables if table in (None, i)]
            if table is None:  # the stage's standing ties players of many tables
                standings.append((self.standing(cut), None))
            seen: set[tuple[str, frozenset[str]]] = set()
            for standing, where in standings:
                for crit, tied in standing.ties:
                    if crit.key != "rolloff" or (crit.name, frozenset(tied)) in seen:
                        continue
                    seen.add((crit.name, frozenset(tied)))
                    done = (crit.name, 0, frozenset(tied)) in self.rolloffs
                    needs.append(RolloffNeed(self.key, crit.name, 0, tied, done, where))
        return needs

    def results_complete(self) -> bool:
        """Say whether every game is drawn, entered and scored."""
        return (
            self.drawn_games() == self.rule.games
            and not self.missing_results()
            and all(o.points is not None for o in self.outcomes.values())
        )

    def complete(self, cut: int | None = None) -> bool:
        """Say whether the stage is finished: all results and all deciding roll-offs in."""
        if not self.results_complete():
            return False
        blocking = [n for n in self.rolloff_needs(cut) if not n.done and n.kind != self.rule.herzog]
        return not blocking

    def players(self) -> list[str]:
        """Return the players of the stage in seeding order (late players last)."""
        return list(self.entrants)
