"""Tell the streams that a tournament changed: at once in this process, by NOTIFY to all.

Every change of a tournament gives its record a new revision and saves it; that save is
heard here. On PostgreSQL the change is sent with NOTIFY inside the same transaction, so it
travels only if the change is committed, and every app process hears it from its listener.
On SQLite this process learns it once the transaction is committed, and the other app
processes of the database at the same moment (`peers`), as they do of a save of anything
else shown on pages (once per transaction), for the copies kept in front (`front.SITE`).
"""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tafelrunde.web.core.domain.store import touch
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live import peers
from tafelrunde.web.live.hub import HUB, SITE, Change

CHANNEL = "tafelrunde_live"


def announce(change: Change) -> None:
    """Send a change to every stream of its tournament once the transaction commits."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, change.payload()])
    else:
        transaction.on_commit(lambda: _committed(change))


def _committed(change: Change) -> None:
    """SQLite: tell the streams of this process and the other processes of a change."""
    HUB.publish(change)
    peers.tell(change.payload().encode())


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


@receiver([post_save, post_delete], dispatch_uid="site-saved")
def site_saved(sender: Any, **_: Any) -> None:
    """Something shown on pages besides a tournament may have changed: in this process at
    once; on SQLite the other processes are told once the transaction commits (once)."""
    if sender is TournamentRecord:
        return
    SITE["saved"] += 1
    if connection.vendor == "sqlite" and not any(
        told is _site_told for _, told, _ in getattr(connection, "run_on_commit", [])
    ):
        transaction.on_commit(_site_told)


def _site_told() -> None:
    """Tell the other processes that something besides a tournament was saved."""
    peers.tell(peers.SITE_LINE)


__all__ = ["CHANNEL", "announce", "touch"]  # touch: core's, as the pages' changes use it
