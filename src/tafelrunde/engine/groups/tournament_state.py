"""Replay a tournament's facts into its state; refuse any fact that does not fit."""

from __future__ import annotations

from tafelrunde.engine import choices
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups import presence, rolloff_entry, table_entry
from tafelrunde.engine.groups.fact_checks import check_order, check_seed
from tafelrunde.engine.groups.facts import (
    AnyFact,
    Draw,
    LateJoined,
    Result,
    Rolloff,
    RolloffConfirmed,
    RolloffEntered,
    TableConfirmed,
    TableDecided,
    TableEntered,
    Tournament,
    Undo,
    Withdrawn,
)
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_situation import TournamentSituation
from tafelrunde.engine.sealed import Sealed
from tafelrunde.engine.tables import plan_tables
from tafelrunde.i18n import msg


class TournamentState(Sealed, TournamentSituation):
    """Everything that follows from a tournament's facts."""

    def __init__(
        self,
        tournament: Tournament,
        *,
        stored: bool = False,
        earlier: TournamentState | None = None,
    ) -> None:
        """Replay the facts. `stored`: they were checked when stored, so a result's values are
        not checked again (every other rule still is); `earlier`: a state of the same
        tournament with fewer facts, whose scored tables are taken where nothing differs."""
        super().__init__(tournament)
        check_order(tournament.facts)
        self.undone = {f.target for f in tournament.facts if isinstance(f, Undo)}
        self._earlier = list(earlier.stages) if earlier is not None else []
        self.checking = not stored
        for fact in tournament.facts:
            if fact.n not in self.undone and not isinstance(fact, Undo):
                self.apply(fact)
        self.checking, self._earlier = True, []
        self.synced = len(tournament.facts)  # how many of the tournament's facts this state knows

    # -- applying facts ---------------------------------------------------------------

    def seal(self) -> None:
        """Make the state and its stages read only (it is shared from now on)."""
        super().seal()
        for st in self.stages:
            st.seal()

    def apply(self, fact: AnyFact) -> None:
        """Apply one fact, or refuse it with a clear message."""
        self.unsealed()
        if isinstance(fact, Draw):
            self._apply_draw(fact)
        elif isinstance(fact, Result):
            self._apply_result(fact)
        elif isinstance(fact, Rolloff):
            rolloff_entry.store_rolloff(self, fact)
        elif isinstance(fact, Withdrawn):
            presence.apply_withdrawn(self, fact)
        elif isinstance(fact, LateJoined):
            presence.apply_late_joined(self, fact)
        elif isinstance(fact, TableEntered | TableConfirmed | TableDecided):
            table_entry.apply(self, fact)
        elif isinstance(fact, RolloffEntered | RolloffConfirmed):
            rolloff_entry.apply(self, fact)
        for st in self.stages:
            st.touch()

    def _apply_draw(self, draw: Draw) -> None:
        check_seed(draw.seed)
        cur = self.current
        if cur is not None and draw.stage == cur.key:
            st = cur
            if (
                not st.rule.reseat_each_game
                or draw.game != st.drawn_games() + 1
                or draw.game > st.rule.games
            ):
                raise RuleError(msg("This game is drawn already or does not exist."), field="game")
        else:
            self.require_finished(cur)
            plan = self.following(cur)
            if plan is None or plan.key != draw.stage or draw.game != 1:
                raise RuleError(msg("There is no further stage to draw."), field="stage")
            st = StageState(
                plan.rule, plan.key, len(self.stages) + 1, list(plan.entrants), self.tournament.seed
            )
            st.outer_value = self._outer(st)
            if len(self._earlier) > len(self.stages):
                st.reuse_outcomes(self._earlier[len(self.stages)])
            st.withdrawn_last = self.tournament.ruleset.withdrawn == choices.Withdrawn.LAST
        seated = [p for t in draw.tables for p in t]
        present = st.present()
        expected = sorted(plan_tables(len(present), st.rule.tables).sizes)
        if sorted(seated) != sorted(present) or sorted(len(t) for t in draw.tables) != expected:
            raise RuleError(msg("The draw does not match this stage's players."), field="tables")
        st.draws[draw.game] = draw
        if st is not cur:
            self.stages.append(st)

    def _apply_result(self, result: Result) -> None:
        st = self._result_stage(result)
        self.check_result(st, result)
        self.store_result(st, result)
        table_entry.settled_by_staff(self, st, result)
