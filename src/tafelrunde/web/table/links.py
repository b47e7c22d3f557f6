"""Table links: random tokens, stored as a digest (a copy of the database opens no table) and
sealed with the server's key, so the organiser's pages can show them again; renewed at once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.table.models import TableLink

TOKEN_BYTES = 18  # 144 random bits; 24 characters in the address
_TOKEN = re.compile(r"[A-Za-z0-9_-]{24}", re.ASCII)
# read only when the tournament is first loaded (the kept copy has them): not on every visit
_HEAVY = ("tournament__players", "tournament__ruleset")


@dataclass(frozen=True)
class Where:
    """What a link is for: a stage's key, a game (0: the whole stage) and a table."""

    stage: str
    game: int
    table: int


def digest_of(token: str) -> str:
    """The digest under which a token is kept."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _pad(digest: str) -> bytes:
    """The key stream that seals one link's token (from the server's key, never stored)."""
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, b"tafelrunde table link " + digest.encode(), hashlib.sha256).digest()


def _seal(token: str, digest: str) -> str:
    """The token, sealed."""
    raw = base64.urlsafe_b64decode(token)
    return bytes(a ^ b for a, b in zip(raw, _pad(digest), strict=False)).hex()


def _unseal(link: TableLink) -> str | None:
    """The link's token, or None when the server's key changed since it was made."""
    try:
        raw = bytes.fromhex(link.sealed)
    except ValueError:
        return None
    opened = bytes(a ^ b for a, b in zip(raw, _pad(link.digest), strict=False))
    token = base64.urlsafe_b64encode(opened).decode("ascii")
    return token if hmac.compare_digest(digest_of(token), link.digest) else None


def new_token() -> str:
    """A fresh random token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def find(token: str) -> TableLink | None:
    """The link a token opens, or None (a malformed, old or renewed token)."""
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        return None
    found = TableLink.objects.select_related("tournament").defer(*_HEAVY)
    return found.filter(digest=digest_of(token)).first()


def tokens_for(rec: TournamentRecord, wanted: Iterable[Where]) -> dict[Where, str]:
    """The tokens of these tables' links; a link is made when first asked for."""
    wanted = list(dict.fromkeys(wanted))
    if not wanted:
        return {}
    stages = {w.stage for w in wanted}
    found = {
        Where(k.stage, k.game, k.table): k
        for k in TableLink.objects.filter(tournament=rec, stage__in=stages)
    }
    out: dict[Where, str] = {}
    for where in wanted:
        link = found.get(where)
        token = _unseal(link) if link is not None else None
        if token is None:
            token = _make(rec, where, link)
        out[where] = token
    return out


def _make(rec: TournamentRecord, where: Where, old: TableLink | None) -> str:
    """Make a table's link (replacing one whose token can no longer be shown)."""
    token = new_token()
    digest = digest_of(token)
    try:
        with transaction.atomic():
            if old is not None:
                old.delete()
            TableLink.objects.create(
                tournament=rec, stage=where.stage, game=where.game, table=where.table,
                digest=digest, sealed=_seal(token, digest),
            )  # fmt: skip
    except IntegrityError:  # another page made it at the same moment: show that one
        link = TableLink.objects.get(
            tournament=rec, stage=where.stage, game=where.game, table=where.table
        )
        return _unseal(link) or ""
    return token


def renew(rec: TournamentRecord) -> int:
    """Make every link of a tournament stop working (new ones are made when asked for)."""
    count, _ = TableLink.objects.filter(tournament=rec).delete()
    return count
