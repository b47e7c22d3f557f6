"""Turn engine results into readable tables and JSON for the command line."""

from __future__ import annotations

from typing import Any

from rich.table import Table as RichTable

from tafelrunde.engine.export import csv_file, csv_text
from tafelrunde.engine.groups.presence import mark
from tafelrunde.engine.groups.rules_text import criterion_label, player_lines, stage_lines
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.standings import Standing
from tafelrunde.engine.groups.table_view import draw_seed, game_tables
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import display, exact_text
from tafelrunde.engine.rule_words import named
from tafelrunde.i18n import msg, text_in


def write_exports(args: Any, out: Any, lines: list[list[Any]], json_text: str) -> None:
    """Write the ranking to --csv (for a spreadsheet of the language) and/or --json; with
    neither, print plain CSV (',' and no byte order mark: for a pipe, not a spreadsheet)."""
    if not args.csv and not args.json:
        print(csv_text(lines), end="")
    files = ((args.csv, csv_file(lines, args.lang)), (args.json, json_text.encode("utf-8")))
    for path, data in files:
        if path is not None:
            path.write_bytes(data)
            out.print(msg("Final ranking written").text(args.lang) + f": {path}")


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
                "withdrawn": row.player in state.withdrawn,
                "late": row.player in state.late,
            }
        )
    return rows


def standing_table(
    state: TournamentState, st: StageState, standing: Standing, lang: str, cut: int | None
) -> RichTable:
    """Render a stage standing with the criteria as columns and the deciding tie-break."""
    title = (
        msg("{stage} – standings", stage=st.title())
        if state.stage_complete(st)
        else msg("{stage} – standings (provisional)", stage=st.title())
    )
    table = RichTable(title=title.text(lang))
    several = len(st.tables(1) or ()) > 1
    table.add_column(msg("Rank").text(lang), justify="right")
    table.add_column(msg("Player").text(lang))
    if several:
        table.add_column(msg("Table").text(lang), justify="right")
    shown = [c for c in standing.criteria if not c.orders]
    for c in shown:
        table.add_column(text_in(criterion_label(c, st.rule), lang), justify="right")
    table.add_column(msg("decided by").text(lang))
    goes_on = state.goes_on(st) or set()
    for row in standing.rows:
        first = shown[0] if shown else None
        by = text_in(row.decided_by.label(), lang) if row.decided_by not in (None, first) else ""
        if row.pending:
            by = msg("roll-off open!").text(lang)
        marker = " ✓" if row.player in goes_on else ""
        name, word = state.tournament.name_of(row.player), mark(state, row.player)
        if word is not None:
            name = f"{name} ({word.text(lang)})"
        cells = [f"{row.rank}{marker}", name]
        if several:
            cells.append(str(st.table_of(row.player) or ""))
        cells += [("" if v is None else display(v, lang)) for v in row.values[: len(shown)]]
        table.add_row(*cells, by)
    return table


def tables_table(state: TournamentState, st: StageState, game: int, lang: str) -> RichTable:
    """Render the tables of a game with seat order, start player and entered results."""
    seed = draw_seed(st, game)
    where = {"stage": st.title(), "word": st.rule.game_word(), "game": game}
    head = (
        msg("{stage} – {word} {game}", **where)
        if seed is None
        else msg("{stage} – {word} {game} (seed {seed})", seed=seed, **where)
    )
    table = RichTable(title=head.text(lang), caption=st.rule.note or None)
    table.add_column(msg("Table").text(lang), justify="right")
    table.add_column(msg("seat/start order (starter first)").text(lang))
    table.add_column(msg("Result").text(lang))
    for view in game_tables(state, st, game):
        seats = " → ".join(view.names)
        note = text_in(view.note, lang)
        if note:
            seats = note if not view.seats_known else f"{seats} ({note})"
        table.add_row(str(view.index), seats, text_in(view.text(), lang) or "–")
    return table


def ruleset_table(rules: Ruleset, lang: str) -> RichTable:
    """Render every parameter of a ruleset in readable form."""
    table = RichTable(
        title=named(rules.name, rules.name_en).text(lang),
        caption=rules.description.strip() or None,
        show_lines=True,
    )
    table.add_column(msg("Stage").text(lang))
    table.add_column(msg("Rules").text(lang))
    for rule in rules.stages:
        table.add_row(
            f"{rule.title().text(lang)}\n[dim]{rule.id}[/dim]",
            "\n".join(text_in(line, lang) for line in stage_lines(rule)),
        )
    table.add_row(
        msg("Players").text(lang),
        "\n".join(f"{text_in(k, lang)}: {text_in(v, lang)}" for k, v in player_lines(rules)),
    )
    return table
