"""Format D on the command line: the commands that show the state (queues, tables, ranking)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

from tafelrunde.cli.ko_common import load_ko, when
from tafelrunde.cli.views import write_exports
from tafelrunde.engine.clock import seconds
from tafelrunde.engine.export import final_ranking
from tafelrunde.engine.knockout import (
    GameLost,
    KnockoutState,
    Undo,
    donation_total,
    fees_total,
    next_steps,
    schock_out_counts,
    schock_out_kings,
)
from tafelrunde.engine.knockout.corrections import effective_facts
from tafelrunde.engine.knockout.entry import roster
from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.engine.knockout.situation import BRACKETS
from tafelrunde.engine.knockout.views_data import (
    STATUS_WORDS,
    bracket_name,
    clock_of,
    fact_line,
    hall_numbers,
    names,
    player_rows,
    table_rows,
)
from tafelrunde.i18n import msg, text_in


def euro(amount: object) -> str:
    """Show an amount of euros."""
    return f"{amount} €"


def _steps_json(state: KnockoutState, lang: str) -> list[dict[str, Any]]:
    """Describe the next steps as data."""
    return [
        {
            "kind": str(s.kind),
            "text": s.text.text(lang),
            "bracket": None if s.bracket is None else str(s.bracket),
            "table": s.table,
            "players": list(s.players),
        }
        for s in next_steps(state)
    ]


def _table_rows(state: KnockoutState, at: float, lang: str) -> list[dict[str, Any]]:
    """Every table as data, its bracket named in the language."""
    rows = table_rows(state, at)
    return [r | {"bracket_name": text_in(r["bracket_name"], lang)} for r in rows]


def _player_rows(state: KnockoutState, lang: str) -> list[dict[str, Any]]:
    """Every player as data, the status in the language."""
    return [r | {"status_text": r["status_text"].text(lang)} for r in player_rows(state)]


def _money(state: KnockoutState) -> dict[str, Any]:
    """Fees, donations and the Schock-Aus-König."""
    return {
        "fees_paid": sum(1 for p in state.players.values() if p.paid),
        "fees_total": str(fees_total(state)),
        "donations": len(state.donations),
        "donations_total": str(donation_total(state)),
        "schock_out_counts": schock_out_counts(state),
        "schock_out_kings": list(schock_out_kings(state)),
    }


def status(args: argparse.Namespace, out: Console) -> int:
    """Show queues, open tables with chips and clock, fees and what comes next."""
    tour = load_ko(args.file)
    state = tour.state()
    at = seconds(when(args, tour))
    lang = args.lang
    tables = [r for r in _table_rows(state, at, lang) if r["closed"] is None]
    if args.json:
        data = {
            "name": tour.name,
            "day": tour.day.isoformat() if tour.day else None,
            "finished": state.finished,
            "winner": state.winner,
            "queues": {str(b): list(state.queues[b]) for b in BRACKETS},
            "finalists": list(state.finalists),
            "open_tables": tables,
            "players": _player_rows(state, lang),
            "money": _money(state),
            "next": _steps_json(state, lang),
        }
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    day = f" – {tour.day:%d.%m.%Y}" if tour.day else ""
    out.rule(f"{tour.name}{day}")
    counts: dict[str, int] = {}
    for p in state.players.values():
        counts[str(p.status)] = counts.get(str(p.status), 0) + 1
    out.print(
        ", ".join(f"{STATUS_WORDS[k].text(lang)}: {v}" for k, v in counts.items())
        or msg("Nobody registered yet.").text(lang)
    )
    for b in BRACKETS:
        queue = state.queues[b]
        if queue:
            waiting = msg(
                "{bracket} – waiting: {names}", bracket=bracket_name(b), names=names(state, queue)
            )
            out.print(waiting.text(lang))
    if state.finalists and state.grand_final() is None:
        out.print(msg("Finalists: {names}", names=names(state, state.finalists)).text(lang))
    if tables:
        out.print(open_tables_table(state, tables, lang))
    money = _money(state)
    kings = names(state, money["schock_out_kings"]) or "–"
    out.print(
        msg(
            "Entry fees: {paid} paid = {fees}; donations: {donations} = {donated}; "
            "Schock-Aus-König: {kings}",
            paid=money["fees_paid"],
            fees=euro(money["fees_total"]),
            donations=money["donations"],
            donated=euro(money["donations_total"]),
            kings=kings,
        ).text(lang)
    )
    if state.finished:
        out.print(msg("Winner: {names}", names=names(state, [state.winner or ""])).text(lang))
    for s in next_steps(state):
        out.print("• " + s.text.text(lang))
    return 0


def open_tables_table(state: KnockoutState, rows: list[dict[str, Any]], lang: str) -> RichTable:
    """Render tables with players and chips, the clock and sharp play."""
    table = RichTable(title=msg("Tables").text(lang))
    for col in (
        msg("Table").text(lang),
        msg("Bracket").text(lang),
        msg("Players (chips)").text(lang),
        msg("left").text(lang),
        msg("opened").text(lang),
        msg("Clock").text(lang),
    ):
        table.add_column(col)
    for r in rows:
        last = r["final"] and r["bracket"] != "grand_final"
        bracket = r["bracket_name"]
        if last:
            bracket = msg("{bracket} (final table)", bracket=bracket).text(lang)
        chips = ", ".join(f"{state.players[p].name} {'●' * c}" for p, c in r["chips"].items())
        if r["closed"] is not None:
            clock = msg("finished {time}", time=r["closed"]).text(lang)
        else:
            clock = f"{r['minutes']} min"
            if r["sharp"]:
                clock = msg("{minutes} min – sharp", minutes=r["minutes"]).text(lang)
        table.add_row(
            str(r["hall_table"]),
            bracket,
            chips or "–",
            names(state, r["left"]) or "–",
            r["opened"],
            clock,
        )
    return table


def tables(args: argparse.Namespace, out: Console) -> int:
    """Show every table, open and finished."""
    tour = load_ko(args.file)
    state = tour.state()
    rows = _table_rows(state, seconds(when(args, tour)), args.lang)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    out.print(open_tables_table(state, rows, args.lang))
    return 0


def standings(args: argparse.Namespace, out: Console) -> int:
    """Show every player's status, bracket, lives and chips."""
    state = load_ko(args.file).state()
    rows = _player_rows(state, args.lang)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    lang = args.lang
    table = RichTable(title=msg("Players – lives and chips").text(lang))
    for col in (
        msg("Player").text(lang),
        msg("Status").text(lang),
        msg("Bracket").text(lang),
        msg("Lives").text(lang),
        msg("Chips").text(lang),
        msg("Table").text(lang),
        msg("Fee").text(lang),
    ):
        table.add_column(col)
    for r in rows:
        bracket = state.players[r["id"]].bracket
        table.add_row(
            r["name"],
            r["status_text"],
            text_in(bracket_name(bracket), lang),
            "♥" * r["lives"] or "0",
            "–" if r["chips"] is None else "●" * r["chips"] or "0",
            "–" if r["hall_table"] is None else str(r["hall_table"]),
            "✓" if r["paid"] else msg("unpaid").text(lang),
        )
    out.print(table)
    return 0


def ranking_cmd(args: argparse.Namespace, out: Console) -> int:
    """Show the overall ranking (before the end: the places already decided)."""
    state = load_ko(args.file).state()
    rows = knockout_ranking_rows(state)
    if args.json:
        print(json.dumps({"final": state.finished, "ranking": rows}, ensure_ascii=False, indent=1))
        return 0
    title = (
        msg("Overall ranking") if state.finished else msg("Overall ranking (places decided so far)")
    )
    table = RichTable(title=title.text(args.lang))
    for col in (
        msg("Place").text(args.lang),
        msg("Player").text(args.lang),
        msg("Prize").text(args.lang),
    ):
        table.add_column(col)
    for r in rows:
        table.add_row(str(r["place"]), r["name"], r["prize"] or "")
    out.print(table)
    kings = names(state, list(schock_out_kings(state)))
    if kings:
        out.print(msg("Schock-Aus-König: {names}", names=kings).text(args.lang))
    return 0


def export(args: argparse.Namespace, out: Console) -> int:
    """Write the final ranking as CSV and/or JSON."""
    tour = load_ko(args.file)
    rows, lines = final_ranking(tour)
    data = {"tournament": tour.name, "ranking": rows, **_money(tour.state())}
    write_exports(args, out, lines, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    return 0


def pending(args: argparse.Namespace, out: Console) -> int:
    """List what comes next."""
    state = load_ko(args.file).state()
    if args.json:
        print(json.dumps(_steps_json(state, args.lang), ensure_ascii=False, indent=1))
        return 0
    for s in next_steps(state):
        out.print("• " + s.text.text(args.lang))
    return 0


def history(args: argparse.Namespace, out: Console) -> int:
    """List every fact with time and author; undone and corrected ones marked."""
    tour = load_ko(args.file)
    counting = {f.n for f in effective_facts(tour.facts)}
    undone = {f.target for f in tour.facts if isinstance(f, Undo)}
    fixed = {f.corrects: f.n for f in tour.facts if isinstance(f, GameLost) and f.corrects}
    who, places = roster(tour), hall_numbers(tour.state())
    lang = args.lang
    table = RichTable(title=msg("History").text(lang))
    for col in ("Nr.", msg("Time").text(lang), msg("By").text(lang), msg("Entry").text(lang)):
        table.add_column(col)
    for fact in tour.facts:
        line = fact_line(who, fact, places)
        what = line.text(lang)
        if fact.n in undone:
            what = f"[strike]{what}[/strike] " + msg("(undone)").text(lang)
        elif fact.n not in counting and fact.n in fixed:
            by = fixed[fact.n]
            what = msg("{entry} (corrected by no. {by})", entry=line, by=by).text(lang)
        table.add_row(str(fact.n), clock_of(seconds(fact.at)), fact.by, what)
    out.print(table)
    return 0


def verify(args: argparse.Namespace, out: Console) -> int:
    """Replay every entry and say that they fit together (format D draws nothing by lot)."""
    tour = load_ko(args.file)
    counting = effective_facts(tour.facts)
    out.print(
        msg(
            "[green]ok[/green]: all {entries} entries fit together ({counting} count). "
            "Format D draws nothing by lot; there are no seeds to check.",
            entries=len(tour.facts),
            counting=len(counting),
        ).text(args.lang)
    )
    return 0
