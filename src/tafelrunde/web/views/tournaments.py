"""A tournament's own pages: create, import, overview, rules, export, log, undo."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.export import final_ranking
from tafelrunde.engine.fact_words import describe
from tafelrunde.engine.facts import Undo
from tafelrunde.engine.knockout import KnockoutTournament, next_steps
from tafelrunde.engine.knockout import Undo as KnockoutUndo
from tafelrunde.engine.knockout.entry import roster
from tafelrunde.engine.knockout.rules_text import rule_lines
from tafelrunde.engine.knockout.views_data import describe as describe_knockout
from tafelrunde.engine.limits import (
    MAX_FILE_BYTES,
    MAX_LIST_BYTES,
    MAX_RULESET_BYTES,
    checked_size,
)
from tafelrunde.engine.progress import pending
from tafelrunde.engine.rules_text import stage_lines
from tafelrunde.engine.tournament_file import dumps_any, loads_any
from tafelrunde.web.domain import setup
from tafelrunde.web.domain.store import Logged, engine_tournament, read_only, save_new
from tafelrunde.web.forms import ImportForm, RulesForm, TournamentForm
from tafelrunde.web.models import Event, TournamentRecord
from tafelrunde.web.templatetags.tafel import lang
from tafelrunde.web.views.common import audit, organiser, record_of, refuse, say, text_of

RULES_FIXED = RuleError(
    "Nach der ersten Auslosung lassen sich die Regeln nicht mehr ändern.",
    "The rules cannot change after the first draw.",
    field="text",
)


def stamp() -> str:
    """The time of an entry, as stored with its facts."""
    return timezone.localtime().replace(microsecond=0).isoformat()


def upload_text(form: Any, name: str, limit: int) -> str | None:
    """The text of an uploaded file (UTF-8, at most `limit` bytes), or None; else refuse."""
    f = form.cleaned_data.get(name)
    if not f:
        return None
    checked_size(f.size, limit=limit, field=name)
    try:
        return str(f.read().decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise RuleError(
            "Die Datei ist kein UTF-8-Text.", "The file is not UTF-8 text.", field=name
        ) from None


def event_of(form: Any) -> Event | None:
    """The chosen event, if any."""
    pk = form.cleaned_data.get("event")
    return Event.objects.filter(pk=pk).first() if pk else None


def stored(
    request: HttpRequest,
    tour: Any,
    event: Event | None,
    de: tuple[str, str],
    en: tuple[str, str],
) -> HttpResponse:
    """Store a new or loaded tournament with its log line (text, message); open it."""
    rec = save_new(tour, event=event, user=request.user, log=Logged(de[0], en[0]))
    messages.success(request, say(de[1], en[1]))
    return redirect("tournament", rec.pk)


@organiser
def create(request: HttpRequest) -> HttpResponse:
    """Create a tournament from a preset or an uploaded ruleset, with its players."""
    initial = {"event": request.GET.get("event", ""), "preset": "gruppenmodus"}
    form = TournamentForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        initial=initial,
    )
    if request.method == "POST" and form.is_valid():
        try:
            rules = setup.choose_rules(
                form.cleaned_data["preset"], upload_text(form, "ruleset", MAX_RULESET_BYTES)
            )
            players = (
                upload_text(form, "players_file", MAX_LIST_BYTES) or form.cleaned_data["players"]
            )
            event = event_of(form)
            day = form.cleaned_data["day"] or (event.date if event else None)
            tour = setup.new_tournament(
                form.cleaned_data["name"].strip(),
                rules,
                players,
                day=day or timezone.localdate(),
                at=stamp(),
                by=request.user.get_username(),
            )
        except RuleError as err:
            refuse(form, err, {"file": "ruleset", "format": "preset"})
        else:
            name, kind = tour.name, "D" if isinstance(tour, KnockoutTournament) else rules.format
            return stored(
                request,
                tour,
                event,
                (f"Turnier „{name}“ (Format {kind}) angelegt", "Turnier angelegt."),
                (f"Tournament '{name}' (format {kind}) created", "Tournament created."),
            )
    return render(request, "web/tournament_form.html", {"form": form})


@organiser
def import_file(request: HttpRequest) -> HttpResponse:
    """Load a tournament file (JSON) to continue the tournament here."""
    form = ImportForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    if request.method == "POST" and form.is_valid():
        try:
            tour = loads_any(upload_text(form, "file", MAX_FILE_BYTES) or "", origin="Turnierdatei")
        except RuleError as err:
            refuse(form, RuleError(err.de, err.en, field="file"))
        else:
            n = len(tour.facts)
            return stored(
                request,
                tour,
                event_of(form),
                (f"Turnierdatei geladen ({n} Einträge)", "Turnierdatei geladen."),
                (f"Tournament file loaded ({n} entries)", "Tournament file loaded."),
            )
    return render(request, "web/import_form.html", {"form": form})


def tabs(rec: TournamentRecord) -> list[tuple[str, str]]:
    """The tabs of a tournament's pages: address name and label."""
    if rec.format == "D":
        pages = [
            ("tournament", say("Übersicht", "Overview")),
            ("ko-players", say("Anmeldung", "Registration")),
            ("ko-tables", say("Tische", "Tables")),
            ("ko-standings", say("Leben & Chips", "Lives & chips")),
        ]
    else:
        pages = [
            ("tournament", say("Übersicht", "Overview")),
            ("players", say("Spieler", "Players")),
            ("draw", say("Auslosung", "Draw")),
            ("tables", say("Tische & Ergebnisse", "Tables & results")),
            ("standings", say("Stand", "Standings")),
        ]
    return [
        *pages,
        ("ranking", say("Endstand & Preise", "Ranking & prizes")),
        ("rules", say("Regeln", "Rules")),
        ("log", say("Protokoll", "Log")),
    ]


def page(
    request: HttpRequest, rec: TournamentRecord, template: str, context: dict[str, Any]
) -> HttpResponse:
    """Render one of a tournament's pages with its tabs."""
    base = {
        "rec": rec,
        "tabs": tabs(rec),
        "here": request.resolver_match.url_name if request.resolver_match else "",
        "organiser": request.user.is_authenticated,
    }
    return render(request, template, base | context)


def overview(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament at a glance: what is next, and where to go."""
    rec = record_of(pk)
    tour, state = read_only(rec)
    if isinstance(tour, KnockoutTournament):
        steps = [say(s.de, s.en) for s in next_steps(state)]
    else:
        steps = [say(s.de, s.en) for s in pending(state)]
    return page(request, rec, "web/overview.html", {"steps": steps, "tour": tour})


def rules(request: HttpRequest, pk: int) -> HttpResponse:
    """Every parameter readably; the organiser may change them until the first draw."""
    rec = record_of(pk)
    fixed = setup.started(rec)
    initial = {"text": setup.rules_toml(rec), "version": rec.version}
    form = RulesForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return organiser(rules)(request, pk)
        if fixed:
            form.is_valid()
            form.add_error(
                None,
                say(
                    "Nach der ersten Auslosung lassen sich die Regeln nicht mehr ändern.",
                    "The rules cannot change after the first draw.",
                ),
            )
        elif form.is_valid():
            try:
                changed = change_rules(request, rec, form.cleaned_data)
            except RuleError as err:
                refuse(form, err, {"format": "text", "version": "__all__"})
            else:
                if changed:
                    messages.success(request, say("Regeln geändert.", "Rules changed."))
                return redirect("rules", rec.pk)
    tour = engine_tournament(rec)
    if isinstance(tour, KnockoutTournament):
        rows = [(de, v_de) if lang() == "de" else (en, v_en) for de, en, v_de, v_en in
                rule_lines(tour.rules)]  # fmt: skip
        stages: list[dict[str, Any]] = []
        title, note = tour.rules.name, ""
    else:
        rows = []
        stages = [
            {"title": r.title(lang()), "id": r.id, "lines": stage_lines(r, lang()), "note": r.note}
            for r in tour.ruleset.stages
        ]
        title = tour.ruleset.name if lang() == "de" else tour.ruleset.name_en or tour.ruleset.name
        note = tour.ruleset.description
    context = {"form": form, "fixed": fixed, "rows": rows, "stages": stages, "title": title}
    return page(request, rec, "web/rules.html", context | {"note": note})


def change_rules(request: HttpRequest, rec: TournamentRecord, data: dict[str, Any]) -> bool:
    """Store a changed ruleset (locked, checked against the facts); say whether it changed."""

    def change(locked: TournamentRecord) -> list[str]:
        _, source = setup.with_rules(locked, data["text"])
        if source == locked.ruleset:
            return []
        locked.ruleset = source
        return ["ruleset"]

    locked = setup.edit_before_start(
        rec.pk,
        data["version"],
        RULES_FIXED,
        change,
        user=request.user,
        log=lambda: Logged("Regeln geändert", "Rules changed"),
    )
    return locked.ruleset != rec.ruleset


def export_json(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the tournament file (JSON) to continue elsewhere or keep."""
    rec = record_of(pk)
    text = dumps_any(engine_tournament(rec, with_log=True))
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="turnier-{rec.pk}.json"'
    return response


def export_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Download the final ranking as CSV; before the end, say why there is none."""
    rec = record_of(pk)
    try:
        _, text = final_ranking(engine_tournament(rec))
    except RuleError as err:
        messages.error(request, text_of(err))
        return redirect("ranking", rec.pk)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="endstand-{rec.pk}.csv"'
    return response


LOG_PAGE = 200  # lines of the log, and entries of the file, per page


def log(request: HttpRequest, pk: int) -> HttpResponse:
    """The audit log: who did what, when; and every fact with its number (newest first, paged)."""
    rec = record_of(pk)
    entries = Paginator(rec.audit.select_related("user").all(), LOG_PAGE).get_page(
        request.GET.get("seite")
    )
    facts = Paginator(rec.facts.select_related("user").order_by("-n"), LOG_PAGE).get_page(
        request.GET.get("eintraege")
    )
    tour, _ = read_only(rec)
    undone = {f.target for f in tour.facts if isinstance(f, Undo | KnockoutUndo)}
    by_number = {fact.n: fact for fact in tour.facts}
    rows = [
        {"n": f.n, "data": json.dumps(f.data, ensure_ascii=False),
         "who": f.user.get_username() if f.user else f.data.get("by", ""),
         "at": f.stored_at, "undone": f.n in undone,
         "words": fact_text(tour, by_number[f.n]) if f.n in by_number else ""}
        for f in facts
    ]  # fmt: skip
    context = {"entries": entries, "facts": rows, "facts_page": facts}
    return page(request, rec, "web/log.html", context)


def fact_text(tour: Any, fact: Any) -> str:
    """One fact in words, with names, in the active language."""
    if isinstance(tour, KnockoutTournament):
        return describe_knockout(roster(tour), fact, lang())
    return describe(tour, fact, lang())


@organiser
@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a tournament (after a confirmation); the log keeps a line."""
    rec = record_of(pk)
    with transaction.atomic():
        audit(request, None, f"Turnier „{rec.name}“ gelöscht", f"Tournament '{rec.name}' deleted")
        rec.delete()
    messages.success(request, say("Turnier gelöscht.", "Tournament deleted."))
    return redirect("home")
