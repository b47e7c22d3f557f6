"""The club's look as stored: read for every print page, changed on the settings page."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from tafelrunde.web.paper.models import ClubLook


def club_look() -> ClubLook:
    """The stored look (an empty one when nothing was saved yet)."""
    return ClubLook.objects.filter(pk=1).first() or ClubLook(pk=1)


def look_mark() -> tuple[object, ...] | None:
    """When the look last changed (a print page kept for everyone is made afresh then)."""
    return ClubLook.objects.filter(pk=1).values_list("changed_at").first()


def look_context() -> dict[str, Any]:
    """What the print pages show of the club: its name and, if any, its logo's address."""
    look = ClubLook.objects.filter(pk=1).defer("logo").first()
    has_logo = ClubLook.objects.filter(pk=1).exclude(logo=b"").exists()
    stamp = int(look.changed_at.timestamp()) if look else 0
    return {
        "club_name": look.club_name if look else "",
        "logo": has_logo,
        "logo_url": f"{reverse('print-logo')}?v={stamp}",
    }
