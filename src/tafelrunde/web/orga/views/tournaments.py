"""A tournament set up by the organiser: create, import, delete."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of, written
from tafelrunde.engine.limits import (
    MAX_FILE_BYTES,
    MAX_LIST_BYTES,
    MAX_RULESET_BYTES,
    checked_size,
)
from tafelrunde.engine.players import parse_player_names
from tafelrunde.engine.tournament_file import loads_any
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.common import audit, organiser, record_of, refuse
from tafelrunde.web.core.domain import setup
from tafelrunde.web.core.domain.event_entries import tournaments_changed
from tafelrunde.web.core.domain.store import Logged, save_new
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import Event
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.writes import unlocked
from tafelrunde.web.orga.forms import ImportForm, TournamentForm
from tafelrunde.web.orga.forms_ko_times import KoTimesForm, late_registration, with_times


def upload_text(form: Any, name: str, limit: int) -> str | None:
    """The text of an uploaded file (UTF-8, at most `limit` bytes), or None; else refuse."""
    f = form.cleaned_data.get(name)
    if not f:
        return None
    checked_size(f.size, limit=limit, field=name)
    try:
        return str(f.read().decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise RuleError(msg("The file is not UTF-8 text."), field=name) from None


def event_of(form: Any) -> Event | None:
    """The chosen event, if any."""
    pk = form.cleaned_data.get("event")
    return Event.objects.filter(pk=pk).first() if pk else None


def stored(
    request: HttpRequest,
    tour: Any,
    event: Event | None,
    line: Message,
    done: Message,
) -> HttpResponse:
    """Store a new or loaded tournament with its log line and the message to show; open it."""
    rec = save_new(tour, event=event, user=request.user, log=Logged(line))
    messages.success(request, translated(done))
    return redirect("tournament", rec.pk)


@unlocked  # builds a new tournament (stored in one transaction of its own): a long player
@organiser  # list is checked without holding every other writer
def create(request: HttpRequest) -> HttpResponse:
    """Create a tournament from a preset or an uploaded ruleset, with its players."""
    initial = {"event": request.GET.get("event", ""), "preset": "gruppenmodus"}
    posted = request.method == "POST"
    form = TournamentForm(
        request.POST if posted else None, request.FILES if posted else None, initial=initial
    )
    times = KoTimesForm(request.POST if posted else None)
    valid = [form.is_valid(), times.is_valid()]  # both, so that each shows its mistakes
    if posted and all(valid):
        try:
            rules = setup.choose_rules(
                form.cleaned_data["preset"], upload_text(form, "ruleset", MAX_RULESET_BYTES)
            )
            rules = with_times(rules, times)
            players = (
                upload_text(form, "players_file", MAX_LIST_BYTES) or form.cleaned_data["players"]
            )
            event = event_of(form)
            day = form.cleaned_data["day"] or (event.date if event else None)
            day = day or timezone.localdate()
            names = parse_player_names(players)
            now = stamp()
            late = late_registration(rules, times, names, day=day, at=now)
            tour = setup.new_tournament(
                form.cleaned_data["name"].strip(),
                rules,
                players,
                day=day,
                at=now,
                by=request.user.get_username(),
                late=late,
            )
        except RuleError as err:
            at_times = err.field in times.fields
            refuse(times if at_times else form, err, {"file": "ruleset", "format": "preset"})
        else:
            return stored(
                request,
                tour,
                event,
                created_line(tour, rules, len(names) if late else 0),
                msg("Tournament created."),
            )
    return render(request, "orga/tournament_form.html", {"form": form, "times": times})


def created_line(tour: Any, rules: Any, late: int) -> Message:
    """The log line of a new tournament; it names the players registered past the deadline."""
    name, kind = tour.name, family_of(written(rules)).label(written(rules))
    if late:
        return msg(
            "Tournament '{name}' (format D) created; {count} players registered after the "
            "registration deadline (override by the organiser)",
            name=name,
            count=late,
        )
    return msg("Tournament '{name}' (format {kind}) created", name=name, kind=kind)


@unlocked  # replays the file (seconds for a big tournament) before it stores anything, in
@organiser  # one transaction of its own: other writers never wait for the replay
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
            refuse(form, err.with_field("file"))
        else:
            n = len(tour.facts)
            return stored(
                request,
                tour,
                event_of(form),
                msg("Tournament file loaded ({n} entries)", n=n),
                msg("Tournament file loaded."),
            )
    return render(request, "orga/import_form.html", {"form": form})


@organiser
@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a tournament (after a confirmation); the log keeps a line."""
    rec = record_of(pk)
    with transaction.atomic():
        audit(request, None, msg("Tournament '{name}' deleted", name=rec.name))
        rec.delete()
        tournaments_changed(rec.event_id)
    messages.success(request, translated(msg("Tournament deleted.")))
    return redirect("home")
