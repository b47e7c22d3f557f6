"""What the pages of several audiences show alike: whether tables play, where a next step is
done, the seating now, the standings and the overall ranking."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from tafelrunde.engine.family_engine import seating
from tafelrunde.engine.groups.facts import (
    RolloffConfirmed,
    RolloffEntered,
    TableConfirmed,
    TableEntered,
)
from tafelrunde.engine.groups.overall_ranking import marked_name
from tafelrunde.engine.groups.rules_text import criterion_label
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.standings import Criterion
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num, display
from tafelrunde.engine.seat_list import Seating
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.domain.store import latest, memo, read_only
from tafelrunde.web.core.faces import FACE, Column, Face
from tafelrunde.web.core.frame import page_of
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.rows import Cell, html_rows
from tafelrunde.web.core.templatetags.tafel import lang, link, translated


def drawn(state: Any) -> bool:
    """Say whether players sit at tables now (a game drawn and not over, a table open)."""
    return bool(state.seated)


def step_link(face: Face, pk: int, step: Any) -> str:
    """The page where a next step is done (a result: its table on the tables page)."""
    kind = str(step.kind)
    url = link(face.steps.get(kind, face.parts["tables"]), pk)
    data = getattr(step, "data", {}) or {}
    if kind == "result" and data.get("game") and data.get("table"):
        game, table = data["game"], data["table"]
        url += f"?partie={game}&seite={page_of(table)}#table-{game}-{table}"
    return url


def seating_of(rec: TournamentRecord) -> Seating:
    """Everybody's place now, made once per state of the tournament and shared by every
    request (a hall full of phones costs one making per change)."""
    return latest(rec, "seating", lambda now: seating(read_only(now)[1]))


def stage_tables(rec: TournamentRecord, state: TournamentState) -> list[dict[str, Any]]:
    """Every stage's standing in the active language, the newest first (kept while unchanged)."""
    return memo(
        rec,
        "standings-" + lang(),
        lambda: [stage_table(rec, state, st) for st in reversed(state.stages)],
    )


def stage_table(rec: TournamentRecord, state: TournamentState, st: StageState) -> dict[str, Any]:
    """One stage's standing: criteria as columns, the deciding tie-break, who goes on."""
    table = dict(stage_cells_of(rec, state, st))
    table["body"] = html_rows(table.pop("rows"))
    return table


def stage_cells_of(rec: TournamentRecord, state: TournamentState, st: StageState) -> dict[str, Any]:
    """`stage_cells` made once per settled state and language (the standings page and the
    projector show the same cells; an entry at a table not yet settled changes none of
    them); not to be changed by the caller."""
    return settled_memo(rec, state, f"cells-{lang()}-{st.key}", lambda: stage_cells(state, st))


T = TypeVar("T")
ENTRY_STEPS = (TableEntered, TableConfirmed, RolloffEntered, RolloffConfirmed)
_SETTLED: Kept[tuple[int, str], tuple[tuple[Any, ...], Any]] = Kept(64)


def settled(state: TournamentState) -> tuple[Any, ...]:
    """What a group tournament's standings follow from, compared by value: its rules and
    players, every fact but the entries and confirmations at the tables (the results and
    roll-offs they settle are in each stage's own)."""
    tour = state.tournament
    return (
        tour.ruleset, tuple(tour.players),
        tuple(f for f in tour.facts if not isinstance(f, ENTRY_STEPS)),
        tuple((st.key, tuple(st.results.items()), tuple(st.rolloffs.items()))
              for st in state.stages),
    )  # fmt: skip


def settled_memo(rec: TournamentRecord, state: TournamentState, what: str,
                 make: Callable[[], T]) -> T:  # fmt: skip
    """What `make` gives, made again only when the settled state changed (not for an entry
    at a table that waits for its confirmation); not to be changed by the caller."""
    key, mark = (rec.pk, what), settled(state)
    kept = _SETTLED.peek(key)
    if kept is not None and kept[0] == mark:
        found: T = kept[1]
        return found
    value = make()
    _SETTLED.put(key, (mark, value))
    return value


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
    language = lang()
    decided = deciders(st, standing)
    numbers: dict[Num | None, str] = {None: ""}  # made once for the rows: a number's text
    waits = st.behind()
    rolling = {p for need in st.rolloff_needs(cut) if not need.done for p in need.players}
    open_ = translated(msg("result open"))
    for row in standing.rows:  # by its exact value
        name = translated(marked_name(state, row.player))
        waits_now = row.player in waits
        cells: list[Cell] = [(row.rank, "n"), (name, "waits" if waits_now else "")]
        if several:
            cells.append((st.table_of(row.player) or "", "n narrow-hide"))  # not on a phone
        for v in row.values[: len(shown)]:
            if v is not None and v not in numbers:
                numbers[v] = display(v, language)
            cells.append((numbers[v], "n"))
        if row.pending or row.player in rolling:
            cells.append((roll, "bad"))
        else:
            cells.append((open_, "waits") if waits_now else (decided[row.player], ""))
        if cut is not None and row.player in st.skipped:  # withdrew in this stage
            cells.append((translated(msg("withdrawn")), "bad"))
        elif cut is not None:
            cells.append((on, "ok") if row.player in goes_on else (out, "muted"))
        rows.append(cells)
    columns = [translated(criterion_label(c, st.rule)) for c in shown]
    heads = zip(columns, shown, strict=True)
    return {  # heads: each column's label, and whether it is a key column (in view on a phone)
        "title": translated(st.title()),
        "final": final,
        "columns": columns,
        "heads": [(label, c is first or c.key == "points") for label, c in heads],
        "rows": rows,
        "cut": cut,
        "several": several,
        "ranking": " → ".join(translated(criterion_label(c, st.rule)) for c in st.rule.ranking),
        "empty": not st.results,  # no ranks, no roll-offs before the first result
        "waiting": len(waits),
    }


def deciders(st: StageState, standing: Any) -> dict[str, str]:
    """Which tie-break decided each player's rank in a stage's standing, in the active
    language ("" where the first criterion did, or nothing had to)."""
    shown = [c for c in standing.criteria if not c.orders]
    labels: dict[Criterion | None, str] = {None: "", (shown[0] if shown else None): ""}
    out = {}
    for row in standing.rows:
        by = row.decided_by
        if by not in labels:  # each label made once for the rows
            labels[by] = translated(criterion_label(by, st.rule))
        out[row.player] = labels[by]
    return out


def ranking_deciders(state: TournamentState) -> list[str]:
    """For each place of the overall ranking (formats A–C), the tie-break that decided the
    player's rank in the stage they reached (as the standings page says it)."""
    by_stage = {st.key: deciders(st, st.standing(state.cut(st))) for st in state.stages}
    return [by_stage[r.stage].get(r.player, "") for r in state.overall()]


RANKED = (Column("place", msg("Place"), "n key", "n"), Column("name", msg("Player"), "key", "name"))


def ranking_data(rec: TournamentRecord) -> dict[str, Any]:
    """The overall ranking in the active language: its title, rows, and format D's prizes,
    Schock-Aus-König and money."""
    face = FACE.of(rec.family)
    context = dict(face.ranking(rec))  # a copy: the title and the columns are added
    context["columns"] = [
        {"key": c.key, "label": translated(c.label), "head": c.head, "cell": c.cell}
        for c in (*RANKED, *face.columns)
    ]
    context["title"] = (
        translated(msg("Final ranking"))
        if context["finished"]
        else translated(msg("Overall ranking (provisional)"))
    )
    return context
