"""The projector (Beamer): a full-screen page that rotates through a tournament's slides by
itself, and the slides alone, which it fetches again whenever the tournament changes.

The slides hold nothing of the moment they are asked for: they say when they were made
(`made_at`, the server's epoch seconds, with the seconds each table clock had run then), and
the page adds the time since from the server's clock (the answer's Date header), so one copy
per state and language serves every projector."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tafelrunde.engine.clock import seconds
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.domain.store import latest
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.shared import shared_page
from tafelrunde.web.core.templatetags.tafel import lang
from tafelrunde.web.live.projector_choice import Choice, choice_of
from tafelrunde.web.live.slide import section
from tafelrunde.web.live.slides import slides_of


@dataclass(frozen=True)
class Slides:
    """The slides as HTML, how many there are, and when they were made (epoch seconds)."""

    html: SafeString
    count: int
    made_at: int


def slide_list(rec: TournamentRecord, choice: Choice) -> Slides:
    """The slides, made once per state, choice and language and shared by every projector
    (format D's clocks run on in the page from `made_at`)."""

    def make(now: TournamentRecord) -> Slides:
        at = timezone.localtime().replace(microsecond=0)  # one reading for clocks and mark
        slides = slides_of(now, choice, seconds(at.isoformat()))
        sections = [section(s, k == 0) for k, s in enumerate(slides)]
        html = render_to_string("live/slide_list.html", {"sections": sections, "rec": now})
        return Slides(mark_safe(html), len(slides), int(at.timestamp()))  # escaped in templates

    return latest(rec, f"projector:{lang()}:{choice}", make)


def shown(rec: TournamentRecord) -> dict[str, Any]:
    """What the slides need: the slides, the organisers' choice, when they were made."""
    choice = choice_of(rec)
    made = slide_list(rec, choice)
    return {"rec": rec, "slides": made.html, "count": made.count, "choice": choice,
            "made_at": made.made_at}  # fmt: skip


@require_safe
@shared_page
@never_cache
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector page: full screen, no navigation, rotating by itself; one copy per state
    and language. It holds nothing of the moment: its first fetch of the slides tells it the
    server's time (the corner clock shows the organisers' time, in the server's zone)."""
    context = shown(record_of(pk)) | {"time_zone": settings.TIME_ZONE}
    return render(request, "live/projector.html", context)


@require_safe
@shared_page
@never_cache
def slides(request: HttpRequest, pk: int) -> HttpResponse:
    """Only the slides (with the choice as data), for the projector page to swap in; one
    copy per state and language for every projector."""
    return render(request, "live/projector_slides.html", shown(record_of(pk)))
