"""PostgreSQL as Django uses it, with two changes for a server that restarts:

- the pool tries a lost connection again every half second (psycopg_pool doubles its wait
  up to half a minute, so after a restart of a minute pages waited another minute);
- a commit notes whether it went through, so that a request whose connection dropped is
  tried again only when nothing of it was saved (`core.unreachable`).
"""

from __future__ import annotations

from typing import Any

from django.db import DatabaseError
from django.db.backends.base.base import NO_DB_ALIAS
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool
from psycopg_pool.base import AttemptWithBackoff

from tafelrunde.web.core import unreachable


class Steady(AttemptWithBackoff):
    """Connection attempts at an even pace, half a second apart."""

    INITIAL_DELAY = 0.5
    DELAY_BACKOFF = 1.0


class QuickPool(ConnectionPool):
    """A pool whose attempts to reconnect keep an even pace."""

    def _add_connection(self, attempt: AttemptWithBackoff | None, growing: bool = False) -> None:
        """Connect (psycopg_pool's private step, pinned with it), pacing failed attempts."""
        super()._add_connection(attempt or Steady(timeout=self.reconnect_timeout), growing)


class DatabaseWrapper(base.DatabaseWrapper):
    """Django's wrapper with the quick pool and commits noted."""

    @property
    def pool(self) -> Any:
        """The process's pool of connections (made on first use, as Django makes its own)."""
        options = self.settings_dict["OPTIONS"].get("pool")
        pools = self._connection_pools  # type: ignore[attr-defined]  # not in django-stubs
        if self.alias not in pools and options and self.alias != NO_DB_ALIAS:
            params = self.get_connection_params() | {"autocommit": True}
            check = QuickPool.check_connection if self.settings_dict["CONN_HEALTH_CHECKS"] else None
            made = QuickPool(
                kwargs=params,
                open=False,
                check=check,
                configure=self._configure_connection,  # type: ignore[attr-defined]
                **(options if isinstance(options, dict) else {}),
            )
            pools.setdefault(self.alias, made)
        return super().pool

    def _commit(self) -> None:
        """Commit, noting that the request saved something, or may have (the connection
        dropped while committing)."""
        try:
            super()._commit()  # type: ignore[misc]  # not in django-stubs
        except DatabaseError:
            unreachable.note(unsure=True)
            raise
        unreachable.note(saved=True)
