"""A format family's own pages, at one address for every family: /turniere/<pk>/seite/<slug>/."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse

from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.faces import face_of


def family_page(request: HttpRequest, pk: int, page: str) -> HttpResponse:
    """Show a page the tournament's family has as its own (404: no such page)."""
    rec = record_of(pk)
    view = face_of(rec).views.get(page)
    if view is None:
        raise Http404(page)
    return view(request, rec)
