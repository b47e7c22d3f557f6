"""Choose the database from the environment: SQLite in the data folder, or PostgreSQL."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit


def data_dir() -> Path:
    """Return the folder for the SQLite database and backups (TAFELRUNDE_DATA)."""
    return Path(os.environ.get("TAFELRUNDE_DATA", "tafelrunde-daten")).resolve()


def sqlite(folder: Path) -> dict[str, Any]:
    """SQLite in WAL mode; writers take the lock at the start of a transaction."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": folder / "tafelrunde.sqlite3",
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",  # nothing lost
        },
        "TEST": {"NAME": folder / "test-tafelrunde.sqlite3"},  # a file: threads share it
    }


def postgresql(url: str) -> dict[str, Any]:
    """PostgreSQL from a URL such as postgresql://user:password@host:5432/name."""
    parts = urlsplit(url)
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")) or "tafelrunde",
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        "CONN_MAX_AGE": 60,
    }


def database() -> dict[str, Any]:
    """Return Django's default database: TAFELRUNDE_DATABASE_URL if set, else SQLite."""
    url = os.environ.get("TAFELRUNDE_DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        return postgresql(url)
    return sqlite(data_dir())
