"""Which websites may show the club's embeds in a frame: the origins the organisers list.
An embed's answer names them in `frame-ancestors` (with the app itself, for the preview);
every other answer keeps `frame-ancestors 'none'` and `X-Frame-Options: DENY`."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.http import HttpResponse

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import msg
from tafelrunde.web.core.models import EmbedOrigins

ORIGIN = re.compile(r"https?://[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::[0-9]{1,5})?", re.ASCII)
MAX_ORIGINS = 20
V = TypeVar("V", bound=Callable[..., HttpResponse])


def origins() -> list[str]:
    """The listed origins (none: the embeds show only on the app's own pages)."""
    kept = EmbedOrigins.objects.filter(pk=1).first()
    return kept.listed() if kept is not None else []


def _ascii(origin: str) -> str:
    """An origin with its host as browsers send it (a German umlaut domain as punycode)."""
    scheme, sep, rest = origin.partition("://")
    host, colon, port = rest.partition(":")
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        return origin  # refused below, as typed
    return f"{scheme}{sep}{host}{colon}{port}"


def checked(text: str) -> list[str]:
    """The origins typed, one per line; refuse anything that is not `https://host[:port]`."""
    lines = [_ascii(line.strip().rstrip("/").lower()) for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_ORIGINS:
        raise RuleError(msg("At most {n} websites.", n=MAX_ORIGINS), field="origins")
    for line in lines:
        port = line.rpartition(":")[2] if line.count(":") == 2 else "1"
        if not ORIGIN.fullmatch(line) or not 0 < int(port or "0") <= 65535:
            said = msg(
                "'{line}' is no website address of the form https://www.example.org "
                "(without a path).",
                line=line[:80],
            )
            raise RuleError(said, field="origins")
    return list(dict.fromkeys(lines))


def save(text: str) -> list[str]:
    """Store the origins (checked first)."""
    listed = checked(text)
    EmbedOrigins.objects.update_or_create(pk=1, defaults={"origins": "\n".join(listed)})
    return listed


def embeddable(view: V) -> V:
    """Let a view's answer be shown in frames of the listed websites (and the app's own)."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> HttpResponse:
        answer = view(*args, **kwargs)
        answer.xframe_options_exempt = True
        answer._csp_replace = {"frame-ancestors": ["'self'", *origins()]}  # type: ignore[attr-defined]
        return answer

    return wrapped  # type: ignore[return-value]
