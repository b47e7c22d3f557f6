"""Logging out ends the session on the server: a copy of the signed session cookie stops working.

Sessions live in signed cookies (a login writes nothing). Each login gets a random key in its
session; logging out writes that key into a short list of ended sessions, and a request
whose session holds an ended key (or, logged in, no key at all) is served as anonymous.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.middleware import get_user
from django.contrib.auth.models import AnonymousUser, Group
from django.db import DatabaseError, connection, models, transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from tafelrunde.web.core import storage
from tafelrunde.web.core.roles import ORGANISER, REFEREE, REFEREE_GROUP, Role, with_role

KEY = "_tafelrunde_login"  # the session's own random key


class EndedSession(models.Model):
    """The key of a session that was logged out, kept as long as its cookie could live."""

    key = models.CharField(max_length=64, primary_key=True)
    ended_at = models.DateTimeField(default=timezone.now)


def on_login(sender: Any, request: HttpRequest | None = None, **_: Any) -> None:
    """Give the new session its random key."""
    if request is not None and hasattr(request, "session"):
        request.session[KEY] = secrets.token_urlsafe(24)


def on_logout(sender: Any, request: HttpRequest | None = None, **_: Any) -> None:
    """Note the session's key as ended; forget keys older than any cookie (when writable)."""
    key = request.session.get(KEY) if request is not None and hasattr(request, "session") else None
    if not isinstance(key, str):
        return
    try:
        with transaction.atomic():
            EndedSession.objects.get_or_create(key=key[:64])
            too_old = timezone.now() - timedelta(seconds=settings.SESSION_COOKIE_AGE)
            EndedSession.objects.filter(ended_at__lt=too_old).delete()
    except DatabaseError as err:  # a full disk: the cookie is gone from this browser at least
        reason = storage.reason_of(err)
        if reason is None:
            raise
        storage.failed(reason)


def standing(request: HttpRequest) -> tuple[bool, Role | None]:
    """Whether the request's logged-in session was logged out (or predates the keys), and the
    login's role: one small query for both (None: nobody logged in)."""
    user_id = request.session.get(SESSION_KEY)
    if user_id is None:
        return False, None
    key = request.session.get(KEY)
    if not isinstance(key, str):
        return True, None
    try:
        number = int(user_id)
    except (TypeError, ValueError):  # not a login's number: nobody is logged in
        return False, None
    with connection.cursor() as cursor:
        cursor.execute(_standing_sql(), [key[:64], number, REFEREE_GROUP])
        ended, referee = cursor.fetchone()
    return bool(ended), REFEREE if referee else ORGANISER


def _standing_sql() -> str:
    """The query of `standing` (written out: the ORM's two subqueries cost more to build than
    to run, on every request of a login)."""
    q = connection.ops.quote_name
    member = get_user_model().groups.through._meta
    return (
        f"SELECT EXISTS(SELECT 1 FROM {q(EndedSession._meta.db_table)} WHERE {q('key')} = %s), "
        f"EXISTS(SELECT 1 FROM {q(member.db_table)} m JOIN {q(Group._meta.db_table)} g "
        f"ON g.{q('id')} = m.{q('group_id')} WHERE m.{q('user_id')} = %s AND g.{q('name')} = %s)"
    )


class EndedSessions:
    """Serve a request whose session was logged out as anonymous, and drop that session; of
    any other login, note the role (found in the same query) for the rest of the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap the rest of the request handling."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Check the session before the views see the user."""
        ended, role = standing(request)
        if ended:
            request.session.flush()
            request.user = AnonymousUser()
        elif role is not None:
            request.user = SimpleLazyObject(lambda: with_role(get_user(request), role))  # type: ignore[assignment]  # Django's own middleware sets the same lazy object
        return self.get_response(request)
