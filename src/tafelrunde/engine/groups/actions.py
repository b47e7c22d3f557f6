"""What an organiser does: draw, enter results and roll-offs, undo; each checked first."""

from __future__ import annotations

import difflib
import random
from dataclasses import replace

from tafelrunde.engine.choices import Seating
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.draws import draw_tables
from tafelrunde.engine.groups.facts import AnyFact, Draw, Rolloff, Tournament, Undo
from tafelrunde.engine.groups.file import stored
from tafelrunde.engine.groups.place_check import check_new_places
from tafelrunde.engine.groups.seating import serpentine_seating
from tafelrunde.engine.groups.stage_state import RolloffNeed
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tables import TableRule, plan_tables
from tafelrunde.i18n import msg


def next_draw(state: TournamentState, *, seed: int) -> Draw:
    """Draw what comes next: the next game of the running stage, or the next stage."""
    cur = state.current
    if cur is not None and cur.rule.reseat_each_game and cur.drawn_games() < cur.rule.games:
        previous = [cur.draws[g].tables for g in sorted(cur.draws)]
        seatable(state, len(cur.present()), cur.rule.tables)
        tables = draw_tables(
            cur.present(),
            cur.rule.tables,
            seed=seed,
            previous=previous,
            avoid_repeats=cur.rule.avoid_repeats,
            three_to_four=cur.rule.three_to_four,
        )
        return Draw(n=0, stage=cur.key, game=cur.drawn_games() + 1, seed=seed, tables=tuple(tables))
    state.require_finished(cur)
    plan = state.following(cur)
    if plan is None:
        raise RuleError(
            msg("The tournament is over; there is nothing left to draw."), field="stage"
        )
    rule = plan.rule
    seatable(state, len(plan.entrants), rule.tables)
    if rule.seating == Seating.SERPENTINE:
        sizes = plan_tables(len(plan.entrants), rule.tables).sizes
        tables = serpentine_seating(plan.entrants, sizes)
    else:
        keep_apart = [list(t) for t in (cur.tables(1) or ())] if cur and rule.keep_apart else []
        tables = draw_tables(
            plan.entrants,
            rule.tables,
            seed=seed,
            keep_apart=keep_apart,
            avoid_repeats=rule.avoid_repeats,
            three_to_four=rule.three_to_four,
        )
    return Draw(n=0, stage=plan.key, game=1, seed=seed, tables=tuple(tables))


def seatable(state: TournamentState, n: int, rule: TableRule) -> None:
    """Refuse a draw for a number of players that cannot be seated; after withdrawals or late
    players, say that this is the number present."""
    try:
        plan_tables(n, rule)
    except RuleError as err:
        if not (state.withdrawn or state.late):
            raise
        said = msg("{n} players are present now. {reason}", n=n, reason=err.msg)
        raise RuleError(said, field="players") from None


def record(state: TournamentState, fact: AnyFact, *, at: str = "", by: str = "") -> AnyFact:
    """Check a fact against the state, then append it to the tournament."""
    numbered = replace(fact, n=state.tournament.next_number(), at=at, by=by)
    check_new_places(state, numbered)  # (not on replay: files stored before still load)
    stored(numbered)  # what is accepted must read back from the file exactly
    state.apply(numbered)
    state.tournament.facts.append(numbered)
    state.synced = len(state.tournament.facts)
    return numbered


def undo_target(state: TournamentState) -> AnyFact:
    """The fact that undo takes back next: the latest one not taken back yet."""
    for fact in reversed(state.tournament.facts):
        if not isinstance(fact, Undo) and fact.n not in state.undone:
            return fact
    raise RuleError(msg("There is nothing to undo."), field="undo")


def undo_last(
    state: TournamentState, *, at: str = "", by: str = ""
) -> tuple[TournamentState, AnyFact]:
    """Take back the latest fact that is not taken back yet; return the new state and that fact."""
    target = undo_target(state)
    t = state.tournament
    undo = Undo(n=t.next_number(), at=at, by=by, target=target.n)
    stored(undo)
    t.facts.append(undo)
    return TournamentState(t), target


def rewind_before(
    state: TournamentState, stage: str, *, at: str = "", by: str = ""
) -> tuple[TournamentState, list[AnyFact]]:
    """Take back, latest first, every entry down to and including the first draw of `stage`
    (each an undo in the log); return the new state and what was taken back."""
    if not any(st.key == stage for st in state.stages):
        raise RuleError(msg("There is no stage '{key}' (yet).", key=stage), field="stage")
    taken: list[AnyFact] = []
    while True:
        state, target = undo_last(state, at=at, by=by)
        taken.append(target)
        if isinstance(target, Draw) and target.stage == stage and target.game == 1:
            return state, taken


def open_rolloffs(state: TournamentState, table: int | None = None) -> list[RolloffNeed]:
    """List the roll-offs of the running stage that are not entered yet (of one table only:
    those that name that table)."""
    cur = state.current
    if cur is None:
        return []
    return [n for n in cur.rolloff_needs(state.cut(cur), table) if not n.done]


def rolloff_for(
    state: TournamentState,
    order: list[str],
    *,
    correct: bool = False,
    kind: str | None = None,
    game: int | None = None,
) -> Rolloff:
    """Build the roll-off fact for the tie among exactly these players (open, or to correct);
    `kind` and `game` pick one of two ties among the same players (a Herzog and an
    Erzherzog)."""
    group = frozenset(order)
    cur = state.current
    for need in cur.rolloff_needs(state.cut(cur)) if cur else []:
        if kind is not None and (need.kind, need.game) != (kind, game):
            continue
        if frozenset(need.players) == group and need.done == correct:
            old = cur.rolloffs.get((need.kind, need.game, group)) if cur else None
            return Rolloff(n=0, stage=need.stage, kind=need.kind, game=need.game,
                           order=tuple(order), corrects=old.n if old else None)  # fmt: skip
    names = ", ".join(state.tournament.name_of(p) for p in order)
    raise RuleError(msg("There is no open roll-off between {names}.", names=names), field="order")


def rolled_by_software(need: RolloffNeed, *, seed: int) -> Rolloff:
    """Roll a tie off by the software: reproducible from the recorded seed."""
    order = sorted(need.players)
    random.Random(f"{seed}:rolloff").shuffle(order)
    return Rolloff(
        n=0, stage=need.stage, kind=need.kind, game=need.game, order=tuple(order), seed=seed
    )


def resolve_player(tournament: Tournament, text: str) -> str:
    """Find a player by name or id, case-insensitive; refuse unknown names with a suggestion."""
    wanted = text.strip().casefold()
    everybody = [*tournament.players, *tournament.late_players()]
    for p in everybody:
        if wanted in (p.id.casefold(), p.name.casefold()):
            return p.id
    names = [p.name for p in everybody]
    close = difflib.get_close_matches(text.strip(), names, n=1)
    said = (
        msg("Unknown player '{name}'. Did you mean '{close}'?", name=text.strip(), close=close[0])
        if close
        else msg("Unknown player '{name}'.", name=text.strip())
    )
    raise RuleError(
        said,
        field="player",
    )
