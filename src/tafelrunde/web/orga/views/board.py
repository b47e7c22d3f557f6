"""The organisers' side of the tables (every family): the results board, where disputed tables
are decided and entries confirmed, and the table links with their QR codes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from tafelrunde.engine import entries
from tafelrunde.engine.entries import Spot
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.table_entry import confirm_loser, decide_loser
from tafelrunde.engine.limits import MAX_FACT_NUMBER, whole_number
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.common import audit, organiser, record_of, staff, text_of
from tafelrunde.web.core.domain.knockout import enter
from tafelrunde.web.core.domain.store import Logged, append, group_state, read_only
from tafelrunde.web.core.faces import face_of
from tafelrunde.web.core.frame import page, stamp
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.views.board_rolloffs import boxes, csrf_field
from tafelrunde.web.table import bindings, ko_board
from tafelrunde.web.table.board import addresses, board, link_base, qr_svg
from tafelrunde.web.table.links import renew
from tafelrunde.web.table.seat import rolloffs_by_table, rows_of, status_words

COUNTED = (
    ("disputed", msg("disputed")),
    ("entered", msg("entered")),
    ("open", msg("open")),
    ("confirmed", msg("confirmed")),
)


Rows = tuple[list[dict[str, Any]], Counter[str], str]


def _knockout_rows(rec: Any, tour: Any, state: KnockoutState) -> Rows:
    """A knockout's open tables as board rows, the counts, and the word for a game."""
    found, counts = ko_board.rows(state)
    fix = reverse("ko-tables", args=[rec.pk])
    for r in found:
        r |= {"fix": f"{fix}#table-{r['key']}", "fix_label": msg("Enter the loser yourself")}
    return found, counts, translated(msg("game"))


def _group_rows(rec: Any, tour: Any, state: Any) -> Rows:
    """The current game's tables of a group format as board rows, the counts, the game's word."""
    rows, counts = board(state)
    fix = reverse("tables", args=[rec.pk])
    mode = tour.ruleset.confirmation
    rolloffs = rolloffs_by_table(state, {r.seat.index: r.seat.game for r in rows})
    shown = []
    for r in rows:
        seat = r.seat
        disputed = boxes(tour, state, r.rolloffs, seat.game)
        playing = {d["names"] for d in disputed}
        shown.append({
            "where": r.where, "table": seat.index, "game": seat.game, "key": seat.index,
            "status": r.status, "table_status": seat.status.status,
            "said": translated(status_words(seat.status, mode)[0]),
            "stage": seat.st.key, "names": seat.view.names, "disputed_rolloffs": disputed,
            "rolloffs": [line for line, who in rolloffs.get(seat.index, []) if who not in playing],
            "versions": [{"n": e.n, "by": tour.name_of(e.player),
                          "rows": rows_of(tour, seat.view, e)} for e in seat.status.pending],
            "settled": seat.status.result is not None, "by_staff": seat.status.by_staff,
            "mark": seat.mark,
            "fix": f"{fix}?partie={seat.game}&tisch={seat.index}",
            "fix_label": msg("Correct on the tables page") if seat.status.result is not None
            else msg("Enter the result yourself"),
        })  # fmt: skip
    word = translated(state.current.rule.game_word()) if state.current else ""
    return shown, counts, word


ROWS: dict[str, Callable[[Any, Any, Any], Rows]] = {  # each family's rows, by its key
    GROUP.key: _group_rows,
    KNOCKOUT.key: _knockout_rows,
}
FREE: dict[str, Callable[[Any], list[dict[str, Any]]]] = {  # the links of tables not in play
    GROUP.key: lambda _state: [],  # a table of formats A–C is drawn with its game
    KNOCKOUT.key: ko_board.free_rows,  # format D: the hall's free tables, printed ahead
}


def _flat(rec: Any) -> Rows:
    """The board's rows of the tournament's family, the counts, and the word for a game."""
    return ROWS[rec.family.key](rec, *read_only(rec))


@staff
def results_board(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table of the current game with its state; disputed tables first, counts on top."""
    rec = record_of(pk)
    shown, counts, word = _flat(rec)
    context = {
        "rows": shown,
        "counts": [(translated(label), counts.get(k, 0), k) for k, label in COUNTED],
        "game_word": word,
        "every_open_table": rec.family.waits,
        "tables_page": face_of(rec).parts["tables"],
        "asks": len(bindings.asked(rec)),
        "csrf": csrf_field(request),
    }
    return page(request, rec, "orga/board.html", context)


@staff
@require_POST
def settle(request: HttpRequest, pk: int) -> HttpResponse:
    """Confirm a table's entry, or decide which version of a disputed table counts."""
    rec = record_of(pk)
    try:
        game, table, entry = (
            whole_number(request.POST.get(k, ""), field=k, low=1, high=MAX_FACT_NUMBER)
            for k in ("game", "table", "entry")
        )
        basis = _basis(request)
    except RuleError as err:
        messages.error(request, text_of(err))
        return redirect("board", pk)
    decide = request.POST.get("action") == "decide"
    try:
        where = (request.POST.get("stage", "")[:100], game, table)
        SETTLE[rec.family.key](request, rec, where, (entry, basis), decide)
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        messages.success(request, translated(msg("The result counts.")))
    return redirect("board", pk)


def _basis(request: HttpRequest) -> int | None:
    """The table's latest fact the board showed (None: a form without it)."""
    text = request.POST.get("basis")
    if text is None:
        return None
    return whole_number(text, field="basis", low=0, high=MAX_FACT_NUMBER)


def _settle_group(
    request: HttpRequest,
    rec: Any,
    where: tuple[str, int, int],
    word: tuple[int, int | None],
    decide: bool,
) -> None:
    """Record the staff's word on a format A–C table (`word`: the entry and the table's
    latest fact the board showed)."""
    stage, game, table = where
    entry, basis = word
    by = request.user.get_username()

    words: dict[str, Message] = {}

    def change(tour: Any) -> Any:
        state = group_state(tour)
        words["word"] = state.stage(stage).rule.game_word()
        spot = Spot(stage, game, table)
        return entries.settle_by_staff(
            state, spot, entry, decide=decide, basis=basis, at=stamp(), by=by
        )

    def log(done: Any) -> Logged:
        where = {"table": table, "game": game, "word": words["word"]}
        said = (
            msg("Decided: table {table}, {word} {game}", **where)
            if decide
            else msg("Confirmed: table {table}, {word} {game}", **where)
        )
        return Logged(said, fact=done.n)

    append(rec.pk, change, user=request.user, log=log)


def _settle_knockout(
    request: HttpRequest,
    rec: Any,
    where: tuple[str, int, int],
    word: tuple[int, int | None],
    decide: bool,
) -> None:
    """Record the staff's word on a format-D table's current game (`table`: its opening;
    `word`: the entry and the game's latest fact the board showed)."""
    _, game, table = where
    entry, basis = word

    def build(_tour: Any, state: KnockoutState) -> list[Any]:
        if decide:
            return [decide_loser(state, table, entry, game=game, basis=basis)]
        return [confirm_loser(state, table, entry, game=game, basis=basis)]

    enter(rec.pk, build, expected=None, user=request.user, at=stamp())


# how the staff's word is recorded for each family, by its key
Settle = Callable[[HttpRequest, Any, tuple[str, int, int], tuple[int, int | None], bool], None]
SETTLE: dict[str, Settle] = {
    GROUP.key: _settle_group,
    KNOCKOUT.key: _settle_knockout,
}


@staff
def links(request: HttpRequest, pk: int) -> HttpResponse:
    """The links of every table of the current game, with large QR codes to scan."""
    rec = record_of(pk)
    shown, _, word = _flat(rec)
    shown += FREE[rec.family.key](read_only(rec)[1])
    found = addresses(request, rec, [r["where"] for r in shown])
    shown.sort(key=lambda r: (r["game"], r["table"]))
    for r in shown:
        address = found[r["where"]]
        title = translated(msg("Table {table}", table=r["table"]))
        r |= {"address": address, "qr": mark_safe(qr_svg(address, title))}
    context = {"rows": shown, "reachable": link_base(request)[1], "game_word": word}
    return page(request, rec, "orga/table_links.html", context)


@organiser
@require_POST
def renew_links(request: HttpRequest, pk: int) -> HttpResponse:
    """Make every table link of the tournament stop working; new ones are shown at once."""
    rec = record_of(pk)
    count = renew(rec)
    audit(request, rec, msg("Table links renewed ({count} old ones stop working)", count=count))
    messages.success(request, translated(msg("New table links made; the old ones stop working.")))
    return redirect("table-links", pk)
