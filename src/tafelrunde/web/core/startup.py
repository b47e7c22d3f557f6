"""Starting the server safely: a private data folder, migrations under a lock, and no
published passwords on the network."""

from __future__ import annotations

import contextlib
import fcntl
import zlib
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.contrib.auth.hashers import check_password
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

PUBLISHED_PASSWORDS = ("tafelrunde", "passwort", "password", "12345678")  # the demo's first
LOCK_KEY = zlib.crc32(b"tafelrunde-migrate")  # PostgreSQL advisory lock of the migrations


@contextlib.contextmanager
def migration_lock(folder: Path) -> Iterator[None]:
    """Hold the lock of the migrations: one process migrates, the others wait for it."""
    conn = connections[DEFAULT_DB_ALIAS]
    if conn.vendor == "postgresql":
        with conn.cursor() as cur:
            cur.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
        try:
            yield
        finally:
            with conn.cursor() as cur:
                cur.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
        return
    with (folder / ".migrate.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def migrate(folder: Path) -> bool:
    """Bring the database up to date under the lock; say whether anything had to be done."""
    with migration_lock(folder):
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        if not executor.migration_plan(executor.loader.graph.leaf_nodes()):
            return False  # nothing to write: a read-only database still serves
        call_command("migrate", interactive=False, verbosity=0)
        return True


def published_password_users() -> list[str]:
    """The organisers whose password is a published one (the demo's, or a well-known one)."""
    from django.contrib.auth import get_user_model

    found = []
    for user in get_user_model().objects.all():
        if user.has_usable_password() and any(
            check_password(p, user.password) for p in PUBLISHED_PASSWORDS
        ):
            found.append(user.get_username())
    return found


def is_sqlite() -> bool:
    """Say whether the database is SQLite (in the data folder)."""
    return str(settings.DATABASES["default"]["ENGINE"]).endswith("sqlite_backend")
