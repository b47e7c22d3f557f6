"""Choose the database from the environment: SQLite in the data folder, or PostgreSQL."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import msg

POOL_WAIT = 4.0  # seconds a request waits for a database connection at most


def data_dir() -> Path:
    """Return the folder for the SQLite database and backups (TAFELRUNDE_DATA)."""
    return Path(os.environ.get("TAFELRUNDE_DATA", "tafelrunde-daten")).resolve()


def private_folder(folder: Path) -> None:
    """Make the data folder (owner only) or refuse with the reason; tighten older files."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as err:
        raise RuleError(
            msg(
                "The data folder {folder} cannot be created ({why}).",
                folder=str(folder),
                why=err.strerror or "",
            ),
            field="data",
        ) from None
    os.umask(0o077)  # what this process creates is its owner's only
    for path in (folder, folder / "backups"):
        with contextlib.suppress(OSError):
            path.chmod(0o700)
    for path in [*folder.glob("tafelrunde.sqlite3*"), folder / "secret-key",
                 *folder.glob("backups/*.sqlite3")]:  # fmt: skip
        with contextlib.suppress(OSError):
            path.chmod(0o600)


def sqlite(folder: Path) -> dict[str, Any]:
    """SQLite in WAL mode; writers take the lock at the start of a transaction."""
    return {
        "ENGINE": "tafelrunde.web.core.sqlite_backend",  # reads on in a read-only folder
        "NAME": folder / "tafelrunde.sqlite3",
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",  # nothing lost
        },
        "TEST": {"NAME": folder / "test-tafelrunde.sqlite3"},  # a file: threads share it
        # each of the server's few request threads keeps its connection (opened afresh after
        # a minute, and at once if it could only read)
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
    }


def postgresql(url: str) -> dict[str, Any]:
    """PostgreSQL from a URL such as postgresql://user:password@host:5432/name."""
    parts = urlsplit(url)
    return {
        "ENGINE": "tafelrunde.web.core.pg_backend",  # reconnects quickly after a restart
        "NAME": unquote(parts.path.lstrip("/")) or "tafelrunde",
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        # ASGI serves each request in its own thread: no connection kept per thread, but a
        # pool per process, so connections stay few and a request waits for a free one
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": True,  # the pool checks a connection before handing it out
        "OPTIONS": {
            # a request waits this long for a connection, then says the server is away
            "pool": {"min_size": 1, "max_size": pool_size(), "timeout": POOL_WAIT},
            "connect_timeout": 3,  # seconds: a server that does not answer is away
            # a server gone without a word (power, network) is noticed within half a minute
            "keepalives": 1,
            "keepalives_idle": 10,
            "keepalives_interval": 5,
            "keepalives_count": 3,
            "tcp_user_timeout": 15_000,
        },
    }


def pool_size() -> int:
    """Connections per app process (TAFELRUNDE_DB_POOL, default 8)."""
    text = os.environ.get("TAFELRUNDE_DB_POOL", "8")
    return int(text) if text.isascii() and text.isdigit() and 1 <= int(text) <= 100 else 8


def database() -> dict[str, Any]:
    """Return Django's default database: TAFELRUNDE_DATABASE_URL if set, else SQLite."""
    url = os.environ.get("TAFELRUNDE_DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        return postgresql(url)
    return sqlite(data_dir())
