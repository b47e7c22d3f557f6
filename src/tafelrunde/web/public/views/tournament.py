"""A tournament's public pages: overview, log, and the downloads (file, ranking)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import get_language, gettext

from tafelrunde.engine.export import csv_file, ranking_sheet, sheet_row
from tafelrunde.engine.tournament_file import dumps_any, to_data
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.domain.privacy import shown_author, without_names
from tafelrunde.web.core.domain.store import engine_tournament, memo, read_only
from tafelrunde.web.core.faces import face_of
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.pages import drawn, step_link
from tafelrunde.web.core.roles import is_organiser, is_staff
from tafelrunde.web.core.shared import number, shared_page
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.public.family_parts import PUBLIC


@shared_page
def overview(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament at a glance: what is next, and where to go."""
    rec = record_of(pk)
    tour, state = read_only(rec)
    found = PUBLIC.of(rec.family).steps(rec) if is_staff(request.user) else []  # shown to staff
    everything, face = is_organiser(request.user), face_of(rec)
    steps = [
        (translated(s.text), step_link(face, rec.pk, s) if everything or referee_step(s) else "")
        for s in found
    ]
    context = {"steps": steps, "tour": tour, "drawn": drawn(state), "finished": state.finished}
    return page(request, rec, "public/overview.html", context)


@shared_page(fronted=False)
def export_json(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the tournament file (JSON) to continue elsewhere or keep."""
    rec = record_of(pk)
    tour = engine_tournament(rec, with_log=True)
    if request.user.is_authenticated:
        text = dumps_any(tour)
    else:  # the public learns the role of who entered what, not a login name
        data = without_names(to_data(tour), role())
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="turnier-{rec.pk}.json"'
    return response


def final_table(rec: Any) -> tuple[list[str], list[list[Any]]] | None:
    """The final ranking in the reader's language: headers and rows, made from the state the
    pages keep and kept per revision; None while the tournament is not over."""
    tour, state = read_only(rec)
    if not state.finished:
        return None

    def made() -> tuple[list[str], list[list[Any]]]:
        head, rows = ranking_sheet(tour, state)
        cells = [[v if v is None or isinstance(v, int | Decimal) else translated(v) for v in row]
                 for row in rows]  # fmt: skip
        return [translated(h) for h in head], cells

    return memo(rec, f"final-table-{get_language()}", made)


def _download(request: HttpRequest, rec: Any, kind: str, make: Callable[..., bytes]
              ) -> HttpResponse:  # fmt: skip
    """The final ranking as a file (kept per revision and language), or back to the ranking
    page saying why there is none yet."""
    table = final_table(rec)
    if table is None:
        messages.error(request, translated(NOT_OVER))
        return redirect("ranking", rec.pk)
    data = memo(rec, f"endstand.{kind}-{get_language()}", lambda: make(*table))
    response = HttpResponse(data, content_type=FILE_TYPES[kind])
    response["Content-Disposition"] = f'attachment; filename="endstand-{rec.pk}.{kind}"'
    return response


NOT_OVER = msg("The tournament is not over; there is no final ranking yet.")
FILE_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


@shared_page(fronted=False)
def export_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the final ranking as CSV (headers in the reader's language); before the end,
    say why there is none."""
    return _download(request, record_of(pk), "csv", ranking_csv)


@shared_page(fronted=False)
def export_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the final ranking as an Excel file, the same content as the CSV."""
    return _download(request, record_of(pk), "xlsx", ranking_workbook)


def ranking_csv(head: list[str], rows: list[list[Any]]) -> bytes:
    """The final ranking as CSV in the reader's language."""
    return csv_file([head, *rows], get_language())


LOG_PAGE = 200  # lines of the log, and entries of the file, per page


@shared_page(query={"seite": number, "eintraege": number})
def log(request: HttpRequest, pk: int) -> HttpResponse:
    """The audit log: who did what, when; and every fact with its number (newest first, paged)."""
    rec = record_of(pk)
    entries = Paginator(rec.audit.select_related("user").all(), LOG_PAGE).get_page(
        request.GET.get("seite")
    )
    facts = Paginator(rec.facts.select_related("user").order_by("-n"), LOG_PAGE).get_page(
        request.GET.get("eintraege")
    )
    tour = read_only(rec)[0]
    family = PUBLIC.of(rec.family)
    in_words, undone, at_tables = family.words(rec), family.undone(rec), family.at_tables(rec)
    by_number = {fact.n for fact in tour.facts}
    organiser, who = request.user.is_authenticated, role()
    for e in entries:
        at_table = e.user is None and e.fact is not None and e.fact in at_tables
        e.shown = shown_author(  # type: ignore[attr-defined]  # read by the template
            e.who, who, organiser=organiser or at_table
        )
    rows = [
        {"n": f.n, "at": f.stored_at, "undone": f.n in undone,
         "data": json.dumps(f.data if organiser else without_names({"facts": [f.data]}, who)
                            ["facts"][0], ensure_ascii=False),
         "who": shown_author(f.user.get_username() if f.user else f.data.get("by", ""), who,
                             organiser=organiser or f.n in at_tables),
         "words": in_words(f.n) if f.n in by_number else ""}
        for f in facts
    ]  # fmt: skip
    context = {"entries": entries, "facts": rows, "facts_page": facts}
    return page(request, rec, "public/log.html", context)


# the next steps a referee does (or reads): results, roll-offs, tables playing, the end
REFEREE_STEPS = {
    "result",
    "result_disputed",
    "rolloff",
    "rolloff_disputed",
    "herzog",
    "play_table",
    "wait_for_table",
    "finished",
}


def referee_step(step: Any) -> bool:
    """Say whether a referee can do this next step (else the organisers do it)."""
    return str(step.kind) in REFEREE_STEPS


def ranking_workbook(head: list[str], rows: list[list[Any]]) -> bytes:
    """An Excel workbook of one sheet; texts neutralised like CSV cells (no formulas)."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = gettext("Final ranking")[:31]
    for row in [head, *rows]:
        sheet.append(sheet_row(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def role() -> str:
    """The role the public sees instead of an organiser's login name."""
    return gettext("Organisers")
