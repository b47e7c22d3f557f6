"""Turn engine results into readable tables and JSON for the command line."""

from __future__ import annotations

from typing import Any

from rich.table import Table as RichTable

from tafelrunde.engine.numbers import display, exact_text
from tafelrunde.engine.ruleset import Ruleset, StageRule
from tafelrunde.engine.stage_state import StageState
from tafelrunde.engine.standings import Criterion, Standing
from tafelrunde.engine.tournament_state import TournamentState


def t(lang: str, de: str, en: str) -> str:
    """Pick the text of the language."""
    return de if lang == "de" else en


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


def criterion_label(c: Criterion, state: TournamentState, rule: StageRule, lang: str) -> str:
    """Name a criterion in the words of the ruleset ('Siegpunkte', 'Rang 1. Runde')."""
    if c.key == "rank":
        return t(lang, f"Rang {c.scope}", f"rank {c.scope}")
    text = c.label(lang)
    if c.key == "points":
        name = rule.points_name if lang == "de" else rule.points_name_en
        text = name + text[len(c.label(lang).split(" (")[0]) :]
    return text


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
        table.add_column(criterion_label(c, state, st.rule, lang), justify="right")
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
    draw = st.draws.get(game if st.rule.reseat_each_game else 1)
    if draw:
        head += t(lang, f" (Los-Seed {draw.seed})", f" (seed {draw.seed})")
    table = RichTable(title=head, caption=st.rule.note or None)
    table.add_column(t(lang, "Tisch", "Table"), justify="right")
    table.add_column(
        t(lang, "Sitz-/Startreihenfolge (Startspieler zuerst)", "seat/start order (starter first)")
    )
    table.add_column(t(lang, "Ergebnis", "Result"))
    name = state.tournament.name_of
    for index, _ in enumerate(st.tables(game) or (), start=1):
        order = st.seat_order(game, index)
        outcome = st.outcomes.get((game, index))
        res = ""
        if outcome:
            parts = []
            rolled = st.rule.scoring.tie == "rolloff" and outcome.points is not None
            for pos, p in enumerate(outcome.order(), start=1):
                pts = "?" if outcome.points is None else display(outcome.points[p], lang)
                place = pos if rolled else outcome.places[p]
                parts.append(f"{place}. {name(p)} ({pts})")
            res = ", ".join(parts)
        seats = " → ".join(name(p) for p in order)
        start = st.start_standing(game, index) if st.rule.seat_order == "passes" else None
        if start is not None and start.pending:
            seats += t(lang, " (Herzog offen!)", " (Herzog roll-off open!)")
        if st.rule.seat_order == "passes" and game >= 3 and start is None:
            seats = t(
                lang,
                f"folgt aus dem Stand nach {st.rule.game_word()} {game - 1}",
                f"follows from the standings after {st.rule.game_word('en')} {game - 1}",
            )
        table.add_row(str(index), seats, res or "–")
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


def stage_lines(rule: StageRule, lang: str) -> list[str]:
    """Describe one stage's parameters."""
    s = rule.scoring
    tr = rule.tables
    sizes = "/".join(str(x) for x in tr.sizes())
    lines = [
        t(lang, f"Partien: {rule.games}", f"Games: {rule.games}"),
        t(
            lang,
            f"Tische: bevorzugt {tr.prefer}er, erlaubt {sizes}",
            f"Tables: prefer {tr.prefer}, allowed {sizes}",
        )
        + (
            t(lang, f", höchstens {tr.max_other} andere", f", at most {tr.max_other} others")
            if tr.max_other is not None
            else ""
        ),
        t(lang, "Setzen: ", "Seating: ")
        + {
            "draw": t(lang, "Auslosung", "draw"),
            "serpentine": t(lang, "Schlangenlinie nach Rang", "serpentine by rank"),
        }[rule.seating]
        + (
            t(lang, ", für jede Partie neu", ", new for every game")
            if rule.reseat_each_game
            else ""
        ),
    ]
    for size, pts in sorted(s.points.items(), reverse=True):
        lines.append(
            t(lang, f"Punkte am {size}er-Tisch: ", f"Points at a {size}-table: ")
            + ", ".join(display(p, lang) for p in pts)
        )
    if s.tie == "split":
        lines.append(
            t(lang, "Gleichstand: Punkte teilen, runden: ", "Tie: split points, rounding: ")
            + f"{s.rounding.mode} {display(s.rounding.step, lang)}"
        )
    else:
        malus = display(s.rolloff_malus, lang)
        minus = s.rolloff_loser == "minus"
        de = f"Punkte(p) − {malus}" if minus else "Punkte des nächsten Platzes"
        en = f"points(p) − {malus}" if minus else "next place's points"
        lines.append(
            t(
                lang,
                f"Gleichstand: Stechen, Verlierer bekommt {de}",
                f"Tie: roll-off, loser gets {en}",
            )
        )
    for size, f in sorted(s.game_point_factor.items()):
        factor, mode = display(f, lang, 4), s.game_point_rounding.mode
        lines.append(
            t(
                lang,
                f"Spielpunkte am {size}er-Tisch ×{factor}, runden: {mode}",
                f"Game points at a {size}-table ×{factor}, rounding: {mode}",
            )
        )
    lines.append(
        t(lang, "Wertung: ", "Ranking: ") + " → ".join(c.label(lang) for c in rule.ranking)
    )
    e = rule.entrants
    if e.top:
        lines.append(t(lang, f"Teilnehmer: die besten {e.top}", f"Entrants: the best {e.top}"))
    elif e.per_table:
        lines.append(
            t(
                lang,
                f"Teilnehmer: die {e.per_table} Besten jedes Tisches",
                f"Entrants: the best {e.per_table} of each table",
            )
            + (
                t(
                    lang,
                    f", aufgefüllt auf ein Vielfaches von {e.fill_multiple}",
                    f", filled up to a multiple of {e.fill_multiple}",
                )
                if e.fill_multiple
                else ""
            )
        )
    if rule.players_at_least:
        lines.append(
            t(
                lang,
                f"Nur ab {rule.players_at_least} Spielern",
                f"Only with {rule.players_at_least} players or more",
            )
        )
    if rule.repeat:
        lines.append(
            t(
                lang,
                "Wird wiederholt, solange mindestens "
                f"{rule.entrants_at_least} Spieler weiterkommen",
                f"Repeated while at least {rule.entrants_at_least} players go on",
            )
        )
    if rule.note:
        lines.append(rule.note)
    return lines
