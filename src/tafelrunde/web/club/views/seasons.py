"""The season pages: the list, a season's table (page, CSV, Excel, print), and the organisers'
form to make, change and delete a season."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.season import season_rules_from_dict
from tafelrunde.i18n import msg
from tafelrunde.web.club.club_mark import club_mark, printed_mark
from tafelrunde.web.club.forms_season import KEEP, SeasonForm
from tafelrunde.web.club.models import Season, SeasonChoice
from tafelrunde.web.club.season_evenings import SeasonView, season_view
from tafelrunde.web.club.season_pick import Candidate, candidates
from tafelrunde.web.club.season_show import (
    rules_words,
    season_csv,
    season_span,
    season_xlsx,
    shown_rows,
)
from tafelrunde.web.core.common import audit, organiser
from tafelrunde.web.core.roles import is_organiser
from tafelrunde.web.core.shared import shared
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.look_store import look_context

PICKS = ("", "in", "out")  # by range and kind, added by hand, left out by hand


@shared(club_mark)
def seasons(request: HttpRequest) -> HttpResponse:
    """Every season (public); organisers may make a new one."""
    return render(request, "club/seasons.html", {"seasons": Season.objects.all()})


def _context(view: SeasonView) -> dict[str, Any]:
    """What the season page and its print show."""
    table = view.table
    context: dict[str, Any] = {"season": view.season, "view": view}
    if table is not None:
        context["rows"] = shown_rows(table)
        context["evenings"] = [(e, view.tournaments[e.id]) for e in table.evenings]
        context["words"] = rules_words(table.rules)
        context["wide"] = len(table.evenings) > 6
    return context


@shared(club_mark)
def season(request: HttpRequest, pk: int) -> HttpResponse:
    """A season's table with the rules in words (public)."""
    view = season_view(get_object_or_404(Season, pk=pk))
    return render(request, "club/season.html", _context(view))


@shared(printed_mark)
def season_print(request: HttpRequest, pk: int) -> HttpResponse:
    """A season's table to print (A4, landscape when wide)."""
    view = season_view(get_object_or_404(Season, pk=pk))
    context = _context(view)
    days = [e.date for e in view.table.evenings] if view.table is not None else []
    context["span"] = season_span(view.season.date_from, view.season.date_to, days)
    context["today"] = timezone.localdate()
    title = translated(msg("Season table"))
    error = translated(view.refusal) if view.refusal is not None else ""
    part = {"template": "club/season_print.html", "context": context}
    return render(request, "paper/page.html", {
        "title": title, "rec": {"name": view.season.name}, "parts": [part], "error": error,
        "back": reverse("season", args=[pk]), "back_label": view.season.name,
        "look": look_context(),
    })  # fmt: skip


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(request: HttpRequest, pk: int, suffix: str) -> HttpResponse:
    """The season table as a file (csv or xlsx), or the page saying why there is none."""
    view = season_view(get_object_or_404(Season, pk=pk))
    if view.table is None:
        return render(request, "club/season.html", _context(view), status=409)
    members = is_organiser(request.user)  # who is a guest: for the organisers only
    if suffix == "csv":
        data = season_csv(view.table, translation.get_language(), members=members)
        answer = HttpResponse(data, content_type="text/csv; charset=utf-8")
    else:
        data = season_xlsx(view.table, view.season.name, members=members)
        answer = HttpResponse(data, content_type=XLSX)
    answer["Content-Disposition"] = f'attachment; filename="saison-{pk}.{suffix}"'
    return answer


@shared(club_mark)
def season_export_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The season table as CSV."""
    return _download(request, pk, "csv")


@shared(club_mark)
def season_export_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    """The season table as an Excel file."""
    return _download(request, pk, "xlsx")


@organiser
def season_new(request: HttpRequest) -> HttpResponse:
    """Make a season."""
    return _form(request, Season(name="", rules={}, event_kinds=[]))


@organiser
def season_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Change a season: name, ruleset, range, kinds, tournaments by hand."""
    return _form(request, get_object_or_404(Season, pk=pk))


def _rules_name(season_: Season) -> str:
    """The name of the season's ruleset ('' for a new season)."""
    try:
        return season_rules_from_dict(season_.rules).name if season_.pk else ""
    except RuleError:
        return "?"


def _form(request: HttpRequest, season_: Season) -> HttpResponse:
    """The season form: shown, refused at its fields (nothing stored), or stored."""
    keep = _rules_name(season_)
    kinds = list(season_.event_kinds or [])
    if request.method != "POST":
        initial = {"name": season_.name, "date_from": season_.date_from,
                   "date_to": season_.date_to, "kinds": kinds,
                   "preset": KEEP if keep else "summe"}  # fmt: skip
        form = SeasonForm(initial=initial, keep=keep, extra_kinds=kinds)
        return _shown(request, form, season_, {})
    form = SeasonForm(request.POST, request.FILES, keep=keep, extra_kinds=kinds)
    picks = {k[5:]: v for k, v in request.POST.items() if k.startswith("pick-") and v in PICKS}
    if not form.is_valid():
        return _shown(request, form, season_, picks, status=400)
    data = form.cleaned_data
    new = season_.pk is None
    with transaction.atomic():
        season_.name = data["name"].strip()
        if data["rules"] is not None:
            season_.rules = data["rules"].source or {}
        season_.date_from, season_.date_to = data["date_from"], data["date_to"]
        season_.event_kinds = list(data["kinds"])
        season_.save()
        _store_picks(season_, picks)
        name = season_.name
        said = (msg("Season added: {name}", name=name) if new
                else msg("Season changed: {name}", name=name))  # fmt: skip
        audit(request, None, said)
    messages.success(request, translated(msg("{name} saved.", name=season_.name)))
    return redirect("season", season_.pk)


def _store_picks(season_: Season, picks: dict[str, str]) -> None:
    """Keep the hand choices sent (for tournaments that exist)."""
    wanted = {int(k): v for k, v in picks.items() if k.isascii() and k.isdigit() and len(k) < 12}
    shown_ = {c.rec.pk for c in candidates(season_)}
    for pk, value in wanted.items():
        if pk not in shown_:
            continue
        if value == "":
            SeasonChoice.objects.filter(season=season_, tournament_id=pk).delete()
        else:
            SeasonChoice.objects.update_or_create(season=season_, tournament_id=pk,
                                                  defaults={"included": value == "in"})  # fmt: skip


def _shown(request: HttpRequest, form: SeasonForm, season_: Season, picks: dict[str, str],
           status: int = 200) -> HttpResponse:  # fmt: skip
    """Render the form with the tournaments to pick from."""
    rows: list[tuple[Candidate, str]] = []
    for c in candidates(season_):
        pick = "" if c.choice is None else ("in" if c.choice else "out")
        rows.append((c, picks.get(str(c.rec.pk), pick)))
    context = {"form": form, "season": season_ if season_.pk else None, "rows": rows}
    return render(request, "club/season_form.html", context, status=status)


@organiser
@require_POST
def season_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a season (its tournaments stay)."""
    season_ = get_object_or_404(Season, pk=pk)
    with transaction.atomic():
        audit(request, None, msg("Season deleted: {name}", name=season_.name))
        season_.delete()
    messages.success(request, translated(msg("Season deleted; its tournaments are kept.")))
    return redirect("seasons")
