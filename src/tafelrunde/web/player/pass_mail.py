"""The pass link a sign-up's mail brings, made when the mail is sent or shown (the outbox
keeps no token: a copy of the database opens no pass)."""

from __future__ import annotations

from django.urls import reverse

from tafelrunde.web.player import passes
from tafelrunde.web.player.models import PlayerPass

ABOUT = "pass"  # what such a mail's link opens, as the outbox names it


def pass_path(sign_up: int) -> str | None:
    """The path of the sign-up's pass now (None: it has none any more)."""
    kept = PlayerPass.objects.filter(sign_up_id=sign_up).first()
    token = passes.token_of(kept) if kept is not None else None
    return None if not token else reverse("player-pass", args=[token])
