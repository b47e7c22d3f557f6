"""Where a process hears of changes made elsewhere: PostgreSQL's LISTEN, or a look at SQLite.

Started with the first stream of a process. On PostgreSQL one connection per process
listens; when it drops, it is opened again and the watched tournaments are read afresh, so
nothing is missed. On SQLite the process hears its own changes at once, and those of the
other app processes of the database from its socket (`peers`); a look at the watched
tournaments every few seconds also catches what was not told (a full socket drops it, a
process changed the file without Django) and is the fallback if a change slipped by.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from django.db import DatabaseError, connection

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live import peers
from tafelrunde.web.live.hub import HUB, Change, Hub
from tafelrunde.web.live.publish import CHANNEL

LOG = logging.getLogger(__name__)
POLL_SECONDS = 2.0
RETRY_SECONDS = 1.0
# database reads of the streams: few threads, so a process holds few connections
READER = ThreadPoolExecutor(max_workers=2, thread_name_prefix="live-read")
_TASKS: dict[int, asyncio.Task[None]] = {}  # per event loop: the listener or poller
_LOOKS: set[asyncio.Task[None]] = set()  # reads afresh under way


def read(pks: list[int]) -> list[Change]:
    """The tournaments' revisions as stored now (missing ones: gone)."""
    try:
        rows = dict(
            (pk, (rev, ver))
            for pk, rev, ver in TournamentRecord.objects.filter(pk__in=pks).values_list(
                "pk", "revision", "version"
            )
        )
    finally:
        connection.close()  # back to the pool (PostgreSQL); a thread keeps no connection
    return [Change(pk, *rows[pk]) if pk in rows else Change(pk, "", 0) for pk in pks]


async def current(hub: Hub, pk: int, watched: bool = True) -> Change | None:
    """The tournament's newest change: as heard (if it was `watched` already), or read from
    the database (None: no such)."""
    known = hub.known(pk) if watched else None
    if known is not None:
        return None if known.gone else known
    since = hub.mark(pk)
    loop = asyncio.get_running_loop()
    try:
        (change,) = await loop.run_in_executor(READER, read, [pk])
    except DatabaseError:
        return None
    if change.gone:
        return None
    hub.learn(change, since)
    return change


async def catch_up(hub: Hub) -> None:
    """Read the watched tournaments afresh and pass on what differs from what was heard."""
    pks = hub.watched()
    if not pks:
        return
    marks = {pk: hub.mark(pk) for pk in pks}
    changes = await asyncio.get_running_loop().run_in_executor(READER, read, pks)
    for change in changes:
        heard = hub.heard.get(change.pk)
        if heard is None or heard[1] != change:
            hub.learn(change, marks[change.pk])


def start(hub: Hub = HUB) -> None:
    """Start hearing changes of other processes in this event loop (once)."""
    loop = asyncio.get_running_loop()
    task = _TASKS.get(id(loop))
    if task is not None and not task.done():
        return
    # SQLite: the socket is bound before anything is read, so no change told meanwhile is missed
    work = listen(hub) if connection.vendor == "postgresql" else poll(hub, hear(hub))
    _TASKS.clear()  # tasks of a closed loop are gone with it
    _TASKS[id(loop)] = loop.create_task(work)


def hear(hub: Hub) -> peers.Hearing | None:
    """SQLite: hear the other processes of the database (None: this process cannot)."""
    return peers.hear(hub, lambda: look_again(hub))


def look_again(hub: Hub) -> None:
    """Read the watched tournaments afresh at once (a change told here was dropped)."""
    task = asyncio.get_running_loop().create_task(catch_up(hub))
    _LOOKS.add(task)
    task.add_done_callback(_looked)


def _looked(task: asyncio.Task[None]) -> None:
    """Forget a finished look; if it failed, the next poll catches up."""
    _LOOKS.discard(task)
    if not task.cancelled():
        task.exception()  # taken: it is no error of the loop's


async def poll(hub: Hub, hearing: peers.Hearing | None) -> None:
    """SQLite: hear the other app processes' changes at once (`peers`), and look at the
    watched tournaments every few seconds; what was heard is vouched for only while this
    process's socket is bound and no look fails (the first failure in a row is logged)."""
    try:
        hub.trusted = hearing is not None
        failing = False
        while True:
            await asyncio.sleep(POLL_SECONDS)
            if hearing is not None and not hearing.intact():  # removed: bind it afresh
                peers.stop(hearing)
                hearing = hear(hub)
            try:
                await catch_up(hub)
            except DatabaseError:
                continue  # the database is busy or away: the next look catches up
            except Exception:  # anything else must not end the looking for good
                if not failing:
                    LOG.warning("looking for changes failed", exc_info=True)
                failing, hub.trusted = True, False
                continue
            failing, hub.trusted = False, hearing is not None
    finally:
        peers.stop(hearing)


def conninfo() -> str:
    """The address of the database, as Django reaches it."""
    from psycopg.conninfo import make_conninfo

    db = connection.settings_dict
    given = {"dbname": db["NAME"], "user": db["USER"], "password": db["PASSWORD"],
             "host": db["HOST"], "port": db["PORT"]}  # fmt: skip
    return make_conninfo(**{k: str(v) for k, v in given.items() if v})


async def listen(hub: Hub) -> None:
    """PostgreSQL: LISTEN on one connection; opened again (and caught up) when it drops."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo(), autocommit=True) as db:
                await db.execute(f"LISTEN {CHANNEL}")
                await catch_up(hub)
                hub.trusted = True
                async for note in db.notifies():
                    change = Change.parse(note.payload)
                    if change is not None:
                        hub.deliver(change)
        except (psycopg.Error, OSError, DatabaseError):
            pass
        hub.trusted = False
        await asyncio.sleep(RETRY_SECONDS)
