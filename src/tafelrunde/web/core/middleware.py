"""Request guards: changes refused while nothing can be written; request bodies bounded;
no character in a page that HTML forbids."""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from tafelrunde.web.core import storage
from tafelrunde.web.core.typed import in_words, typed_of

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
    typed = typed_of(request)
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}):
        back = reverse("home")
    context = {"reason": reason, "typed": in_words(request, typed), "back": back}
    return render(request, "core/readonly.html", context, status=503)


def storage_banner(request: HttpRequest) -> dict[str, Any]:
    """Template context: why nothing can be written now (or nothing)."""
    return {"storage_blocked": getattr(request, "storage_blocked", None)}


# what an HTML page must not hold (HTML5 parse errors): controls other than the whitespace
# ones, and noncharacters; a typed value shown again (a form, a message) has them replaced
_NOT_IN_HTML = re.compile(
    "[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff"
    + "".join(f"{chr(p * 0x10000 + 0xFFFE)}{chr(p * 0x10000 + 0xFFFF)}" for p in range(1, 17))
    + "]"
)


# the bytes that begin such a character in UTF-8: the controls themselves, and the lead bytes
# of U+0080-U+00BF, U+F000-U+FFFF and the planes above; a page without them is clean
_LEADS = bytes([*range(0x09), 0x0B, *range(0x0E, 0x20), 0x7F, 0xC2, 0xEF, *range(0xF0, 0xF5)])
_NOT_LEADS = bytes(sorted(set(range(256)) - set(_LEADS)))
_NOT_IN_HTML_UTF8 = re.compile(
    rb"[\x00-\x08\x0b\x0e-\x1f\x7f]|\xc2[\x80-\x9f]|\xef\xb7[\x90-\xaf]|\xef\xbf[\xbe\xbf]"
    rb"|[\xf0-\xf3][\x8f\x9f\xaf\xbf]\xbf[\xbe\xbf]|\xf4\x8f\xbf[\xbe\xbf]"
)


def may_hold_forbidden(content: bytes) -> bool:
    """Tell quickly whether a UTF-8 page may hold a character no HTML page may hold (never
    wrong about one that does): only the places of the few bytes that begin one are read."""
    for lead in set(content.translate(None, _NOT_LEADS)):
        at = content.find(lead)
        while at >= 0:
            if _NOT_IN_HTML_UTF8.match(content, at):
                return True
            at = content.find(lead, at + 1)
    return False


class PrintableHtml:
    """Replace characters no HTML page may hold by � in every HTML answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap the rest of the request handling."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Clean the page on its way out (nothing to do for most pages)."""
        return printable(self.get_response(request))


def printable(response: HttpResponse) -> HttpResponse:
    """The answer with characters no HTML page may hold replaced (once: a shared page is
    cleaned when it is kept; most pages hold none, which a quick look at their bytes tells)."""
    if getattr(response, "printable", False) or response.streaming:
        return response
    if not response.get("Content-Type", "").startswith("text/html"):
        return response
    charset = response.charset or "utf-8"
    if codecs.lookup(charset).name == "utf-8" and not may_hold_forbidden(response.content):
        response.printable = True  # type: ignore[attr-defined]
        return response  # a page of hundreds of kB is read in well under a millisecond
    page = response.content.decode(charset, "replace")
    if _NOT_IN_HTML.search(page):
        response.content = _NOT_IN_HTML.sub("\ufffd", page).encode(charset)
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
    response.printable = True  # type: ignore[attr-defined]
    return response
