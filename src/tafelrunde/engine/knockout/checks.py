"""Check a fact against the state before it is applied; a misfit raises RuleError."""

from __future__ import annotations

from tafelrunde.engine.clock import clock_text, is_late, seconds
from tafelrunde.engine.confirmation import (
    STAFF,
    TableConfirm,
    TableDecide,
    TableEntry,
    TableFact,
    TableResult,
)
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.facts import (
    CheckIn,
    Donation,
    GameLost,
    HallTables,
    KoFact,
    OpenTable,
    PayFee,
    PayFees,
    Register,
    SchockOut,
    TableLoserConfirmed,
    TableLoserEntered,
    TableLoserFact,
    TakeBackFee,
    Withdraw,
)
from tafelrunde.engine.knockout.model import PlayerState, Status, TableState
from tafelrunde.engine.knockout.rules import BRACKET_NAMES, Bracket
from tafelrunde.engine.knockout.situation import KnockoutSituation
from tafelrunde.i18n import msg


def fresh_number(state: KnockoutSituation, fact: KoFact) -> None:
    """Refuse a fact whose number is not above every earlier one, or whose time is no time."""
    last = state.facts[-1].n if state.facts else 0
    if fact.n <= last:
        raise RuleError(
            msg("number {n} must be greater than {last}.", n=fact.n, last=last),
            field="n",
        )
    seconds(fact.at)


def not_over(state: KnockoutSituation) -> None:
    """Refuse play after the tournament has its winner."""
    if state.finished:
        raise RuleError(
            msg("the tournament is over; only corrections, undos and donations are possible."),
            field="n",
        )


def known_player(state: KnockoutSituation, pid: str) -> PlayerState:
    """Return a registered player or refuse."""
    p = state.players.get(pid)
    if p is None:
        raise RuleError(msg("there is no player '{pid}'.", pid=pid), field="player")
    return p


def known_table(state: KnockoutSituation, number: int) -> TableState:
    """Return a table by number or refuse."""
    table = state.tables.get(number)
    if table is None:
        raise RuleError(msg("there is no table {number}.", number=number), field="table")
    return table


def name_key(name: str) -> str:
    """Return the form of a name that two players must not share."""
    return " ".join(name.split()).casefold()


def can_register(state: KnockoutSituation, fact: Register) -> None:
    """Refuse a duplicate, a late registration without override, or one after the main bracket."""
    not_over(state)
    if not fact.player.strip():
        raise RuleError(msg("the player id is missing."), field="player")
    if fact.player in state.players:
        raise RuleError(
            msg("'{player}' is registered already.", player=fact.player),
            field="player",
        )
    if name_key(fact.name or fact.player) in state.names:
        raise RuleError(
            msg("a player '{name}' is registered already.", name=fact.name or fact.player),
            field="name",
        )
    deadline = state.rules.deadline
    if is_late(fact.at, deadline, state.day) and not fact.override_deadline:
        raise RuleError(
            msg(
                "registration closed at {time} (only the organiser can override).",
                time=clock_text(deadline),
            ),
            field="at",
        )
    main_final = any(t.final for t in state.open_tables(Bracket.MAIN))
    if main_final or Bracket.MAIN in state.done_brackets:
        raise RuleError(
            msg("the main bracket has reached its final table; no more registrations."),
            field="player",
        )


def can_mark(state: KnockoutSituation, fact: PayFee | CheckIn) -> PlayerState:
    """Refuse marking the fee paid or the check-in twice."""
    not_over(state)
    p = known_player(state, fact.player)
    if p.status is Status.WITHDRAWN:
        raise RuleError(msg("'{name}' has withdrawn.", name=p.name), field="player")
    if isinstance(fact, PayFee) and p.paid:
        raise RuleError(
            msg("'{name}' has paid the entry fee already.", name=p.name),
            field="player",
        )
    if isinstance(fact, CheckIn) and p.checked_in:
        raise RuleError(
            msg("'{name}' is checked in already.", name=p.name),
            field="player",
        )
    return p


def can_pay_all(state: KnockoutSituation, fact: PayFees) -> list[PlayerState]:
    """Refuse marking several fees paid when one of them may not be marked (none is marked)."""
    if not fact.players:
        raise RuleError(msg("Nobody is waiting for the entry fee to be marked."), field="players")
    if len(set(fact.players)) != len(fact.players):
        raise RuleError(msg("a player is named twice."), field="players")
    return [can_mark(state, PayFee(n=fact.n, at=fact.at, player=pid)) for pid in fact.players]


def can_take_back_fee(state: KnockoutSituation, fact: TakeBackFee) -> PlayerState:
    """Refuse taking back a fee that is not marked, or of a player who has been seated.

    The fee must be paid before a player is seated (formats.md), so once he has sat at a
    table his mark stays; before that (registered or waiting) it may be taken back.
    """
    not_over(state)
    p = known_player(state, fact.player)
    if not p.paid:
        raise RuleError(
            msg("'{name}' has not paid the entry fee; there is nothing to take back.", name=p.name),
            field="player",
        )
    if p.seated_ever:
        raise RuleError(
            msg(
                "'{name}' has played at a table already; the entry fee stays paid. "
                "(A table opened by mistake can be undone first.)",
                name=p.name,
            ),
            field="player",
        )
    return p


def can_set_hall_tables(state: KnockoutSituation, fact: HallTables) -> None:
    """Refuse fewer hall tables than a table still playing needs, or none."""
    not_over(state)
    if fact.count < 1:
        raise RuleError(msg("The hall needs at least 1 table."), field="count")
    top = max(state.places_in_use(), default=0)
    if fact.count < top:
        raise RuleError(
            msg(
                "table {place} is still playing; the hall needs at least {place} tables "
                "until it has finished.",
                place=top,
            ),
            field="count",
        )


def hall_has_room(state: KnockoutSituation) -> None:
    """Refuse a new table when every table of the hall is in use."""
    if state.next_place() is None:
        raise RuleError(
            msg(
                "all {count} tables of the hall are in use; the players wait until a table "
                "has finished (or set more tables).",
                count=state.hall_tables,
            ),
            field="players",
        )


def place_of(state: KnockoutSituation, number: int) -> int:
    """Return the hall number of a table (its own number when there is no such table)."""
    table = state.tables.get(number)
    return table.place if table is not None else number


def can_withdraw(state: KnockoutSituation, fact: Withdraw) -> PlayerState:
    """Refuse withdrawing a player who has been seated."""
    not_over(state)
    p = known_player(state, fact.player)
    if p.seated_ever or p.status not in (Status.REGISTERED, Status.WAITING):
        raise RuleError(
            msg("'{name}' has played already or has withdrawn.", name=p.name),
            field="player",
        )
    return p


def _seatable(state: KnockoutSituation, p: PlayerState, bracket: Bracket) -> None:
    """Refuse a player who is not waiting in the bracket's queue, saying why."""
    name = p.name
    if p.status is Status.REGISTERED and not p.paid:
        why = msg("'{name}' has not paid the entry fee.", name=name)
    elif p.status is Status.REGISTERED:
        why = msg("'{name}' is not checked in.", name=name)
    elif p.status is Status.SEATED:
        table = place_of(state, p.table or 0)
        why = msg("'{name}' is at table {table} already.", name=name, table=table)
    elif p.status is Status.WAITING and p.bracket is bracket:
        return
    elif p.status is Status.WAITING and p.bracket is not None:
        why = msg("'{name}' waits in the {bracket}.", name=name, bracket=BRACKET_NAMES[p.bracket])
    else:
        why = msg(
            "'{name}' is not waiting in the {bracket}.", name=name, bracket=BRACKET_NAMES[bracket]
        )
    raise RuleError(why, field="players")


def can_open(state: KnockoutSituation, fact: OpenTable) -> bool:
    """Refuse a table that does not fit; return whether it is its bracket's final table."""
    not_over(state)
    players = fact.players
    if len(set(players)) != len(players):
        raise RuleError(
            msg("a player is listed twice."),
            field="players",
        )
    for pid in players:
        known_player(state, pid)
    if fact.bracket is Bracket.GRAND_FINAL:
        if not state.grand_final_ready() or sorted(players) != sorted(state.finalists):
            names = ", ".join(state.players[f].name for f in state.finalists) or "—"
            raise RuleError(
                msg("the grand final is played by exactly the finalists: {names}.", names=names),
                field="players",
            )
        hall_has_room(state)
        return True
    if fact.bracket in state.done_brackets:
        over = msg("the {bracket} is over.", bracket=BRACKET_NAMES[fact.bracket])
        raise RuleError(over, field="bracket")
    sizes = state.rules.tables.sizes()
    if len(players) not in sizes:
        allowed = ", ".join(str(s) for s in sorted(sizes))
        raise RuleError(
            msg(
                "a table seats {allowed} players, not {count}.",
                allowed=allowed,
                count=len(players),
            ),
            field="players",
        )
    for pid in players:
        _seatable(state, state.players[pid], fact.bracket)
    hall_has_room(state)
    queue = state.queues[fact.bracket]
    alone = not state.running[fact.bracket] and len(players) == len(queue)
    return state.closed(fact.bracket) and alone


def can_lose(state: KnockoutSituation, fact: GameLost) -> TableState:
    """Refuse a game loser who is not playing at that open table."""
    not_over(state)
    table = known_table(state, fact.table)
    p = known_player(state, fact.player)
    if not table.is_open:
        raise RuleError(
            msg("table {number} is closed already.", number=table.place),
            field="table",
        )
    if p.id not in table.remaining:
        if p.id in table.left:
            why = msg(
                "'{name}' has left that table already (table {table}).",
                name=p.name,
                table=table.place,
            )
        else:
            why = msg(
                "'{name}' is not at that table (table {table}).", name=p.name, table=table.place
            )
        raise RuleError(why, field="player")
    return table


def _seated(state: KnockoutSituation, table: TableState, pid: str, field: str) -> None:
    """Refuse a player who does not play at the table (any more)."""
    if pid in table.remaining:
        return
    p = state.players.get(pid)
    name = p.name if p is not None else pid
    if pid in table.left:
        why = msg("'{name}' has left that table already (table {table}).", name=name,
                  table=table.place)  # fmt: skip
    else:
        why = msg("'{name}' is not at that table (table {table}).", name=name, table=table.place)
    raise RuleError(why, field=field)


def current_result(state: KnockoutSituation, table: TableState) -> TableResult:
    """The entries and confirmations of the game a table plays now (fresh when there is none)."""
    result = state.results.get((table.number, table.lost + 1))
    return result or TableResult(state.rules.confirmation, tuple(table.remaining))


def _table_fact(fact: TableLoserFact) -> TableFact:
    """The fact as the rules of confirmation see it."""
    if isinstance(fact, TableLoserEntered):
        return TableEntry(fact.n, fact.player, fact.loser, fact.phone)
    if isinstance(fact, TableLoserConfirmed):
        return TableConfirm(fact.n, fact.player, fact.entry, fact.phone)
    return TableDecide(fact.n, fact.entry)


def can_table(state: KnockoutSituation, fact: TableLoserFact) -> tuple[TableState, TableResult]:
    """Refuse a table's entry, confirmation or decision that does not fit; return the new result.

    The result is not stored here; when it settles, its loser must be one `can_lose` accepts.
    """
    not_over(state)
    table = known_table(state, fact.table)
    if not table.is_open:
        raise RuleError(msg("table {number} is closed already.", number=table.place), field="table")
    game = table.lost + 1
    if fact.game < game:
        raise RuleError(
            msg(
                "Game {game} at table {table} counts already; only the organisers can correct it.",
                game=fact.game,
                table=table.place,
            ),
            field="game",
        )
    if fact.game > game:
        raise RuleError(
            msg("Table {table} plays game {current} now.", table=table.place, current=game),
            field="game",
        )
    if isinstance(fact, TableLoserEntered):
        if fact.player == STAFF:
            raise RuleError(msg("Only a player of this table can do that."), field="player")
        _seated(state, table, fact.player, "player")
        _seated(state, table, fact.loser, "loser")
    elif isinstance(fact, TableLoserConfirmed) and fact.player != STAFF:
        _seated(state, table, fact.player, "player")
    result = current_result(state, table).after(_table_fact(fact))
    if result.settled is not None:
        loser = str(result.settled.values)
        can_lose(state, GameLost(n=fact.n, at=fact.at, table=fact.table, player=loser))
    return table, result


def can_schock_out(state: KnockoutSituation, fact: SchockOut) -> None:
    """Refuse a Schock aus by an unknown player or at a table he does not play at.

    It may be entered after the winner is known: the last game's Schock aus counts too.
    """
    p = known_player(state, fact.player)
    if fact.table is not None and p.id not in known_table(state, fact.table).players:
        raise RuleError(
            msg(
                "'{name}' does not play at table {table}.",
                name=p.name,
                table=place_of(state, fact.table),
            ),
            field="table",
        )


def can_donate(state: KnockoutSituation, fact: Donation) -> None:
    """Refuse a donation for an unknown Schock aus, or a second one."""
    if fact.schock_out not in state.schock_outs:
        raise RuleError(
            msg("fact {schock_out} is no Schock aus.", schock_out=fact.schock_out),
            field="schock_out",
        )
    if fact.schock_out in state.donations:
        raise RuleError(
            msg(
                "the donation for Schock aus {schock_out} is recorded already.",
                schock_out=fact.schock_out,
            ),
            field="schock_out",
        )
