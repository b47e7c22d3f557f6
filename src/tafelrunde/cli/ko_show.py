"""Format D on the command line: the commands that show the state (queues, tables, ranking)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

from tafelrunde.cli.ko_common import load_ko, when
from tafelrunde.cli.views import t, write_exports
from tafelrunde.engine.export import final_ranking, knockout_ranking_rows
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
from tafelrunde.engine.knockout.clock import seconds
from tafelrunde.engine.knockout.corrections import effective_facts
from tafelrunde.engine.knockout.entry import roster
from tafelrunde.engine.knockout.state import BRACKETS
from tafelrunde.engine.knockout.views_data import (
    STATUS_WORDS,
    bracket_name,
    clock_of,
    describe,
    names,
    player_rows,
    table_rows,
)


def euro(amount: object) -> str:
    """Show an amount of euros."""
    return f"{amount} €"


def _steps_json(state: KnockoutState, lang: str) -> list[dict[str, Any]]:
    """Describe the next steps as data."""
    return [
        {
            "kind": str(s.kind),
            "text": t(lang, s.de, s.en),
            "bracket": None if s.bracket is None else str(s.bracket),
            "table": s.table,
            "players": list(s.players),
        }
        for s in next_steps(state)
    ]


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
    tables = [r for r in table_rows(state, at, lang) if r["closed"] is None]
    if args.json:
        data = {
            "name": tour.name,
            "day": tour.day.isoformat() if tour.day else None,
            "finished": state.finished,
            "winner": state.winner,
            "queues": {str(b): list(state.queues[b]) for b in BRACKETS},
            "finalists": list(state.finalists),
            "open_tables": tables,
            "players": player_rows(state, lang),
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
        ", ".join(f"{t(lang, *STATUS_WORDS[k])}: {v}" for k, v in counts.items())
        or t(lang, "Noch niemand angemeldet.", "Nobody registered yet.")
    )
    for b in BRACKETS:
        queue = state.queues[b]
        if queue:
            out.print(
                f"{bracket_name(b, lang)} – "
                + t(lang, "wartend", "waiting")
                + ": "
                + names(state, queue)
            )
    if state.finalists and state.grand_final() is None:
        out.print(t(lang, "Finalisten: ", "Finalists: ") + names(state, state.finalists))
    if tables:
        out.print(open_tables_table(state, tables, lang))
    money = _money(state)
    kings = names(state, money["schock_out_kings"]) or "–"
    out.print(
        t(
            lang,
            f"Startgebühren: {money['fees_paid']} bezahlt = {euro(money['fees_total'])}; "
            f"Spenden: {money['donations']} = {euro(money['donations_total'])}; "
            f"Schock-Aus-König: {kings}",
            f"Entry fees: {money['fees_paid']} paid = {euro(money['fees_total'])}; "
            f"donations: {money['donations']} = {euro(money['donations_total'])}; "
            f"Schock-Aus-König: {kings}",
        )
    )
    if state.finished:
        out.print(t(lang, "Sieger: ", "Winner: ") + names(state, [state.winner or ""]))
    for s in next_steps(state):
        out.print("• " + t(lang, s.de, s.en))
    return 0


def open_tables_table(state: KnockoutState, rows: list[dict[str, Any]], lang: str) -> RichTable:
    """Render tables with players and chips, the clock and sharp play."""
    table = RichTable(title=t(lang, "Tische", "Tables"))
    for col in (
        t(lang, "Tisch", "Table"),
        t(lang, "Runde", "Bracket"),
        t(lang, "Spieler (Chips)", "Players (chips)"),
        t(lang, "verlassen", "left"),
        t(lang, "eröffnet", "opened"),
        t(lang, "Uhr", "Clock"),
    ):
        table.add_column(col)
    for r in rows:
        last = r["final"] and r["bracket"] != "grand_final"
        final = t(lang, " (Final-Tisch)", " (final table)") if last else ""
        chips = ", ".join(f"{state.players[p].name} {'●' * c}" for p, c in r["chips"].items())
        if r["closed"] is not None:
            clock = t(lang, f"beendet {r['closed']}", f"finished {r['closed']}")
        else:
            sharp = t(lang, " – scharf", " – sharp") if r["sharp"] else ""
            clock = f"{r['minutes']} min{sharp}"
        table.add_row(
            str(r["table"]),
            r["bracket_name"] + final,
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
    rows = table_rows(state, seconds(when(args, tour)), args.lang)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    out.print(open_tables_table(state, rows, args.lang))
    return 0


def standings(args: argparse.Namespace, out: Console) -> int:
    """Show every player's status, bracket, lives and chips."""
    state = load_ko(args.file).state()
    rows = player_rows(state, args.lang)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    lang = args.lang
    table = RichTable(title=t(lang, "Spieler – Leben und Chips", "Players – lives and chips"))
    for col in (
        t(lang, "Spieler", "Player"),
        t(lang, "Status", "Status"),
        t(lang, "Runde", "Bracket"),
        t(lang, "Leben", "Lives"),
        t(lang, "Chips", "Chips"),
        t(lang, "Tisch", "Table"),
        t(lang, "Gebühr", "Fee"),
    ):
        table.add_column(col)
    for r in rows:
        bracket = state.players[r["id"]].bracket
        table.add_row(
            r["name"],
            r["status_text"],
            bracket_name(bracket, lang) if bracket else "–",
            "♥" * r["lives"] or "0",
            "–" if r["chips"] is None else "●" * r["chips"] or "0",
            "–" if r["table"] is None else str(r["table"]),
            "✓" if r["paid"] else t(lang, "offen", "unpaid"),
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
    title = t(args.lang, "Gesamtwertung", "Overall ranking")
    if not state.finished:
        title += t(args.lang, " (bisher entschiedene Plätze)", " (places decided so far)")
    table = RichTable(title=title)
    for col in (
        t(args.lang, "Platz", "Place"),
        t(args.lang, "Spieler", "Player"),
        t(args.lang, "Preis", "Prize"),
    ):
        table.add_column(col)
    for r in rows:
        table.add_row(str(r["place"]), r["name"], r["prize"] or "")
    out.print(table)
    kings = names(state, list(schock_out_kings(state)))
    if kings:
        out.print(t(args.lang, "Schock-Aus-König: ", "Schock-Aus-König: ") + kings)
    return 0


def export(args: argparse.Namespace, out: Console) -> int:
    """Write the final ranking as CSV and/or JSON."""
    tour = load_ko(args.file)
    rows, csv_text = final_ranking(tour)
    data = {"tournament": tour.name, "ranking": rows, **_money(tour.state())}
    write_exports(args, out, csv_text, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    return 0


def pending(args: argparse.Namespace, out: Console) -> int:
    """List what comes next."""
    state = load_ko(args.file).state()
    if args.json:
        print(json.dumps(_steps_json(state, args.lang), ensure_ascii=False, indent=1))
        return 0
    for s in next_steps(state):
        out.print("• " + t(args.lang, s.de, s.en))
    return 0


def history(args: argparse.Namespace, out: Console) -> int:
    """List every fact with time and author; undone and corrected ones marked."""
    tour = load_ko(args.file)
    counting = {f.n for f in effective_facts(tour.facts)}
    undone = {f.target for f in tour.facts if isinstance(f, Undo)}
    fixed = {f.corrects: f.n for f in tour.facts if isinstance(f, GameLost) and f.corrects}
    who = roster(tour)
    lang = args.lang
    table = RichTable(title=t(lang, "Verlauf", "History"))
    for col in ("Nr.", t(lang, "Zeit", "Time"), t(lang, "Wer", "By"), t(lang, "Eintrag", "Entry")):
        table.add_column(col)
    for fact in tour.facts:
        what = describe(who, fact, lang)
        if fact.n in undone:
            what = f"[strike]{what}[/strike] " + t(lang, "(zurückgenommen)", "(undone)")
        elif fact.n not in counting and fact.n in fixed:
            by = fixed[fact.n]
            what += t(lang, f" (korrigiert durch Nr. {by})", f" (corrected by no. {by})")
        table.add_row(str(fact.n), clock_of(seconds(fact.at)), fact.by, what)
    out.print(table)
    return 0


def verify(args: argparse.Namespace, out: Console) -> int:
    """Replay every entry and say that they fit together (format D draws nothing by lot)."""
    tour = load_ko(args.file)
    counting = effective_facts(tour.facts)
    out.print(
        t(
            args.lang,
            f"[green]ok[/green]: alle {len(tour.facts)} Einträge passen zusammen "
            f"({len(counting)} zählen). Format D lost nichts aus; es gibt keine Seeds zu prüfen.",
            f"[green]ok[/green]: all {len(tour.facts)} entries fit together "
            f"({len(counting)} count). Format D draws nothing by lot; there are no seeds to check.",
        )
    )
    return 0
