"""Request guards: changes refused while nothing can be written; request bodies bounded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from tafelrunde.web.core import storage

EXEMPT = ("login", "logout", "set_language")  # they write cookies only, never the database


class StorageGuard:
    """Refuse a change while nothing can be written, saying why; catch a write that fails."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap the rest of the request handling."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Note why writing is impossible (for the banner); refuse a change then."""
        reason = storage.blocked()
        request.storage_blocked = reason  # type: ignore[attr-defined]
        if reason and request.method == "POST" and not _exempt(request):
            return refused(request, reason)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        """A write that failed for lack of space or rights: refuse with the reason, not a 500."""
        reason = storage.reason_of(exception)
        if reason is None:
            return None
        storage.failed(reason)
        request.storage_blocked = reason  # type: ignore[attr-defined]
        return refused(request, reason)


def _exempt(request: HttpRequest) -> bool:
    """Say whether the address only sets cookies (login, logout, language)."""
    return any(request.path == reverse(name) for name in EXEMPT)


def refused(request: HttpRequest, reason: storage.Reason) -> HttpResponse:
    """The page of a refused change: why, what was typed (to enter it again), and the way back."""
    typed = [
        (key, value[:200])
        for key, values in request.POST.lists()
        if key != "csrfmiddlewaretoken"
        for value in values
        if value.strip()
    ][:60]
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}):
        back = reverse("home")
    context = {"reason": reason, "typed": typed, "back": back}
    return render(request, "core/readonly.html", context, status=503)


def storage_banner(request: HttpRequest) -> dict[str, Any]:
    """Template context: why nothing can be written now (or nothing)."""
    return {"storage_blocked": getattr(request, "storage_blocked", None)}
