"""Roll-offs (Stechen, Herzog, Erzherzog) recorded by the organisers or entered at the table.

A player of the table where an open roll-off's players sit enters its order, best first
(`RolloffEntered`); it counts once settled under the ruleset's `confirmation` rule by the same
machinery as a table's result (engine/confirmation.py), and then exactly as the organisers'
`Rolloff`, numbered and signed as the entry. The organisers' `Rolloff` counts at once and
settles whatever the table entered for it. With `rolloffs_at_table = false` (or when the
organisers confirm every entry) only the organisers and referees enter roll-offs.
"""

from __future__ import annotations

from collections.abc import Iterable

from tafelrunde.engine.confirmation import STAFF, TableConfirm, TableEntry, TableResult
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.fact_checks import check_correction, check_seed
from tafelrunde.engine.groups.facts import (
    Rolloff,
    RolloffConfirmed,
    RolloffEntered,
    RolloffTableFact,
)
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.stage_state import RolloffKey, RolloffNeed, StageState
from tafelrunde.engine.groups.tournament_situation import TournamentSituation
from tafelrunde.i18n import msg


def players_enter(rules: Ruleset) -> bool:
    """Say whether the players of a table enter its roll-offs: the option `rolloffs_at_table`,
    unless the organisers confirm every entry (`confirmation = "organiser"`); otherwise only
    the organisers and referees do."""
    return rules.rolloffs_at_table and rules.confirmation != "organiser"


def rolloff_key(kind: str, game: int, players: Iterable[str]) -> RolloffKey:
    """What names one roll-off of a stage: its kind, its game and who plays it."""
    return (kind, game, frozenset(players))


def rolloff_seats(st: StageState, need: RolloffNeed) -> tuple[str, ...]:
    """Who may enter and confirm a roll-off: the players of its table (in its game; for a
    ranking's roll-off, in the stage's latest game)."""
    if need.table is None:
        return ()
    return st.seated(need.game or st.drawn_games(), need.table)


def open_need(st: StageState, key: RolloffKey, table: int) -> RolloffNeed:
    """The open roll-off of this key at this table; refuse one that counts or is not open."""
    if key in st.rolloffs:
        said = msg("This roll-off counts already; only the organisers can correct it.")
        raise RuleError(said, field="order")
    for need in st.rolloff_needs(None, table):
        if not need.done and rolloff_key(need.kind, need.game, need.players) == key:
            return need
    raise RuleError(msg("This roll-off is not open (any more)."), field="order")


def apply(state: TournamentSituation, fact: RolloffTableFact) -> None:
    """Apply a roll-off entered or confirmed at a table; refuse what does not fit."""
    st = state.open_stage(fact.stage)
    if isinstance(fact, RolloffEntered):
        if not players_enter(state.tournament.ruleset):
            said = msg("Under these rules the organisers enter the roll-offs.")
            raise RuleError(said, field="order")
        if fact.player == STAFF:
            raise RuleError(msg("Only a player of this table can do that."), field="player")
        if len(set(fact.order)) != len(fact.order):
            raise RuleError(msg("A player appears twice in the roll-off."), field="order")
        key = rolloff_key(fact.kind, fact.game, fact.order)
        step: TableEntry | TableConfirm = TableEntry(fact.n, fact.player, fact.order, fact.phone)
    else:
        key = _entered_key(st, fact)
        step = TableConfirm(fact.n, fact.player, fact.entry, fact.phone)
    need = open_need(st, key, fact.table)
    table = st.rolloff_tables.get(key)
    if table is None:
        table = TableResult(state.tournament.ruleset.confirmation, rolloff_seats(st, need))
    table = table.after(step)  # refuses without changing anything
    entries = st.rolloff_entries | ({fact.n: fact} if isinstance(fact, RolloffEntered) else {})
    if table.settled is not None:
        _store(state, st, entries[table.settled.n].as_rolloff())
    st.rolloff_tables[key], st.rolloff_entries = table, entries


def _entered_key(st: StageState, fact: RolloffConfirmed) -> RolloffKey:
    """The roll-off of the entry a confirmation names (refused: no such entry there)."""
    entered = st.rolloff_entries.get(fact.entry)
    where = (fact.kind, fact.game, fact.table)
    if entered is None or (entered.kind, entered.game, entered.table) != where:
        raise RuleError(msg("Nothing has been entered for this roll-off."), field="entry")
    return rolloff_key(entered.kind, entered.game, entered.order)


def store_rolloff(state: TournamentSituation, fact: Rolloff) -> None:
    """Store the organisers' roll-off (or its correction): it counts at once and settles what
    its table entered for it."""
    st = state.open_stage(fact.stage)
    _store(state, st, fact)
    table = st.rolloff_tables.get(rolloff_key(fact.kind, fact.game, fact.order))
    if table is not None:
        table.apply(TableEntry(fact.n, STAFF, fact.order))


def _store(state: TournamentSituation, st: StageState, fact: Rolloff) -> None:
    """Store a roll-off's order for an open roll-off (or correct one); refuse any other."""
    if fact.seed is not None:
        check_seed(fact.seed)
    if len(set(fact.order)) != len(fact.order):
        raise RuleError(msg("A player appears twice in the roll-off."), field="order")
    key = rolloff_key(fact.kind, fact.game, fact.order)
    st.touch()
    needs = [
        n for n in st.rolloff_needs(state.cut(st)) if rolloff_key(n.kind, n.game, n.players) == key
    ]
    if not needs:
        names = ", ".join(state.tournament.name_of(p) for p in fact.order)
        raise RuleError(
            msg("There is no roll-off ({kind}) open between {names}.", kind=fact.kind, names=names),
            field="order",
        )
    old = st.rolloffs.get(key)
    names = ", ".join(state.tournament.name_of(p) for p in sorted(key[2]))
    check_correction(old, fact.corrects, "roll-off", names, field="order")
    st.rolloffs[key] = fact
    st.forget_outcomes(fact.game)
