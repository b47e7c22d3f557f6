"""Cards of a page rendered once per content and kept: a page of 200 tables joins kept
cards and renders only those whose content changed (e.g. the one table just entered).

A kept card holds a placeholder where the form's CSRF token goes; the page puts in the
token of the request it answers (escaped user text can never contain the placeholder).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from tafelrunde.web.core.csrf_once import token_of
from tafelrunde.web.core.domain.kept import Kept

CSRF = "<!--csrf-->"
KEEP = 8_000  # cards kept per process (a 5,000-player game has at most 1,667 tables)
_cards: Kept[Hashable, str] = Kept(KEEP)


def card(
    template: str,
    context: dict[str, Any] | Callable[[], dict[str, Any]],
    key: Hashable,
) -> str:
    """The card's HTML: kept under `key` (everything it shows), else rendered and kept (the
    context may be a function: made only when the card is rendered)."""

    def render() -> str:
        made = context() if callable(context) else context
        return render_to_string(template, made | {"csrf": mark_safe(CSRF)})

    return _cards.get(key, render)


def joined(parts: list[str]) -> SafeString:
    """Cards joined for a page (each was rendered with escaping by its template)."""
    return mark_safe("".join(parts))


def with_csrf(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Put the request's CSRF token where the kept cards hold the placeholder (a page without
    a form asks for no token, so it sets no cookie and can be shared)."""
    if CSRF.encode() not in response.content:
        return response
    field = format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token_of(request)
    )
    response.content = response.content.replace(CSRF.encode(), field.encode())
    return response
