"""Format D on the command line: the commands that record facts."""

from __future__ import annotations

import argparse
from datetime import date

from rich.console import Console

from tafelrunde.cli.files import read_text, save_tournament
from tafelrunde.cli.ko_common import add_facts, bracket_of, load_ko, now
from tafelrunde.cli.views import t
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    CheckIn,
    Donation,
    GameLost,
    KnockoutFact,
    KnockoutRules,
    KnockoutState,
    KnockoutTournament,
    OpenTable,
    PayFee,
    SchockOut,
    Status,
    Undo,
    Withdraw,
    next_steps,
)
from tafelrunde.engine.knockout.actions import hand_table, tables_to_open, undo_target
from tafelrunde.engine.knockout.entry import player_id, registrations, roster
from tafelrunde.engine.knockout.views_data import bracket_name, describe, names
from tafelrunde.engine.players import parse_player_names

AT = 0  # placeholder time; add_facts gives every fact its real time


def _steps(state: KnockoutState, lang: str, out: Console, most: int = 4) -> None:
    """Print what comes next."""
    for step in next_steps(state)[:most]:
        out.print("• " + t(lang, step.de, step.en))


def create(args: argparse.Namespace, out: Console, rules: KnockoutRules) -> int:
    """Create a format-D tournament, registering the players of a list (if given)."""
    try:
        day = date.fromisoformat(args.date) if args.date else date.today()
    except ValueError:
        raise RuleError(
            f"„{args.date}“ ist kein Datum (JJJJ-MM-TT).",
            f"'{args.date}' is not a date (YYYY-MM-DD).",
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
        t(
            args.lang,
            f"Turnier „{tour.name}“ (Format D) am {day:%d.%m.%Y} angelegt: {args.file}; "
            f"{len(state.players)} Spieler angemeldet.",
            f"Tournament '{tour.name}' (format D) on {day.isoformat()} created: {args.file}; "
            f"{len(state.players)} players registered.",
        )
    )
    _steps(state, args.lang, out)
    return 0


def register(args: argparse.Namespace, out: Console) -> int:
    """Register players by name (optionally paid at once, or after the deadline)."""
    tour = load_ko(args.file)
    state = tour.state()
    facts = registrations(tour, args.names, late=args.late, paid=args.paid)
    state = add_facts(args, tour, facts)
    paid = t(args.lang, " (Startgebühr bezahlt)", " (entry fee paid)") if args.paid else ""
    out.print(t(args.lang, "Angemeldet: ", "Registered: ") + ", ".join(args.names) + paid)
    _steps(state, args.lang, out)
    return 0


def _mark(args: argparse.Namespace, out: Console, kind: type[PayFee | CheckIn | Withdraw]) -> int:
    """Record the fee, the check-in or the withdrawal of players."""
    tour = load_ko(args.file)
    state = tour.state()
    ids = [player_id(state, who) for who in args.names]
    state = add_facts(args, tour, [kind(n=0, at=AT, player=p) for p in ids])
    for fact in tour.facts[-len(ids) :]:
        out.print("✓ " + describe(roster(tour), fact, args.lang))
    _steps(state, args.lang, out)
    return 0


def pay(args: argparse.Namespace, out: Console) -> int:
    """Mark players' entry fee paid."""
    return _mark(args, out, PayFee)


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
        final = t(args.lang, " – Final-Tisch", " – final table") if last else ""
        out.print(
            t(args.lang, f"Tisch {number} eröffnet", f"Table {number} opened")
            + f" ({bracket_name(table.bracket, args.lang)}{final}): "
            + names(state, table.players)
            + t(args.lang, f"; je {chips} Chips.", f"; {chips} chips each.")
        )
    _steps(state, args.lang, out)
    return 0


def lost(args: argparse.Namespace, out: Console) -> int:
    """Record the loser of a game at a table, or correct an earlier loser."""
    tour = load_ko(args.file)
    state = tour.state()
    pid = player_id(state, args.name)
    number = args.table
    if args.correct is not None:
        old = next((f for f in tour.facts if f.n == args.correct), None)
        if not isinstance(old, GameLost):
            raise RuleError(
                f"Nr. {args.correct} ist kein eingetragenes verlorenes Spiel.",
                f"no. {args.correct} is not a recorded game lost.",
                field="--correct",
            )
        number = old.table
    elif number is None:
        number = state.players[pid].table
        if number is None:
            raise RuleError(
                f"„{state.players[pid].name}“ sitzt an keinem Tisch.",
                f"'{state.players[pid].name}' is not at a table.",
                field="player",
            )
    fact = GameLost(n=0, at=AT, table=number, player=pid, corrects=args.correct)
    state = add_facts(args, tour, [fact])
    table = state.tables[number]
    p = state.players[pid]
    out.print("✓ " + describe(roster(tour), tour.facts[-1], args.lang))
    if args.correct is None and p.table is None:
        where = {
            Status.WAITING: t(args.lang, "wartet in der Trostrunde", "waits in the consolation"),
            Status.OUT: t(args.lang, "ist ausgeschieden", "is out"),
            Status.PLACED: t(args.lang, "ist platziert", "is placed"),
            Status.FINALIST: t(args.lang, "steht im großen Finale", "is in the grand final"),
        }.get(p.status, "")
        out.print(
            t(
                args.lang,
                f"{p.name} hat keine Chips mehr (Leben: {p.lives}) und {where}.",
                f"{p.name} has no chips left (lives: {p.lives}) and {where}.",
            )
        )
    chips = ", ".join(f"{state.players[q].name} {state.players[q].chips}" for q in table.remaining)
    state_text = (
        t(args.lang, "läuft", "playing") if table.is_open else t(args.lang, "beendet", "finished")
    )
    out.print(
        t(args.lang, f"Tisch {number} ({state_text}): ", f"Table {number} ({state_text}): ") + chips
    )
    _steps(state, args.lang, out)
    return 0


def schockaus(args: argparse.Namespace, out: Console) -> int:
    """Record a Schock aus in one throw (and its donation, when handed in at once)."""
    tour = load_ko(args.file)
    state = tour.state()
    pid = player_id(state, args.name)
    table = args.table if args.table is not None else state.players[pid].table
    facts: list[KnockoutFact] = [SchockOut(n=0, at=AT, player=pid, table=table)]
    if args.donated:
        facts.append(Donation(n=0, at=AT, schock_out=tour.next_number()))
    state = add_facts(args, tour, facts)
    n = tour.facts[-len(facts)].n
    out.print(f"✓ Nr. {n}: " + describe(roster(tour), tour.facts[-len(facts)], args.lang))
    if args.donated:
        out.print(
            t(
                args.lang,
                f"Spende {state.rules.donation} € eingetragen.",
                f"donation {state.rules.donation} € recorded.",
            )
        )
    else:
        out.print(
            t(
                args.lang,
                f"Zählt für den Schock-Aus-König erst mit der Spende: tafelrunde donate "
                f"{args.file} {n}",
                f"counts for the Schock-Aus-König only with the donation: tafelrunde donate "
                f"{args.file} {n}",
            )
        )
    return 0


def donate(args: argparse.Namespace, out: Console) -> int:
    """Record the donation for a recorded Schock aus."""
    tour = load_ko(args.file)
    add_facts(args, tour, [Donation(n=0, at=AT, schock_out=args.number)])
    out.print("✓ " + describe(roster(tour), tour.facts[-1], args.lang))
    return 0


def undo(args: argparse.Namespace, out: Console) -> int:
    """Take back the latest entry that still counts (it stays in the file, marked undone)."""
    tour = load_ko(args.file)
    target = undo_target(tour)  # the latest entry, also when it is a correction
    who = roster(tour)
    add_facts(args, tour, [Undo(n=0, at=AT, target=target.n)])
    out.print(
        t(args.lang, f"Nr. {target.n} zurückgenommen: ", f"No. {target.n} undone: ")
        + describe(who, target, args.lang)
    )
    return 0
