"""A tournament's event and day, changed after it was created."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from tafelrunde.i18n import msg
from tafelrunde.web.core.common import organiser, record_of
from tafelrunde.web.core.domain.store import Logged, touch, write_log
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.forms_event_of import TournamentEventForm


@organiser
def tournament_event(request: HttpRequest, pk: int) -> HttpResponse:
    """Show or change which event the tournament belongs to (formats A–C: also its day)."""
    rec = record_of(pk)
    with_day = not rec.family.day_in_rules  # then it is changed with its rules and times
    initial = {"event": str(rec.event_id or ""), "day": rec.day}
    sent = request.POST if request.method == "POST" else None
    form = TournamentEventForm(sent, initial=initial, with_day=with_day)
    if sent is not None and form.is_valid():
        event, day = form.chosen(), form.cleaned_data.get("day") if with_day else rec.day
        with transaction.atomic():
            touch(rec.pk, event=event, day=day)  # every page of it shows them anew
            said = msg(
                "Event of the tournament: {event}; day: {day}",
                event=event.name if event else "—",
                day=day.isoformat() if day else "—",
            )
            write_log(rec, request.user, Logged(said))
        messages.success(request, translated(msg("Event and day saved.")))
        return redirect("tournament", rec.pk)
    status = 400 if sent is not None else 200
    response = page(request, rec, "orga/tournament_event.html", {"form": form})
    response.status_code = status
    return response
