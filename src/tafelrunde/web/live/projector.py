"""The projector (Beamer): a full-screen page that rotates through a tournament's slides by
itself, and the slides alone, which it fetches again whenever the tournament changes."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tafelrunde.engine.knockout.clock import seconds
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.domain.store import latest
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import lang
from tafelrunde.web.live.projector_choice import Choice, choice_of
from tafelrunde.web.live.slide import section
from tafelrunde.web.live.slides import slides_of


def slide_list(rec: TournamentRecord, choice: Choice) -> tuple[str, int]:
    """The slides as HTML and how many there are; formats A–C made once per state and
    language and shared by every projector (format D's clocks run: made each time)."""

    def make(now: TournamentRecord) -> tuple[str, int]:
        slides = slides_of(now, choice, seconds(stamp()))
        sections = [section(s, k == 0) for k, s in enumerate(slides)]
        html = render_to_string("live/slide_list.html", {"sections": sections, "rec": now})
        return html, len(slides)

    if rec.family.running_clocks:  # made fresh: its clocks run
        return make(rec)
    return latest(rec, f"projector:{lang()}:{choice}", make)


def shown(rec: TournamentRecord) -> dict[str, Any]:
    """What the page needs: the slides now, the organisers' choice, and the time of day."""
    choice = choice_of(rec)
    html, count = slide_list(rec, choice)
    now = timezone.localtime()
    return {
        "rec": rec,
        "slides": mark_safe(html),  # rendered from templates: escaped there
        "count": count,
        "choice": choice,
        "clock": now.strftime("%H:%M"),
        "day_seconds": now.hour * 3600 + now.minute * 60 + now.second,
    }


@require_safe
@never_cache
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector page: full screen, no navigation, rotating by itself."""
    return render(request, "live/projector.html", shown(record_of(pk)))


@require_safe
@never_cache
def slides(request: HttpRequest, pk: int) -> HttpResponse:
    """Only the slides (with the choice as data), for the projector page to swap in."""
    return render(request, "live/projector_slides.html", shown(record_of(pk)))
