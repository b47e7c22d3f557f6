"""The event stream as a Django view: one look, then the browser asks again (no ASGI server)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live.hub import Change
from tafelrunde.web.live.stream import RETRY_MS, REVISION, event


@require_GET
def stream_once(request: HttpRequest, pk: int) -> HttpResponse:
    """Send the change the page missed, if any, and end (served by uvicorn as a stream)."""
    row = TournamentRecord.objects.filter(pk=pk).values_list("revision", "version").first()
    if row is None:
        raise Http404
    given = request.headers.get("Last-Event-ID", "") or request.GET.get("rev", "")
    body = f"retry: {RETRY_MS * 3}\n\n".encode()
    if not REVISION.fullmatch(given) or given != row[0]:
        body += event(Change(pk, *row))
    response = HttpResponse(body, content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-cache, no-store"
    return response
