"""One CSRF token per request: Django masks the token anew each time a page asks for it (32
reads of the system's random source), and a page asks in several places (its head, its
forms, each template rendered with the request)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.functional import SimpleLazyObject

_KEPT = "_tafelrunde_csrf"  # on the request: the secret and its masked token


def token_of(request: HttpRequest) -> str:
    """The request's masked CSRF token, masked once (again after the secret changed, e.g.
    by a login)."""
    secret = request.META.get("CSRF_COOKIE")
    kept = getattr(request, _KEPT, None)
    if kept is not None and kept[0] == secret and secret is not None:
        return str(kept[1])
    token = get_token(request)
    setattr(request, _KEPT, (request.META.get("CSRF_COOKIE"), token))
    return token


def context(request: HttpRequest) -> dict[str, Any]:
    """The token for every template rendered with the request (in place of Django's own,
    which masks it once per template), made only when a template shows it."""
    return {"csrf_token": SimpleLazyObject(lambda: token_of(request))}
