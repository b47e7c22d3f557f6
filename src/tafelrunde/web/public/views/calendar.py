"""The club's dates to subscribe to: `/termine.ics` and one feed per event kind."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from tafelrunde.i18n import msg
from tafelrunde.web.core.conditional import fresh
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.public.ical import Made, kept_feed, kinds

MAX_SLUG = 80  # a longer address names no kind


def _answer(request: HttpRequest, made: Made, name: str = "termine") -> HttpResponse:
    """A feed as calendars fetch it (an hour between fetches is plenty), from its kept bytes;
    304 to a calendar that has these bytes already (its If-None-Match names the ETag)."""
    answer = HttpResponse(made.body, content_type="text/calendar; charset=utf-8")
    answer["Content-Disposition"] = f'inline; filename="{name}.ics"'
    return fresh(request, answer, made.etag, max_age=300)


@require_safe
def all_dates(request: HttpRequest) -> HttpResponse:
    """Every dated event of the club."""
    home = request.build_absolute_uri(reverse("home"))
    return _answer(request, kept_feed(translated(msg("Club dates")), home))


@require_safe
def kind_dates(request: HttpRequest, slug: str) -> HttpResponse:
    """The dated events of one kind ("/termine/spieleabend.ics")."""
    kind = kinds().get(slug) if len(slug) <= MAX_SLUG else None
    if kind is None:
        raise Http404("no such kind of event")
    home = request.build_absolute_uri(reverse("home"))
    said = translated(msg("Club dates: {kind}", kind=kind))
    return _answer(request, kept_feed(said, home, slug), f"termine-{slug}")
