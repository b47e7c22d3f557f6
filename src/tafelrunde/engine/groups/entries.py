"""Formats A–C: the one way every entry of a result-like fact is made and recorded.

The table link, the organiser's form, the results board and the command line only read
their input and call these functions; each checks everything any way in checked (the stage,
the game drawn, the table, the version the form was made on) and records the fact, or
refuses it with a message naming the field and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import open_rolloffs, record, rolled_by_software, rolloff_for
from tafelrunde.engine.groups.fact_checks import check_correction
from tafelrunde.engine.groups.facts import (
    AnyFact,
    Result,
    Rolloff,
    RolloffConfirmed,
    RolloffEntered,
    TableConfirmed,
    TableDecided,
    TableEntered,
)
from tafelrunde.engine.groups.rolloff_entry import open_need, rolloff_key
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.table_rolloffs import rolloff_mark
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num
from tafelrunde.i18n import msg


@dataclass(frozen=True)
class Spot:
    """Where an entry is for: a stage ("" for the running one), a game and a table."""

    stage: str
    game: int
    table: int


@dataclass(frozen=True)
class RolloffSpot:
    """Which roll-off an entry at a table is for: a stage ("" for the running one), the
    table, the roll-off's kind and its game (0: a ranking's)."""

    stage: str
    table: int
    kind: str
    game: int


@dataclass(frozen=True)
class Values:
    """A table's result as entered: game points, pips and places by player."""

    scores: dict[str, Num] = field(default_factory=dict)
    pips: dict[str, int] = field(default_factory=dict)
    places: dict[str, int] = field(default_factory=dict)


F = TypeVar("F", bound=AnyFact)


def recorded(state: TournamentState, fact: F, *, at: str, by: str) -> F:
    """Record a fact and return it as recorded (numbered, stamped), of its own type."""
    done = record(state, fact, at=at, by=by)
    assert isinstance(done, type(fact))
    return done


def stage_of(state: TournamentState, stage: str) -> StageState:
    """The stage an entry names ("": the running one); refuse an unknown one."""
    if not stage:
        if state.current is None:
            raise RuleError(msg("Nothing is drawn yet."), field="stage")
        return state.current
    return state.stage(stage)


def check_spot(state: TournamentState, spot: Spot, *, running: bool = True) -> StageState:
    """Refuse a stage that is not running (or, for a correction, unknown), a game not drawn,
    a table that does not exist or where nobody plays any more; return the stage."""
    st = state.open_stage(spot.stage) if running else stage_of(state, spot.stage)
    state.check_table(st, spot.game, spot.table)
    return st


def moved_on() -> RuleError:
    """The refusal of a form made before something else was entered at the table."""
    return RuleError(
        msg("Meanwhile something else was entered at this table; please check and try again."),
        field="version",
    )


def table_mark(st: StageState, game: int, table: int) -> int:
    """The number of a table's latest entry, confirmation or decision (0: none): the version
    a form was made on."""
    found = st.at_table.get((game, table))
    return found.history[-1].n if found is not None and found.history else 0


def check_basis(st: StageState, spot: Spot, basis: int | None) -> None:
    """Refuse a form made on another version of the table than its latest (None: no form)."""
    if basis is not None and table_mark(st, spot.game, spot.table) != basis:
        raise moved_on()


def enter_at_table(
    state: TournamentState,
    spot: Spot,
    player: str,
    values: Values,
    *,
    basis: int | None = None,
    at: str,
    by: str,
    phone: str = "",
) -> TableEntered:
    """A player of the table enters the table's result (it counts once settled); `basis`:
    the table's latest fact the form showed; `phone`: the phone it came from."""
    st = check_spot(state, spot)
    check_basis(st, spot, basis)
    fact = TableEntered(
        n=0, stage=st.key, game=spot.game, table=spot.table, player=player,
        scores=dict(values.scores), pips=dict(values.pips), places=dict(values.places),
        phone=phone,
    )  # fmt: skip
    return recorded(state, fact, at=at, by=by)


def confirm_at_table(
    state: TournamentState,
    spot: Spot,
    player: str,
    entry: int,
    *,
    basis: int | None = None,
    at: str,
    by: str,
    phone: str = "",
) -> TableConfirmed:
    """A player of the table says "Correct" to another player's entry (from another phone
    than the entry's); `basis`: the table's latest fact the form showed."""
    st = check_spot(state, spot)
    check_basis(st, spot, basis)
    fact = TableConfirmed(
        n=0, stage=st.key, game=spot.game, table=spot.table, player=player, entry=entry,
        phone=phone,
    )  # fmt: skip
    return recorded(state, fact, at=at, by=by)


def settle_by_staff(
    state: TournamentState,
    spot: Spot,
    entry: int,
    *,
    decide: bool,
    basis: int | None = None,
    at: str,
    by: str,
) -> TableConfirmed | TableDecided:
    """The organisers or a referee confirm an entry, or decide a disputed table; `basis`
    is the table's latest fact the form showed (a form made before another entry is refused:
    it would settle a table that became disputed without showing the other version)."""
    st = check_spot(state, spot)
    check_basis(st, spot, basis)
    game, table = spot.game, spot.table
    fact = (
        TableDecided(n=0, stage=st.key, game=game, table=table, entry=entry)
        if decide
        else TableConfirmed(n=0, stage=st.key, game=game, table=table, entry=entry)
    )
    done = record(state, fact, at=at, by=by)
    assert isinstance(done, TableConfirmed | TableDecided)
    return done


def staff_result(
    state: TournamentState,
    spot: Spot,
    values: Values,
    *,
    basis: int | None = None,
    correct: bool = False,
    at: str,
    by: str,
) -> Result:
    """The organisers or a referee enter (or correct) a table's result.

    `basis` is the number of the result the form showed (0: none); a form made before
    another result was stored is refused. Without a form (`basis` None), `correct` says
    that the result there is to be replaced.
    """
    st = check_spot(state, spot, running=False)
    old = st.results.get((spot.game, spot.table))
    if basis is not None:
        if (old.n if old else 0) != basis:
            said = msg(
                "Meanwhile another result was entered for table {table}; "
                "please reload the page and check.",
                table=spot.table,
            )
            raise RuleError(said, field="version")
        correct = basis > 0
    if correct and old is None:
        where = msg(
            "table {table}, {word} {game}",
            table=spot.table,
            word=st.rule.game_word(),
            game=spot.game,
        )
        check_correction(None, 0, "result", where, field="table")
    fact = Result(
        n=0, stage=st.key, game=spot.game, table=spot.table, scores=dict(values.scores),
        pips=dict(values.pips), places=dict(values.places),
        corrects=old.n if (old is not None and correct) else None,
    )  # fmt: skip
    return recorded(state, fact, at=at, by=by)


def rolloff(
    state: TournamentState,
    order: Sequence[str],
    *,
    correct: bool = False,
    at: str,
    by: str,
    kind: str | None = None,
    game: int | None = None,
) -> Rolloff:
    """Enter a roll-off's order (winner first): an open one, or one to correct (`kind` and
    `game`: which one, where two ties are among the same players)."""
    fact = rolloff_for(state, list(order), correct=correct, kind=kind, game=game)
    return recorded(state, fact, at=at, by=by)


def rolloff_by_software(
    state: TournamentState,
    players: Sequence[str] | None,
    *,
    seed: int,
    at: str,
    by: str,
    kind: str | None = None,
    game: int | None = None,
) -> Rolloff:
    """Let the software roll an open roll-off: the one among `players` (of `kind` and `game`
    when given), else the next one."""
    needs = open_rolloffs(state)
    if kind is not None:
        needs = [n for n in needs if (n.kind, n.game) == (kind, game)]
    if players is not None:
        needs = [n for n in needs if sorted(n.players) == sorted(players)]
        if not needs:
            raise RuleError(msg("This roll-off is not open (any more)."), field="order")
    if not needs:
        raise RuleError(msg("No roll-off is open."), field="rolloff")
    done = record(state, rolled_by_software(needs[0], seed=seed), at=at, by=by)
    assert isinstance(done, Rolloff)
    return done


def enter_rolloff_at_table(
    state: TournamentState,
    spot: RolloffSpot,
    player: str,
    order: Sequence[str],
    *,
    basis: int | None = None,
    at: str,
    by: str,
    phone: str = "",
) -> RolloffEntered:
    """A player of the table enters an open roll-off's order, best first (it counts once
    settled); `basis`: the roll-off's latest fact the form showed; `phone`: where from."""
    st = state.open_stage(stage_of(state, spot.stage).key)
    if len(set(order)) != len(order):
        raise RuleError(msg("A player appears twice in the roll-off."), field="order")
    key = rolloff_key(spot.kind, spot.game, order)
    open_need(st, key, spot.table)  # (before the fact is made of what was sent)
    if basis is not None and rolloff_mark(st, key) != basis:
        raise moved_on()
    fact = RolloffEntered(
        n=0, stage=st.key, game=spot.game, table=spot.table, kind=spot.kind, player=player,
        order=tuple(order), phone=phone,
    )  # fmt: skip
    return recorded(state, fact, at=at, by=by)


def confirm_rolloff_at_table(
    state: TournamentState,
    spot: RolloffSpot,
    player: str,
    entry: int,
    *,
    basis: int | None = None,
    at: str,
    by: str,
    phone: str = "",
) -> RolloffConfirmed:
    """A player of the table (STAFF: the organisers) says "Correct" to another player's
    roll-off entry (from another phone); `spot`: the table (its kind and game are the
    entry's); `basis`: the roll-off's latest fact the form showed."""
    st = state.open_stage(stage_of(state, spot.stage).key)
    entered = st.rolloff_entries.get(entry)
    if entered is None or entered.table != spot.table:
        raise RuleError(msg("Nothing has been entered for this roll-off."), field="entry")
    key = rolloff_key(entered.kind, entered.game, entered.order)
    if basis is not None and rolloff_mark(st, key) != basis:
        raise moved_on()
    fact = RolloffConfirmed(
        n=0, stage=st.key, game=entered.game, table=spot.table, kind=entered.kind,
        player=player, entry=entry, phone=phone,
    )  # fmt: skip
    return recorded(state, fact, at=at, by=by)
