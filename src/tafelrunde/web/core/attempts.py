"""Wrong passwords, counted in the database (django-axes); a full disk never stops a login."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from django.db import DatabaseError

from tafelrunde.web.core import storage


def _kept(step: Callable[..., Any], default: Any = None) -> Callable[..., Any]:
    """Run a step that writes attempts; when nothing can be written, note why and go on."""

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return step(*args, **kwargs)
        except DatabaseError as err:
            reason = storage.reason_of(err)
            if reason is None:
                raise
            storage.failed(reason)
            return default

    return run


class KeptAttempts(AxesDatabaseHandler):  # type: ignore[misc]
    """Axes' database handler that neither fails a login nor a page when writing fails."""

    def user_login_failed(self, *args: Any, **kwargs: Any) -> Any:
        """Count the wrong password (when it can be written)."""
        return _kept(super().user_login_failed)(*args, **kwargs)

    def user_logged_in(self, *args: Any, **kwargs: Any) -> Any:
        """Forget this pair's wrong passwords (when it can be written)."""
        return _kept(super().user_logged_in)(*args, **kwargs)

    def user_logged_out(self, *args: Any, **kwargs: Any) -> Any:
        """Nothing to count; never fail a logout."""
        return _kept(super().user_logged_out)(*args, **kwargs)

    def clean_expired_user_attempts(self, *args: Any, **kwargs: Any) -> int:
        """Drop attempts past their cool-off (when it can be written)."""
        return int(_kept(super().clean_expired_user_attempts, 0)(*args, **kwargs))
