"""An event's calendar entry lists its tournaments: when one comes or goes, the entry is new."""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from tafelrunde.web.core.models import Event


def tournaments_changed(*event_ids: int | None) -> None:
    """The events whose tournaments changed: their entry's SEQUENCE and LAST-MODIFIED move on,
    so that subscribed calendars take the new description."""
    ids = {pk for pk in event_ids if pk is not None}
    if ids:
        Event.objects.filter(pk__in=ids).update(
            sequence=F("sequence") + 1, changed_at=timezone.now()
        )
