"""The API for the club's websites: JavaScript on a listed website (the same origins that may
show the embeds) may read its answers (CORS); any other website gets no such headers, so its
browser keeps the answers from it."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from tafelrunde.web.core.embedding import origins

PREFIX = "/api/v1/"
METHODS = "GET, OPTIONS"  # the API is read-only
HEADERS = "Accept, Accept-Language, If-None-Match"  # what a website's script may send
EXPOSED = "ETag, Retry-After"  # what it may read beside the simple headers
PREFLIGHT_KEPT = 600  # seconds a browser may keep a preflight's answer


class ApiCors:
    """CORS for `/api/v1/`: `Access-Control-Allow-Origin` naming a listed origin (never `*`),
    `Vary: Origin` on every answer, and the preflight (`OPTIONS`) answered here."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap the next layer."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Answer a preflight; mark a read of the API for the listed websites."""
        if not request.path.startswith(PREFIX):
            return self.get_response(request)
        origin = _listed(request) if request.method in ("GET", "OPTIONS") else ""
        if request.method == "OPTIONS":
            answer = HttpResponse(status=204)
            answer["Allow"] = METHODS
            if origin and "Access-Control-Request-Method" in request.headers:
                answer["Access-Control-Allow-Methods"] = METHODS
                answer["Access-Control-Allow-Headers"] = HEADERS
                answer["Access-Control-Max-Age"] = str(PREFLIGHT_KEPT)
        else:
            answer = self.get_response(request)
            if origin:
                answer["Access-Control-Expose-Headers"] = EXPOSED
        if origin:
            answer["Access-Control-Allow-Origin"] = origin
        patch_vary_headers(answer, ("Origin",))
        return answer


def _listed(request: HttpRequest) -> str:
    """The request's origin if the organisers listed it, else ''."""
    origin = request.headers.get("Origin", "")
    return origin if origin and origin in origins() else ""  # as browsers send it: lower case
