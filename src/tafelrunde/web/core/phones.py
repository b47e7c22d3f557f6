"""Which phone a table fact came from: a random key in the phone's session, stored in the
facts only as a digest, and numbered per tournament for the log ("Tisch 3 · Anna (Handy 2)").

A confirmation counts only from another phone than the entry's, so one phone cannot
settle a result alone by tapping another name.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language

from tafelrunde.i18n import DEFAULT_LANGUAGE, msg

KEY = "table-phone"  # in the session: this phone's own random key


def phone_of(request: HttpRequest) -> str:
    """This phone's mark (a digest of its session's key, made on its first visit)."""
    key = request.session.get(KEY)
    if not isinstance(key, str):
        key = secrets.token_urlsafe(24)
        request.session[KEY] = key
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def phone_number(facts: Iterable[Any], phone: str) -> int:
    """The phone's number in a tournament: phones counted in the order they first entered
    or confirmed something (a new phone gets the next number)."""
    seen = list(dict.fromkeys(p for f in facts if (p := getattr(f, "phone", ""))))
    return seen.index(phone) + 1 if phone in seen else len(seen) + 1


def with_phone(by: str, facts: Iterable[Any], phone: str) -> str:
    """Who did it, with the phone: 'Tisch 3 · Anna (Handy 2)'."""
    words = msg("{who} (phone {number})", who=by, number=phone_number(facts, phone))
    return words.text((get_language() or DEFAULT_LANGUAGE).split("-")[0])
