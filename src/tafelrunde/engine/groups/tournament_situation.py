"""What stands in a tournament of formats A–C: its stages, who goes on, how a result is checked
and stored; `TournamentState` replays the facts into it."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace

from tafelrunde.engine.choices import ScoreMode, Seating, Withdrawn
from tafelrunde.engine.errors import AdvancingChanged, RuleError
from tafelrunde.engine.groups.fact_checks import check_correction
from tafelrunde.engine.groups.facts import Result, Tournament
from tafelrunde.engine.groups.ruleset import StageRule
from tafelrunde.engine.groups.scoring import check_placements
from tafelrunde.engine.groups.stage_state import StageState, Totals, ValueLookup
from tafelrunde.engine.groups.standings import Criterion
from tafelrunde.engine.limits import MAX_PIPS
from tafelrunde.engine.numbers import Num, parse_number
from tafelrunde.i18n import msg


@dataclass(frozen=True)
class StagePlan:
    """The stage that comes next: its rule, key and entrants best first."""

    rule: StageRule
    key: str
    entrants: tuple[str, ...]


@dataclass(frozen=True)
class OverallRow:
    """A line of the overall ranking."""

    place: int
    player: str
    stage: str
    stage_rank: int


class TournamentSituation:
    """What stands after a tournament's facts so far, and how a result is checked and stored."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.stages: list[StageState] = []
        self.registered = frozenset(p.id for p in tournament.players)
        self.withdrawn: dict[str, str] = {}  # player -> the stage they withdrew in
        self.late: dict[str, tuple[str, int]] = {}  # player -> the stage and game they joined
        self.checking = True  # False while facts checked when they were stored are replayed

    # -- navigation -------------------------------------------------------------------

    @property
    def current(self) -> StageState | None:
        """Return the stage being played (the last one drawn)."""
        return self.stages[-1] if self.stages else None

    def stage(self, key: str) -> StageState:
        """Return a played stage by key, or the last one played under that rule id."""
        for st in self.stages:
            if st.key == key:
                return st
        for st in reversed(self.stages):
            if st.rule.id == key:
                return st
        raise RuleError(msg("There is no stage '{key}' (yet).", key=key), field="stage")

    def _rule_index(self, rule: StageRule) -> int:
        return next(i for i, r in enumerate(self.tournament.ruleset.stages) if r is rule)

    def _next_rule(self, st: StageState | None) -> tuple[StageRule, int] | None:
        """Find the rule played after `st` (first stage when None) and how many enter it."""
        rules = self.tournament.ruleset.stages
        if st is None:
            field, tables, candidates = len(self.tournament.players), 0, list(rules)
        else:
            field, tables = len(st.present()), len(st.tables(1) or ())
            start = self._rule_index(st.rule)
            candidates = list(rules[start + (0 if st.rule.repeat else 1) :])
        for rule in candidates:
            count = field if st is None else rule.entrants.count(field, tables)
            if field < rule.players_at_least or count < rule.entrants_at_least:
                continue
            if st is not None and rule is st.rule and count >= field:
                continue  # repeating would not shrink the field
            return rule, count
        return None

    def following(self, st: StageState | None) -> StagePlan | None:
        """Plan the stage after `st` (the first stage when None); None when the tournament ends."""
        found = self._next_rule(st)
        if found is None:
            return None
        rule, count = found
        n = sum(1 for s in self.stages if s.rule is rule)
        key = f"{rule.id}-{n + 1}" if n else rule.id
        if st is None:
            entrants = tuple(p.id for p in self.tournament.players)
        else:  # who withdrew in this stage does not go on: the next one moves up
            ranked = st.standing(count).order()
            entrants = tuple([p for p in ranked if p not in st.skipped][:count])
        return StagePlan(rule, key, entrants)

    def goes_on(self, st: StageState) -> set[str] | None:
        """Who of the stage goes on (so far), or None after the last stage."""
        count = self.cut(st)
        if count is None:
            return None
        ranked = st.standing(count).order()
        return set([p for p in ranked if p not in st.skipped][:count])

    def cut(self, st: StageState) -> int | None:
        """Return how many of the stage's players go on, or None after the last stage."""
        found = self._next_rule(st)
        return None if found is None else found[1]

    def require_finished(self, st: StageState | None) -> None:
        """Refuse to go on while the stage still lacks results or roll-offs."""
        if st is not None and not self.stage_complete(st):
            results = len(st.missing_results())
            rolloffs = sum(not n.done for n in st.rolloff_needs(self.cut(st)))
            raise RuleError(
                msg(
                    "Stage '{stage}' is not finished yet: {results} result(s) and "
                    "{rolloffs} roll-off(s) are missing.",
                    stage=st.title(),
                    results=results,
                    rolloffs=rolloffs,
                ),
                field="stage",
            )

    def stage_complete(self, st: StageState) -> bool:
        """Say whether a stage is finished."""
        return st.complete(self.cut(st))

    @property
    def finished(self) -> bool:
        """Say whether the last stage is finished and nothing follows."""
        cur = self.current
        return cur is not None and self.stage_complete(cur) and self.following(cur) is None

    @property
    def seated(self) -> bool:
        """Say whether players sit at tables now (a game drawn, the tournament not over)."""
        return self.current is not None and not self.finished

    def name_of(self, player: str) -> str:
        """A player's name (the id itself when nobody has it)."""
        return self.tournament.name_of(player)

    # -- values across stages ---------------------------------------------------------

    def _outer(self, st: StageState) -> ValueLookup:
        """The values of other stages a stage's criteria read. It holds this state weakly (a
        dropped state is freed at once, not left in a cycle for the garbage collector)."""
        owner = weakref.ref(self)
        at = st.number - 1  # the stage's place among the stages

        def value(criterion: Criterion, player: str) -> Num | None:
            me = owner()
            if me is None:
                raise RuntimeError("the tournament state this stage belongs to is gone")
            return me._value_of(at, criterion, player)

        return value

    def _value_of(self, index: int, criterion: Criterion, player: str) -> Num | None:
        """A value of the criterion for the player, read across stages."""
        if criterion.key == "rank":
            other = self.stage(criterion.scope)
            if player not in other.members:
                return None
            return other.standing(self.cut(other)).rank_of()[player]
        if criterion.scope == "earlier":
            chosen = self.stages[:index]
        elif criterion.scope == "all":
            chosen = self.stages[: index + 1]
        else:
            chosen = [self.stage(criterion.scope)]
        total = Totals()
        for other in chosen:
            if player in other.totals:
                total.add(other.totals[player])
        return total.get(criterion.key)

    # -- checking and storing results ------------------------------------------------

    def open_stage(self, key: str) -> StageState:
        """Return the current stage if `key` names it, else refuse."""
        cur = self.current
        if cur is None or key not in (cur.key,):
            if any(s.key == key for s in self.stages):
                said = msg(
                    "Stage “{stage}” is finished; the next one has been drawn.",
                    stage=self.stage(key).title(),
                )
                raise RuleError(said, field="stage")
            raise RuleError(msg("Stage '{key}' is not running.", key=key), field="stage")
        return cur

    def _result_stage(self, result: Result) -> StageState:
        """The stage a result is for: the running one, or an earlier one for a correction."""
        if result.corrects is not None:
            for st in self.stages[:-1]:
                if st.key == result.stage:
                    return st
        return self.open_stage(result.stage)

    def _check_advancing(self, st: StageState) -> None:
        """Refuse a correction of a finished stage that changes who went on (or, for a
        seeded next stage, in which order): the next stage's draw would no longer fit."""
        index = self.stages.index(st)
        after = self.stages[index + 1]
        if not self.stage_complete(st):
            raise AdvancingChanged(
                msg(
                    "This correction makes a tie in {stage} that a roll-off must decide; "
                    "take {next} back to before its draw first.",
                    stage=st.title(),
                    next=after.title(),
                ),
                field="advancing",
                stage=after.key,
            )
        plan = self.following(st)
        now = plan.entrants if plan is not None else ()
        seeded = after.rule.seating == Seating.SERPENTINE
        if set(now) == set(after.entrants) and (not seeded or list(now) == after.entrants):
            return
        name = self.tournament.name_of
        gone = [name(p) for p in after.entrants if p not in now]
        new = [name(p) for p in now if p not in after.entrants]
        raise AdvancingChanged(
            msg(
                "This correction changes who goes on from {stage}: now {new} instead of "
                "{gone}. The draw of {next} no longer fits; take {next} back to before its "
                "draw first.",
                stage=st.title(),
                new=", ".join(new) or "–",
                gone=", ".join(gone) or "–",
                next=after.title(),
            )
            if gone or new
            else msg(
                "This correction changes the seeding of {next}; its draw no longer fits. "
                "Take {next} back to before its draw first.",
                next=after.title(),
            ),
            field="advancing",
            stage=after.key,
        )

    @staticmethod
    def check_table(st: StageState, game: int, index: int) -> None:
        """Refuse a game that is not drawn, a table that does not exist or plays no more."""
        tables = st.tables(game)
        if tables is None or not 1 <= game <= st.rule.games:
            said = msg("{word} {game} is not drawn.", word=st.rule.game_word(), game=game)
            raise RuleError(said, field="game")
        if not 1 <= index <= len(tables):
            raise RuleError(
                msg("There is no table {table} (1–{count}).", table=index, count=len(tables)),
                field="table",
            )
        if not st.played(game, index):
            said = msg(
                "Nobody plays {word} {game} at table {table} any more (withdrawn).",
                word=st.rule.game_word(),
                game=game,
                table=index,
            )
            raise RuleError(said, field="table")

    def check_result(self, st: StageState, result: Result) -> None:
        """Refuse a result that does not fit its game and table (nothing is stored)."""
        if not self.checking:
            return
        self.check_table(st, result.game, result.table)
        table = st.seated(result.game, result.table)
        name = self.tournament.name_of
        given: dict[str, list[str]] = {
            "scores": list(result.scores),
            "pips": list(result.pips),
            "places": list(result.places),
        }
        for label, who in given.items():
            for p in who:
                if p not in table:
                    raise RuleError(
                        msg("{name} is not at table {table}.", name=name(p), table=result.table),
                        field=label,
                    )
        for p, v in result.scores.items():
            parse_number(v, field="scores")  # within the one set of limits
            if refusal := st.rule.score_refusal(v, name(p)):
                raise refusal
        needs: list[tuple[str, list[str], bool]] = [
            (
                "scores",
                list(result.scores),
                st.rule.score == ScoreMode.REQUIRED and not result.places,
            ),
            ("pips", list(result.pips), st.rule.pips),
        ]
        for label, values, required in needs:
            if (required or values) and set(values) != set(table):
                missing = ", ".join(name(p) for p in table if p not in values)
                said = (msg("The pips are missing for: {missing}.", missing=missing)
                        if label == "pips" else
                        msg("The points are missing for: {missing}.", missing=missing))  # fmt: skip
                raise RuleError(said, field=label)
        if result.places:
            if set(result.places) != set(table):
                missing = ", ".join(name(p) for p in table if p not in result.places)
                raise RuleError(
                    msg("A placement is missing for: {missing}.", missing=missing), field="places"
                )
            check_placements(result.places)
        if any(not 0 <= v <= MAX_PIPS for v in result.pips.values()):
            raise RuleError(msg("Pips lie between 0 and {pips}.", pips=MAX_PIPS), field="pips")

    def store_result(self, st: StageState, result: Result) -> None:
        """Store a checked result (or correction) of a table; it counts from now on."""
        key = (result.game, result.table)
        old = st.results.get(key)
        if old is not None or result.corrects is not None:  # the words only for a refusal
            where = msg(
                "table {table}, {word} {game}",
                table=result.table,
                word=st.rule.game_word(),
                game=result.game,
            )
            check_correction(old, result.corrects, "result", where, field="table")
        if old is not None:
            st.superseded.append(old)
        st.results[key] = result
        st.forget_outcomes(result.game, result.table)
        if st is not self.current:
            for later in self.stages:
                later.touch()
            self._check_advancing(st)

    # -- results of the whole tournament ----------------------------------------------

    def overall(self) -> list[OverallRow]:
        """Rank everybody: later stages first, each by its own ranking.

        Withdrawn players keep the place their points give them, or (ruleset option
        `players.withdrawn = "last"`) follow everybody who stayed.
        """
        rows: list[OverallRow] = []
        placed: set[str] = set()
        for st in reversed(self.stages):
            for rank, p in enumerate(st.standing(self.cut(st)).order(), start=1):
                if p not in placed:
                    placed.add(p)
                    rows.append(OverallRow(len(rows) + 1, p, st.key, rank))
        if self.tournament.ruleset.withdrawn == Withdrawn.LAST and self.withdrawn:
            stayed = [r for r in rows if r.player not in self.withdrawn]
            gone = [r for r in rows if r.player in self.withdrawn]
            rows = [replace(r, place=i) for i, r in enumerate(stayed + gone, start=1)]
        return rows
