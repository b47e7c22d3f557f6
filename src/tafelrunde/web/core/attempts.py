"""Wrong passwords, counted in the database (django-axes); a full disk never stops a login."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db import DatabaseError
from django.db.models import Sum

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


def address_failures(request: Any) -> int:
    """The wrong passwords from the request's address within the cool-off, any user name."""
    recent = AccessAttempt.objects.filter(
        ip_address=request.axes_ip_address,
        attempt_time__gte=get_cool_off_threshold(request),
    )
    return int(recent.aggregate(n=Sum("failures_since_start"))["n"] or 0)


class KeptAttempts(AxesDatabaseHandler):
    """Axes' database handler that neither fails a login nor a page when writing fails."""

    def get_failures(self, request: Any, credentials: dict[str, Any] | None = None) -> int:
        """The wrong passwords for this user name from this address; the limit itself when
        the address has tried too many across all user names (password spraying)."""
        pair = int(super().get_failures(request, credentials))
        if address_failures(request) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return max(pair, int(settings.AXES_FAILURE_LIMIT))
        return pair

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
