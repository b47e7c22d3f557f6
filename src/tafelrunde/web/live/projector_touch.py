"""Tell open projectors that their settings changed: the live machinery's `touch`, where it is."""

from __future__ import annotations

import importlib

from tafelrunde.web.core.models import TournamentRecord, new_revision

LIVE = "tafelrunde.web.live.publish"


def touch(pk: int) -> None:
    """Give the tournament a new revision and send the change to its open pages."""
    try:
        publish = importlib.import_module(LIVE)
    except ModuleNotFoundError as err:
        if err.name != LIVE:
            raise
        # without the event stream a projector sees the new revision on its next fetch
        TournamentRecord.objects.filter(pk=pk).update(revision=new_revision())
        return
    publish.touch(pk)
