"""What a refused form held, in words a person knows ("Augen von Anna", not "pips-p03").

The pages that own a form know its fields; they register a reader here, and the page of a
refused change (a full disk) asks them before it shows the typed values as they came."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest

Pairs = list[tuple[str, str]]
NOT_TYPED = ("csrfmiddlewaretoken", "key")  # sent along, not typed ("key": web/table/sent.py)
Reader = Callable[[HttpRequest, Pairs], Pairs | None]  # None: not my form

_READERS: list[Reader] = []


def register(reader: Reader) -> None:
    """Let a page name the fields of its form on the refusal page."""
    if reader not in _READERS:
        _READERS.append(reader)


def typed_of(request: HttpRequest) -> Pairs:
    """What a POST held that a person typed or chose (each value cut at 200 characters)."""
    return [
        (key, value[:200])
        for key, values in (request.POST.lists() if request.method == "POST" else [])
        if key not in NOT_TYPED
        for value in values
        if value.strip()
    ][:60]


def in_words(request: HttpRequest, typed: Pairs) -> Pairs:
    """The typed values under their fields' names, where a page knows them."""
    for reader in _READERS:
        named = reader(request, typed)
        if named is not None:
            return named
    return typed
