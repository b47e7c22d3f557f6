"""The print pages: the menu of a tournament, each kind of page, and everything at once."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.common import record_of, staff, turned_away
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import link_base
from tafelrunde.web.core.roles import is_staff
from tafelrunde.web.core.shared import shared_page
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.kinds import BY_SLUG, EVERYTHING, kinds_for
from tafelrunde.web.paper.look_store import look_context, look_mark
from tafelrunde.web.paper.parts import Part, Refusal

BACK_MENU = msg("Back to the print menu")
BACK_TOURNAMENT = msg("Back to the tournament")
EVERYTHING_TITLE = msg("Everything for the current game or round")


def _sheet(request: HttpRequest, rec: TournamentRecord, title: Message,
           make: list[Any], skip_blank: bool = False) -> HttpResponse:  # fmt: skip
    """A print document of the parts the makers give, or the refusal of an option in words;
    with `skip_blank`, parts with nothing to print are left out (all blank: the first says why)."""
    parts: list[Part] = []
    error = ""
    try:
        for m in make:
            parts += m(request, rec)
    except Refusal as refusal:
        error = translated(refusal.said)
    if skip_blank:
        parts = [p for p in parts if not p.blank] or parts[:1]
    staffed = is_staff(request.user)
    context = {
        "rec": rec, "title": translated(title), "parts": parts, "error": error,
        "look": look_context(),
        "back": reverse("print-menu" if staffed else "tournament", args=[rec.pk]),
        "back_label": translated(BACK_MENU if staffed else BACK_TOURNAMENT),
    }  # fmt: skip
    return render(request, "paper/page.html", context, status=400 if error else 200)


@require_safe
@shared_page(extra=look_mark)
def printed(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """One kind of print page of a tournament."""
    rec = record_of(pk)
    found = BY_SLUG.get(kind)
    if found is None or not found.fits(rec.family):
        raise Http404("no such print page")
    if found.staff_only:
        away = turned_away(request, is_staff)
        if away is not None:
            return away
    return _sheet(request, rec, found.name, [found.make])


@require_safe
@staff
def everything(request: HttpRequest, pk: int) -> HttpResponse:
    """Everything for the current game or round in one go: cards, score sheets, who sits where."""
    rec = record_of(pk)
    makers = [BY_SLUG[s].make for s in EVERYTHING if s in BY_SLUG and BY_SLUG[s].fits(rec.family)]
    return _sheet(request, rec, EVERYTHING_TITLE, makers, skip_blank=True)


@require_safe
@staff
def menu(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament's print menu: every print page with what it is for, and its options."""
    rec = record_of(pk)
    kinds = [
        {"slug": k.slug, "name": translated(k.name), "about": translated(k.about),
         "url": reverse("print", args=[rec.pk, k.slug])}
        for k in kinds_for(rec.family)
    ]  # fmt: skip
    context = {"kinds": kinds, "look": look_context(), "reachable": link_base(request)[1]}
    return page(request, rec, "paper/menu.html", context)
