"""Standings of every stage with who advances and why; the overall ranking and prizes."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from tafelrunde.engine.export import knockout_ranking_rows, marked_name, ranking_table
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.knockout.results import donation_total, fees_total, schock_out_kings
from tafelrunde.engine.numbers import display
from tafelrunde.engine.rules_text import criterion_label
from tafelrunde.engine.stage_state import StageState
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import memo, read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.rows import Cell, html_rows
from tafelrunde.web.core.templatetags.tafel import lang, translated
from tafelrunde.web.core.views.common import record_of
from tafelrunde.web.core.views.frame import page


def stage_table(state: TournamentState, st: StageState) -> dict[str, Any]:
    """One stage's standing: criteria as columns, the deciding tie-break, who goes on."""
    table = stage_cells(state, st)
    table["body"] = html_rows(table.pop("rows"))
    return table


def stage_cells(state: TournamentState, st: StageState) -> dict[str, Any]:
    """One stage's standing with its rows as cells (to show in one piece or in pages)."""
    cut = state.cut(st)
    standing = st.standing(cut)
    shown = [c for c in standing.criteria if not c.orders]
    first = shown[0] if shown else None
    several = len(st.tables(1) or ()) > 1
    final = state.stage_complete(st)
    on, out, roll = (  # until the stage is complete, only "so far"
        translated(msg("✓ goes on") if final else msg("✓ goes on so far")),
        translated(msg("out") if final else msg("does not go on so far")),
        translated(msg("roll-off open!")),
    )
    rows = []
    goes_on = state.goes_on(st) or set()
    for row in standing.rows:
        by = (
            translated(criterion_label(row.decided_by, st.rule))
            if row.decided_by not in (None, first)
            else ""
        )
        cells: list[Cell] = [(row.rank, "n"), (translated(marked_name(state, row.player)), "")]
        if several:
            cells.append((st.table_of(row.player) or "", "n"))
        cells += [("" if v is None else display(v, lang()), "n") for v in row.values[: len(shown)]]
        cells.append((roll, "bad") if row.pending else (by, ""))
        if cut is not None and row.player in st.skipped:  # withdrew in this stage
            cells.append((translated(msg("withdrawn")), "bad"))
        elif cut is not None:
            cells.append((on, "ok") if row.player in goes_on else (out, "muted"))
        rows.append(cells)
    return {
        "title": translated(st.title()),
        "final": final,
        "columns": [translated(criterion_label(c, st.rule)) for c in shown],
        "rows": rows,
        "cut": cut,
        "several": several,
        "ranking": " → ".join(translated(criterion_label(c, st.rule)) for c in st.rule.ranking),
        "empty": not st.results,  # no ranks, no roll-offs before the first result
    }


def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Every stage's standing, the running one first."""
    rec = record_of(pk)
    tour, state = read_only(rec)
    if isinstance(tour, KnockoutTournament):
        return redirect("ko-standings", rec.pk)
    return page(request, rec, "public/standings.html", {"stages": stage_tables(rec, state)})


def stage_tables(rec: TournamentRecord, state: TournamentState) -> list[dict[str, Any]]:
    """Every stage's standing in the active language, the newest first (kept while unchanged)."""
    return memo(
        rec,
        "standings-" + lang(),
        lambda: [stage_table(state, st) for st in reversed(state.stages)],
    )


def ranking(request: HttpRequest, pk: int) -> HttpResponse:
    """The overall ranking (final once over) and the prize list."""
    rec = record_of(pk)
    return page(request, rec, "public/ranking.html", ranking_data(rec))


def ranking_data(rec: TournamentRecord) -> dict[str, Any]:
    """The overall ranking in the active language: its title, rows, and format D's prizes,
    Schock-Aus-König and money."""
    tour, state = read_only(rec)
    context: dict[str, Any]
    if isinstance(tour, KnockoutTournament):
        ko = state
        kings = [ko.players[p].name for p in schock_out_kings(ko)]
        context = {
            "finished": ko.finished,
            "rows": knockout_ranking_rows(ko),
            "prizes": True,
            "kings": kings,
            "donations": donation_total(ko),
            "fees": fees_total(ko),
        }
    else:
        _, table = ranking_table(tour)
        rows = [
            {"place": place, "name": translated(name), "stage_title": translated(stage),
             "stage_rank": rank, "values": translated(values)}
            for place, name, stage, rank, values in table
        ]  # fmt: skip
        context = {"finished": state.finished, "rows": rows, "prizes": False}
    context["title"] = (
        translated(msg("Final ranking"))
        if context["finished"]
        else translated(msg("Overall ranking (provisional)"))
    )
    return context
