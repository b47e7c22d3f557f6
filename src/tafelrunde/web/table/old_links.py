"""Links made before tokens were derived: their token was sealed with a key stream from the
server's key. Only read (never made again), so the codes printed for them keep working."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

from django.conf import settings
from django.utils.encoding import force_bytes

_SEALED = re.compile(r"[0-9a-f]{36}", re.ASCII)  # 18 bytes, as hex


def unsealed(sealed: str, digest: str) -> str | None:
    """The token of a link sealed the old way, or None (another form, or another server key)."""
    if not _SEALED.fullmatch(sealed):
        return None
    for key in [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]:
        pad = hmac.new(force_bytes(key), b"tafelrunde table link " + digest.encode(), "sha256")
        opened = bytes(a ^ b for a, b in zip(bytes.fromhex(sealed), pad.digest(), strict=False))
        token = base64.urlsafe_b64encode(opened).decode("ascii")
        if hmac.compare_digest(hashlib.sha256(token.encode("ascii")).hexdigest(), digest):
            return token
    return None
