"""Actions a phone sends with a key of its own (made when the form was sent): kept on the
phone while the hall's Wi-Fi is away and sent again when it is back. The server takes each
key once: under the tournament's lock, in the same transaction as the write, the key is
stored with the answer; the same key again gets that answer and stores nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.log import message_data, message_from_data
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.typed import NOT_TYPED
from tafelrunde.web.core.writes import locked
from tafelrunde.web.table.models import SentKey

FIELD = NOT_TYPED[1]  # the form's field that carries the key (not shown as typed)
_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")


@dataclass(frozen=True)
class Told:
    """The answer to an action: its words and their kind (messages.SUCCESS, …)."""

    level: int
    said: Message
    fact: int | None = None  # the fact it stored, if any

    def tell(self, request: HttpRequest) -> None:
        """Say it on the next page."""
        messages.add_message(request, self.level, translated(self.said))


def key_of(request: HttpRequest) -> str:
    """The key the form was sent with ("": none, a page without JavaScript); refuse one no
    phone makes."""
    key = request.POST.get(FIELD, "")
    if key and not _SHAPE.fullmatch(key):
        raise RuleError(
            msg("This was sent with a broken key; nothing was saved. Please enter it again."),
            field=FIELD,
        )
    return key


def once(request: HttpRequest, rec_id: int, write: Callable[[], Told]) -> Told:
    """Run `write` for the request's key unless the key was taken before: then answer as
    then. A refusal (RuleError) stores nothing, neither the key."""
    key = key_of(request)
    if not key:
        return write()
    with locked(rec_id) as rec:
        if rec is None:
            return write()  # (the tournament is gone: the write refuses it)
        kept = SentKey.objects.filter(tournament=rec, key=key).first()
        if kept is not None:
            return Told(kept.level, message_from_data(kept.said, "key"), kept.fact)
        told = write()
        SentKey.objects.create(
            tournament=rec, key=key, level=told.level, said=message_data(told.said),
            fact=told.fact,
        )  # fmt: skip
        return told
