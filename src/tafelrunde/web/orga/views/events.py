"""Club events (Termine): create, change, delete."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from tafelrunde.i18n import msg
from tafelrunde.web.club.forms_season import used_kinds
from tafelrunde.web.core.common import audit, organiser
from tafelrunde.web.core.models import CancelledEvent, Event
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.forms import EventForm


@organiser
def edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """Create an event, or change its name and date."""
    event = get_object_or_404(Event, pk=pk) if pk else None
    form = EventForm(request.POST if request.method == "POST" else None, instance=event)
    before = (event.name, event.date, event.kind) if event else None
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            saved = form.save(commit=False)
            if before is not None and before != (saved.name, saved.date, saved.kind):
                saved.sequence += 1  # subscribed calendars take the change
            saved.changed_at = timezone.now()
            saved.save()
            if event is not None and before is not None:
                _taken_back(saved, *before)
            when = saved.date.isoformat() if saved.date else "—"
            audit(request, None, msg("Event '{name}' ({when}) saved", name=saved.name, when=when))
        messages.success(request, translated(msg("Event saved.")))
        return redirect("home")
    context = {"form": form, "event": event, "kinds": used_kinds()}
    return render(request, "orga/event_form.html", context)


@organiser
@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete an event; its tournaments stay, without an event."""
    event = get_object_or_404(Event, pk=pk)
    with transaction.atomic():
        audit(request, None, msg("Event '{name}' deleted", name=event.name))
        if event.date is not None:  # the calendar feed reports it cancelled
            _cancelled(event.uid, event.name, event.date, event.kind, event.sequence + 1)
        event.delete()
    messages.success(
        request,
        translated(msg("Event deleted; its tournaments are kept.")),
    )
    return redirect("home")


def _cancelled(uid: str, name: str, day: Any, kind: str, sequence: int) -> None:
    """Tell the calendar feed (of this kind) that a date was taken back."""
    CancelledEvent.objects.update_or_create(
        uid=uid, kind=kind,
        defaults={"name": name, "date": day, "sequence": sequence, "cancelled_at": timezone.now()},
    )  # fmt: skip


def _taken_back(saved: Event, name: str, day: Any, kind: str) -> None:
    """After a change: a date removed is cancelled; a kind changed cancels the date in the old
    kind's feed; a date that is back counts again in its kind's feed."""
    if day is not None and (saved.date is None or kind != saved.kind):
        _cancelled(saved.uid, name, day, kind, saved.sequence)
    if saved.date is not None:
        CancelledEvent.objects.filter(uid=saved.uid, kind=saved.kind).delete()
