"""Turn engine results into readable tables and JSON for the command line."""

from __future__ import annotations

from typing import Any

from rich.table import Table as RichTable

from tafelrunde.engine.numbers import display, exact_text
from tafelrunde.engine.rules_text import criterion_label, stage_lines, t
from tafelrunde.engine.ruleset import Ruleset
from tafelrunde.engine.stage_state import StageState
from tafelrunde.engine.standings import Standing
from tafelrunde.engine.table_view import draw_seed, game_tables
from tafelrunde.engine.tournament_state import TournamentState


def write_exports(args: Any, out: Any, csv_text: str, json_text: str) -> None:
    """Write the ranking to --csv and/or --json; with neither, print the CSV."""
    if not args.csv and not args.json:
        print(csv_text, end="")
    for path, text in ((args.csv, csv_text), (args.json, json_text)):
        if path is not None:
            path.write_text(text, encoding="utf-8")
            out.print(t(args.lang, "Endstand geschrieben", "Final ranking written") + f": {path}")


def standing_json(
    state: TournamentState, st: StageState, standing: Standing
) -> list[dict[str, Any]]:
    """Describe a stage standing as JSON rows (exact numbers as text)."""
    name = state.tournament.name_of
    rows = []
    for row in standing.rows:
        values = {
            str(c): (None if v is None else exact_text(v))
            for c, v in zip(standing.criteria, row.values, strict=False)
        }
        rows.append(
            {
                "rank": row.rank,
                "id": row.player,
                "name": name(row.player),
                "table": st.table_of(row.player),
                "values": values,
                "decided_by": str(row.decided_by) if row.decided_by else None,
                "pending_rolloff": row.pending,
            }
        )
    return rows


def standing_table(
    state: TournamentState, st: StageState, standing: Standing, lang: str, cut: int | None
) -> RichTable:
    """Render a stage standing with the criteria as columns and the deciding tie-break."""
    title = f"{st.title(lang)} – " + t(lang, "Stand", "standings")
    if not state.stage_complete(st):
        title += t(lang, " (vorläufig)", " (provisional)")
    table = RichTable(title=title)
    several = len(st.tables(1) or ()) > 1
    table.add_column(t(lang, "Platz", "Rank"), justify="right")
    table.add_column(t(lang, "Spieler", "Player"))
    if several:
        table.add_column(t(lang, "Tisch", "Table"), justify="right")
    shown = [c for c in standing.criteria if not c.orders]
    for c in shown:
        table.add_column(criterion_label(c, st.rule, lang), justify="right")
    table.add_column(t(lang, "entschieden durch", "decided by"))
    for row in standing.rows:
        first = shown[0] if shown else None
        by = row.decided_by.label(lang) if row.decided_by not in (None, first) else ""
        if row.pending:
            by = t(lang, "Stechen offen!", "roll-off open!")
        marker = " ✓" if cut is not None and row.rank <= cut else ""
        cells = [f"{row.rank}{marker}", state.tournament.name_of(row.player)]
        if several:
            cells.append(str(st.table_of(row.player) or ""))
        cells += [("" if v is None else display(v, lang)) for v in row.values[: len(shown)]]
        table.add_row(*cells, by)
    return table


def tables_table(state: TournamentState, st: StageState, game: int, lang: str) -> RichTable:
    """Render the tables of a game with seat order, start player and entered results."""
    head = f"{st.title(lang)} – {st.rule.game_word(lang)} {game}"
    seed = draw_seed(st, game)
    if seed is not None:
        head += t(lang, f" (Los-Seed {seed})", f" (seed {seed})")
    table = RichTable(title=head, caption=st.rule.note or None)
    table.add_column(t(lang, "Tisch", "Table"), justify="right")
    table.add_column(
        t(lang, "Sitz-/Startreihenfolge (Startspieler zuerst)", "seat/start order (starter first)")
    )
    table.add_column(t(lang, "Ergebnis", "Result"))
    for view in game_tables(state, st, game, lang):
        seats = " → ".join(view.names)
        if view.note:
            seats = (
                view.note
                if view.note.startswith(("folgt", "follows"))
                else f"{seats} ({view.note})"
            )
        table.add_row(str(view.index), seats, view.text(lang) or "–")
    return table


def ruleset_table(rules: Ruleset, lang: str) -> RichTable:
    """Render every parameter of a ruleset in readable form."""
    table = RichTable(
        title=(rules.name if lang == "de" else rules.name_en or rules.name),
        caption=rules.description.strip() or None,
        show_lines=True,
    )
    table.add_column(t(lang, "Runde", "Stage"))
    table.add_column(t(lang, "Regeln", "Rules"))
    for rule in rules.stages:
        table.add_row(
            f"{rule.title(lang)}\n[dim]{rule.id}[/dim]", "\n".join(stage_lines(rule, lang))
        )
    return table
