"""The organisers' side of the tables (every family): the results board, where disputed tables
are decided and entries confirmed, and the table links with their QR codes."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import MAX_FACT_NUMBER, whole_number
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import audit, organiser, record_of, staff, text_of
from tafelrunde.web.core.faces import face_of
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import link_base, qr_svg
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.family_parts import ORGA, Rows
from tafelrunde.web.orga.views.board_rolloffs import csrf_field
from tafelrunde.web.table import bindings
from tafelrunde.web.table.links import addresses, renew

COUNTED = (
    ("disputed", msg("disputed")),
    ("entered", msg("entered")),
    ("open", msg("open")),
    ("confirmed", msg("confirmed")),
)


def _flat(rec: TournamentRecord) -> Rows:
    """The board's rows of the tournament's family, the counts, and the word for a game."""
    return ORGA.of(rec.family).rows(rec)


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
        ORGA.of(rec.family).settle(request, rec, where, (entry, basis), decide)
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


@staff
def links(request: HttpRequest, pk: int) -> HttpResponse:
    """The links of every table of the current game, with large QR codes to scan."""
    rec = record_of(pk)
    shown, _, word = _flat(rec)
    shown += ORGA.of(rec.family).free(rec)
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
