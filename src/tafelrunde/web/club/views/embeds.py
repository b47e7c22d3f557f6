"""Small pages for the club's website, without the app's frame: the next dates, a tournament's
standings and ranking (updating themselves like the projector), a season table. Shown in
frames of the websites the organisers list (see `core/embedding.py`)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.db.models import F, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from tafelrunde.web.club.club_mark import club_mark
from tafelrunde.web.club.family_parts import CLUB
from tafelrunde.web.club.models import Season
from tafelrunde.web.club.season_evenings import season_view
from tafelrunde.web.club.views.seasons import _context as season_context
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.embedding import embeddable
from tafelrunde.web.core.models import Event
from tafelrunde.web.core.pages import ranking_data
from tafelrunde.web.core.shared import shared, shared_page

NEXT_DATES = 8
NO_KEY = 'data-live-key=""'


KEY = re.compile(r"[0-9a-f]{24}")


def _shown(request: HttpRequest, template: str, context: dict[str, Any], full: str) -> HttpResponse:
    """An embed's page: its content, and a link to the full page (in a new tab). It names
    a digest of itself (data-live-key), which `unchanged` compares."""
    context |= {"full": request.build_absolute_uri(full), "quiet": settings.EMBED_POLL}
    made = render_to_string(template, context, request)
    key = hashlib.sha256(made.encode()).hexdigest()[:24]
    return HttpResponse(made.replace(NO_KEY, f'data-live-key="{key}"', 1))


def unchanged(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Answer "204 No Content" to a page that asks with the digest it shows, while the page
    (made now, or kept for every visitor) still names that digest."""

    @wraps(view)
    def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        seen = request.headers.get("X-Tafelrunde-Seen", "")
        same = KEY.fullmatch(seen) and f'data-live-key="{seen}"'.encode() in response.content
        return HttpResponse(status=204) if response.status_code == 200 and same else response

    return answer


def embed(
    sharing: Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]] | None = None,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """An embed's view: GET only, framed by the listed websites, "204" while unchanged, and
    (with `sharing`) made once per state for every visitor."""

    def wrap(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        return require_safe(embeddable(unchanged(sharing(view) if sharing else view)))

    return wrap


@embed()
def dates(request: HttpRequest) -> HttpResponse:
    """The next dates of the club (today's included), those not fixed yet last."""
    today = timezone.localdate()
    found = Event.objects.filter(Q(date__gte=today) | Q(date=None)).order_by(
        F("date").asc(nulls_last=True), "name"
    )[:NEXT_DATES]
    context = {"events": found, "soon": today + timedelta(days=7)}
    return _shown(request, "club/embed_dates.html", context, reverse("home"))


@embed(shared_page)
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament's standings, live."""
    rec = record_of(pk)
    context = {"rec": rec} | CLUB.of(rec.family).standing(rec)
    return _shown(request, "club/embed_standings.html", context, reverse("tournament", args=[pk]))


@embed(shared_page)
def ranking(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament's overall ranking (final once over), live."""
    rec = record_of(pk)
    context = {"rec": rec, "ranking": ranking_data(rec)}
    return _shown(request, "club/embed_standings.html", context, reverse("ranking", args=[pk]))


@embed(shared(club_mark))
def season(request: HttpRequest, pk: int) -> HttpResponse:
    """A season's table."""
    view = season_view(get_object_or_404(Season, pk=pk))
    context = season_context(view)
    return _shown(request, "club/embed_season.html", context, reverse("season", args=[pk]))
