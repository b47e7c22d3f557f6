"""Table links: each token is derived from a random nonce and the server's key by Django's
signing (a Signer's signature, cut to 24 characters), and stored as a digest only: a copy of
the database opens no table, and the organiser's pages can show a link again; renewed at once.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.http import HttpRequest

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import link_base
from tafelrunde.web.core.seat import Where
from tafelrunde.web.table.models import TableLink
from tafelrunde.web.table.old_links import unsealed

TOKEN_BYTES = 18  # 144 bits; 24 characters in the address
TOKEN_LENGTH = 4 * TOKEN_BYTES // 3
_TOKEN = re.compile(r"[A-Za-z0-9_-]{24}", re.ASCII)
SALT = "tafelrunde.table.link"
DERIVED = "s1:"  # in `sealed`: the nonce a token is derived from follows
# read only when the tournament is first loaded (the kept copy has them): not on every visit
_HEAVY = ("tournament__players", "tournament__ruleset")


def digest_of(token: str) -> str:
    """The digest under which a token is kept."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def derived(nonce: str, key: str | bytes | None = None, salt: str = SALT) -> str:
    """The token of a nonce under the server's key (or the one given)."""
    signer = signing.Signer(key=key or settings.SECRET_KEY, salt=salt, algorithm="sha256")
    return signer.signature(nonce)[:TOKEN_LENGTH]


def sealed_token(sealed: str, digest: str, salt: str = SALT) -> str | None:
    """The token kept as `sealed` and `digest`, or None when no server key (current or
    fallback) gives it."""
    if not sealed.startswith(DERIVED):
        return unsealed(sealed, digest)  # a link made before tokens were derived
    nonce = sealed.removeprefix(DERIVED)
    for key in [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]:
        token = derived(nonce, key, salt)
        if hmac.compare_digest(digest_of(token), digest):
            return token
    return None


def new_token(salt: str = SALT) -> tuple[str, str]:
    """A new token and what is kept of it besides its digest ("s1:" and its nonce)."""
    nonce = secrets.token_urlsafe(24)
    return derived(nonce, salt=salt), DERIVED + nonce


def well_formed(token: object) -> bool:
    """Say whether a token has the form of a link's (checked before any query)."""
    return isinstance(token, str) and bool(_TOKEN.fullmatch(token))


def shown(link: TableLink) -> str | None:
    """The link's token, or None when no server key (current or fallback) gives it."""
    return sealed_token(link.sealed, link.digest)


def find(token: str) -> TableLink | None:
    """The link a token opens, or None (a malformed, old or renewed token)."""
    if not well_formed(token):
        return None
    found = TableLink.objects.select_related("tournament").defer(*_HEAVY)
    return found.filter(digest=digest_of(token)).first()


def tokens_for(rec: TournamentRecord, wanted: Iterable[Where]) -> dict[Where, str]:
    """The tokens of these tables' links; a link is made when first asked for."""
    wanted = list(dict.fromkeys(wanted))
    if not wanted:
        return {}
    stages, tables = {w.stage for w in wanted}, {w.table for w in wanted}
    links = TableLink.objects.filter(tournament=rec, stage__in=stages, table__in=tables)
    found = {Where(k.stage, k.game, k.table): k for k in links}
    out: dict[Where, str] = {}
    for where in wanted:
        link = found.get(where)
        token = shown(link) if link is not None else None
        if token is None:
            token = _make(rec, where, link)
        out[where] = token
    return out


def _make(rec: TournamentRecord, where: Where, old: TableLink | None) -> str:
    """Make a table's link (replacing one whose token can no longer be shown)."""
    token, sealed = new_token()
    try:
        with transaction.atomic():
            if old is not None:
                old.delete()
            TableLink.objects.create(
                tournament=rec, stage=where.stage, game=where.game, table=where.table,
                digest=digest_of(token), sealed=sealed,
            )  # fmt: skip
    except IntegrityError:  # another page made it at the same moment: show that one
        link = TableLink.objects.get(
            tournament=rec, stage=where.stage, game=where.game, table=where.table
        )
        return shown(link) or ""
    return token


def renew(rec: TournamentRecord) -> int:
    """Make every link of a tournament stop working (new ones are made when asked for)."""
    count, _ = TableLink.objects.filter(tournament=rec).delete()
    return count


def addresses(request: HttpRequest, rec: TournamentRecord, wanted: list[Where]) -> dict[Where, str]:
    """The full address of each table's link."""
    base = link_base(request)[0]
    tokens = tokens_for(rec, wanted)
    return {w: f"{base}/tisch/{t}/" for w, t in tokens.items()}
