"""Standings of every stage with who advances and why; the overall ranking and prizes."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from tafelrunde.engine.families import GROUP
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.faces import part_of
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.pages import ranking_data, stage_tables
from tafelrunde.web.core.shared import shared_page


@shared_page
@part_of(GROUP, "standings")
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Every stage's standing, the running one first."""
    rec = record_of(pk)
    state = read_only(rec)[1]
    return page(request, rec, "public/standings.html", {"stages": stage_tables(rec, state)})


@shared_page
def ranking(request: HttpRequest, pk: int) -> HttpResponse:
    """The overall ranking (final once over) and the prize list."""
    rec = record_of(pk)
    return page(request, rec, "public/ranking.html", ranking_data(rec))
