"""Tell the streams that a tournament changed: at once in this process, by NOTIFY to all.

Every change of a tournament gives its record a new revision and saves it; that save is
heard here. On PostgreSQL the change is sent with NOTIFY inside the same transaction, so it
travels only if the change is committed, and every app process hears it from its listener.
On SQLite the one process learns it once the transaction is committed.
"""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tafelrunde.web.core.domain.store import touch
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live.hub import HUB, Change

CHANNEL = "tafelrunde_live"


def announce(change: Change) -> None:
    """Send a change to every stream of its tournament once the transaction commits."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, change.payload()])
    else:
        transaction.on_commit(lambda: HUB.publish(change))


@receiver(post_save, sender=TournamentRecord)
def saved(sender: Any, instance: TournamentRecord, created: bool, **kwargs: Any) -> None:
    """A saved tournament with a new revision has changed."""
    fields = kwargs.get("update_fields")
    if created or (fields is not None and "revision" not in fields):
        return
    announce(Change(instance.pk, instance.revision, instance.version))


@receiver(post_delete, sender=TournamentRecord)
def deleted(sender: Any, instance: TournamentRecord, **_: Any) -> None:
    """A deleted tournament is gone for its streams."""
    announce(Change(instance.pk, "", instance.version))


__all__ = ["CHANNEL", "announce", "touch"]  # touch: core's, as the pages' changes use it
