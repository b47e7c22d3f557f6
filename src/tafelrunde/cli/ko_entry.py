"""Format D on the command line: the commands that record facts."""

from __future__ import annotations

import argparse
from datetime import date

from rich.console import Console

from tafelrunde.cli.files import read_text, save_tournament
from tafelrunde.cli.ko_common import add_facts, bracket_of, load_ko, now
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    CheckIn,
    Donation,
    HallTables,
    KnockoutFact,
    KnockoutRules,
    KnockoutState,
    KnockoutTournament,
    OpenTable,
    PayFee,
    PlayerState,
    SchockOut,
    Status,
    TakeBackFee,
    Undo,
    Withdraw,
    next_steps,
)
from tafelrunde.engine.knockout.actions import hand_table, tables_to_open, undo_target
from tafelrunde.engine.knockout.entry import pay_all, player_id, registrations, roster
from tafelrunde.engine.knockout.staff_entry import corrected_loser, staff_loser
from tafelrunde.engine.knockout.views_data import bracket_name, fact_line, hall_numbers, names
from tafelrunde.engine.players import parse_player_names
from tafelrunde.i18n import Message, msg

AT = 0  # placeholder time; add_facts gives every fact its real time


def _steps(state: KnockoutState, lang: str, out: Console, most: int = 4) -> None:
    """Print what comes next."""
    for step in next_steps(state)[:most]:
        out.print("• " + step.text.text(lang))


def create(args: argparse.Namespace, out: Console, rules: KnockoutRules) -> int:
    """Create a format-D tournament, registering the players of a list (if given)."""
    try:
        day = date.fromisoformat(args.date) if args.date else date.today()
    except ValueError:
        raise RuleError(
            msg("'{date}' is not a date (YYYY-MM-DD).", date=args.date),
            field="--date",
        ) from None
    tour = KnockoutTournament(args.name or rules.name, rules, day=day, created_at=now())
    listed = parse_player_names(read_text(args.players, "Spielerliste")) if args.players else []
    facts = registrations(tour, listed, late=args.late, paid=args.paid)
    state = tour.state()
    if facts:
        state = add_facts(args, tour, facts)
    else:
        save_tournament(tour, args.file)
    out.print(
        msg(
            "Tournament '{name}' (format D) on {day} created: {file}; "
            "{players} players registered.",
            name=tour.name,
            day=day,
            file=args.file,
            players=len(state.players),
        ).text(args.lang)
    )
    _steps(state, args.lang, out)
    return 0


def register(args: argparse.Namespace, out: Console) -> int:
    """Register players by name (optionally paid at once, or after the deadline)."""
    tour = load_ko(args.file)
    state = tour.state()
    facts = registrations(tour, args.names, late=args.late, paid=args.paid)
    state = add_facts(args, tour, facts)
    who = ", ".join(args.names)
    if args.paid:
        out.print(msg("Registered: {names} (entry fee paid)", names=who).text(args.lang))
    else:
        out.print(msg("Registered: {names}", names=who).text(args.lang))
    _steps(state, args.lang, out)
    return 0


Mark = PayFee | CheckIn | Withdraw | TakeBackFee


def _mark(args: argparse.Namespace, out: Console, kind: type[Mark]) -> int:
    """Record the fee, the check-in, the withdrawal or a fee taken back of players."""
    tour = load_ko(args.file)
    state = tour.state()
    if not args.names:
        raise RuleError(msg("Please name the players."), field="names")
    ids = [player_id(state, who) for who in args.names]
    state = add_facts(args, tour, [kind(n=0, at=AT, player=p) for p in ids])
    for fact in tour.facts[-len(ids) :]:
        out.print("✓ " + fact_line(roster(tour), fact).text(args.lang))
    _steps(state, args.lang, out)
    return 0


def pay(args: argparse.Namespace, out: Console) -> int:
    """Mark players' entry fee paid (with --all: every present player's, as one entry)."""
    if not getattr(args, "all", False):
        return _mark(args, out, PayFee)
    if args.names:
        raise RuleError(msg("Either names or --all, not both."), field="--all")
    tour = load_ko(args.file)
    state = add_facts(args, tour, [pay_all(tour.state())])
    out.print("✓ " + fact_line(roster(tour), tour.facts[-1]).text(args.lang))
    _steps(state, args.lang, out)
    return 0


def unpay(args: argparse.Namespace, out: Console) -> int:
    """Take back players' fee marks (before they have been seated)."""
    return _mark(args, out, TakeBackFee)


def hall(args: argparse.Namespace, out: Console) -> int:
    """Set how many physical tables the hall has."""
    tour = load_ko(args.file)
    if args.count < 1:
        raise RuleError(msg("The hall needs at least 1 table."), field="count")
    state = add_facts(args, tour, [HallTables(n=0, at=AT, count=args.count)])
    out.print("✓ " + fact_line(roster(tour), tour.facts[-1]).text(args.lang))
    _steps(state, args.lang, out)
    return 0


def checkin(args: argparse.Namespace, out: Console) -> int:
    """Check players in."""
    return _mark(args, out, CheckIn)


def withdraw(args: argparse.Namespace, out: Console) -> int:
    """Withdraw players who have not played yet."""
    return _mark(args, out, Withdraw)


def _to_open(state: KnockoutState, args: argparse.Namespace) -> list[OpenTable]:
    """Return the tables to open: chosen by hand, the next suggested one, or all."""
    only = bracket_of(args.bracket) if args.bracket else None
    if args.names:
        ids = tuple(player_id(state, who) for who in args.names)
        return [hand_table(state, ids, only)]
    tables = tables_to_open(state, only)
    return tables if args.all else tables[:1]


def open_table(args: argparse.Namespace, out: Console) -> int:
    """Open the next suggested table (or all, or one chosen by hand)."""
    tour = load_ko(args.file)
    state = tour.state()
    facts = _to_open(state, args)
    first = len(state.tables) + 1
    state = add_facts(args, tour, list(facts))
    for number in range(first, len(state.tables) + 1):
        table = state.tables[number]
        chips = state.players[table.players[0]].chips
        last = table.final and table.bracket is not Bracket.GRAND_FINAL
        values = {
            "number": table.place,
            "bracket": bracket_name(table.bracket),
            "names": names(state, table.players),
            "chips": chips,
        }
        if last:
            opened = msg(
                "Table {number} opened ({bracket} – final table): {names}; {chips} chips each.",
                **values,
            )
        else:
            opened = msg(
                "Table {number} opened ({bracket}): {names}; {chips} chips each.", **values
            )
        out.print(opened.text(args.lang))
    _steps(state, args.lang, out)
    return 0


def lost(args: argparse.Namespace, out: Console) -> int:
    """Record the loser of a game at a table, or correct an earlier loser."""
    tour = load_ko(args.file)
    state = tour.state()
    pid = player_id(state, args.name)
    number = None if args.table is None else _at_hall_table(state, args.table)
    fact = (
        staff_loser(state, number, pid)
        if args.correct is None
        else corrected_loser(tour.facts, args.correct, pid, number)
    )
    number = fact.table
    state = add_facts(args, tour, [fact])
    table = state.tables[number]
    p = state.players[pid]
    places = hall_numbers(state)
    out.print("✓ " + fact_line(roster(tour), tour.facts[-1], places).text(args.lang))
    if args.correct is None and p.table is None:
        out.print(_no_chips(p).text(args.lang))
    chips = ", ".join(f"{state.players[q].name} {state.players[q].chips}" for q in table.remaining)
    if table.is_open:
        now_at = msg("Table {number} (playing): {chips}", number=table.place, chips=chips)
    else:
        now_at = msg("Table {number} (finished): {chips}", number=table.place, chips=chips)
    out.print(now_at.text(args.lang))
    _steps(state, args.lang, out)
    return 0


def _at_hall_table(state: KnockoutState, place: int) -> int:
    """Return the table at a hall table: the one playing there, else the latest that did."""
    there = [t for t in state.tables.values() if t.place == place]
    playing = [t for t in there if t.is_open]
    if not there:
        raise RuleError(msg("there is no table {number}.", number=place), field="--table")
    return (playing or there)[-1].number


def _no_chips(p: PlayerState) -> Message:
    """Say that a player has no chips left, and where he is now."""
    values = {"name": p.name, "lives": p.lives}
    if p.status is Status.WAITING:
        return msg(
            "{name} has no chips left (lives: {lives}) and waits in the consolation.", **values
        )
    if p.status is Status.OUT:
        return msg("{name} has no chips left (lives: {lives}) and is out.", **values)
    if p.status is Status.PLACED:
        return msg("{name} has no chips left (lives: {lives}) and is placed.", **values)
    if p.status is Status.FINALIST:
        return msg("{name} has no chips left (lives: {lives}) and is in the grand final.", **values)
    return msg("{name} has no chips left (lives: {lives}).", **values)


def schockaus(args: argparse.Namespace, out: Console) -> int:
    """Record a Schock aus in one throw (and its donation, when handed in at once)."""
    tour = load_ko(args.file)
    state = tour.state()
    pid = player_id(state, args.name)
    table = state.players[pid].table
    if args.table is not None:
        table = _at_hall_table(state, args.table)
    facts: list[KnockoutFact] = [SchockOut(n=0, at=AT, player=pid, table=table)]
    if args.donated:
        facts.append(Donation(n=0, at=AT, schock_out=tour.next_number()))
    state = add_facts(args, tour, facts)
    n = tour.facts[-len(facts)].n
    said = fact_line(roster(tour), tour.facts[-len(facts)], hall_numbers(state))
    out.print(f"✓ Nr. {n}: " + said.text(args.lang))
    if args.donated:
        out.print(
            msg("donation {donation} € recorded.", donation=state.rules.donation).text(args.lang)
        )
    else:
        out.print(
            msg(
                "counts for the Schock-Aus-König only with the donation: "
                "tafelrunde donate {file} {n}",
                file=args.file,
                n=n,
            ).text(args.lang)
        )
    return 0


def donate(args: argparse.Namespace, out: Console) -> int:
    """Record the donation for a recorded Schock aus."""
    tour = load_ko(args.file)
    add_facts(args, tour, [Donation(n=0, at=AT, schock_out=args.number)])
    out.print("✓ " + fact_line(roster(tour), tour.facts[-1]).text(args.lang))
    return 0


def undo(args: argparse.Namespace, out: Console) -> int:
    """Take back the latest entry that still counts (it stays in the file, marked undone)."""
    tour = load_ko(args.file)
    target = undo_target(tour)  # the latest entry, also when it is a correction
    who, places = roster(tour), hall_numbers(tour.state())
    add_facts(args, tour, [Undo(n=0, at=AT, target=target.n)])
    entry = fact_line(who, target, places)
    out.print(msg("No. {n} undone: {entry}", n=target.n, entry=entry).text(args.lang))
    return 0
