"""Addresses for phones: where table links, passes and sign-up pages start, and their QR codes
(pages of several apps show them)."""

from __future__ import annotations

import segno
from django.http import HttpRequest

from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.hosts import public_base


def link_base(request: HttpRequest) -> tuple[str, bool]:
    """The start of table links for phones, and whether phones can reach it."""
    base = public_base(int(request.get_port() or 80))
    if base is not None:
        return base, True
    return request.build_absolute_uri("/").rstrip("/"), False


_QR: Kept[tuple[str, str], str] = Kept(1024)


def qr_svg(address: str, title: str) -> str:
    """A QR code of an address as inline SVG (sized by the page); kept, as the links page is
    reloaded often and a link's address stays."""
    return _QR.get(
        (address, title),
        lambda: segno.make(address, error="m").svg_inline(scale=4, omitsize=True, title=title),
    )
