"""The organisers' side of the tables (formats A–C): the results board, where disputed tables
are decided and entries confirmed, and the table links with their QR codes."""

from __future__ import annotations

from typing import Any

import segno
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from tafelrunde.engine.actions import record
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import TableConfirmed, TableDecided
from tafelrunde.engine.limits import MAX_FACT_NUMBER, whole_number
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import Logged, append, group_state, read_only
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.views.common import audit, organiser, record_of, staff, text_of
from tafelrunde.web.core.views.frame import page, stamp
from tafelrunde.web.table.board import addresses, board, current_tables, link_base
from tafelrunde.web.table.links import renew
from tafelrunde.web.table.seat import rows_of, status_words

COUNTED = (
    ("disputed", msg("disputed")),
    ("entered", msg("entered")),
    ("open", msg("open")),
    ("confirmed", msg("confirmed")),
)


def _group(request: HttpRequest, pk: int) -> Any:
    """The tournament of a format A–C page (format D has its own tables page)."""
    rec = record_of(pk)
    return rec, (None if rec.format == "D" else read_only(rec))


@staff
def results_board(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table of the current game with its state; disputed tables first, counts on top."""
    rec, loaded = _group(request, pk)
    if loaded is None:
        return redirect("ko-tables", rec.pk)
    tour, state = loaded
    rows, counts = board(state)
    mode = tour.ruleset.confirmation
    shown = []
    for r in rows:
        said, _ = status_words(r.seat.status, mode)
        versions = [
            {"n": e.n, "by": tour.name_of(e.player), "rows": rows_of(tour, r.seat.view, e)}
            for e in r.seat.status.pending
        ]
        shown.append({"row": r, "said": translated(said), "versions": versions,
                      "names": r.seat.view.names, "stage": r.seat.st.key})  # fmt: skip
    context = {
        "rows": shown,
        "counts": [(translated(label), counts.get(k, 0), k) for k, label in COUNTED],
        "game_word": translated(state.current.rule.game_word()) if state.current else "",
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
    except RuleError as err:
        messages.error(request, text_of(err))
        return redirect("board", pk)
    decide = request.POST.get("action") == "decide"
    stage = request.POST.get("stage", "")[:100]
    by = request.user.get_username()

    def change(tour: Any) -> Any:
        state = group_state(tour)
        kind = TableDecided if decide else TableConfirmed
        fact = kind(n=0, stage=stage, game=game, table=table, entry=entry)
        return record(state, fact, at=stamp(), by=by)

    def log(done: Any) -> Logged:
        said = (
            msg("Decided: table {table}, game {game}", table=table, game=game)
            if decide
            else msg("Confirmed: table {table}, game {game}", table=table, game=game)
        )
        return Logged(said, fact=done.n)

    try:
        append(rec.pk, change, user=request.user, log=log)
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        messages.success(request, translated(msg("Table {table}: the result counts.", table=table)))
    return redirect("board", pk)


def qr_svg(address: str, title: str) -> str:
    """A QR code of an address as inline SVG (sized by the page)."""
    return segno.make(address, error="m").svg_inline(scale=4, omitsize=True, title=title)


@staff
def links(request: HttpRequest, pk: int) -> HttpResponse:
    """The links of every table of the current game, with large QR codes to scan."""
    rec, loaded = _group(request, pk)
    if loaded is None:
        return redirect("ko-tables", rec.pk)
    state = loaded[1]
    rows = current_tables(state)
    found = addresses(request, rec, rows)
    shown = []
    for r in rows:
        address = found[r.where]
        title = translated(msg("Table {table}", table=r.seat.index))
        shown.append({"row": r, "address": address, "qr": mark_safe(qr_svg(address, title)),
                      "names": r.seat.view.names})  # fmt: skip
    reachable = link_base(request)[1]
    word = translated(state.current.rule.game_word()) if state.current else ""
    context = {"rows": shown, "reachable": reachable, "game_word": word}
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
