"""`{% sign_up_url rec %}`: the address of a tournament's online sign-up while it is open
("": closed), for the public pages (which know nothing of the players' app)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from tafelrunde.web.player.signups import still_open

register = template.Library()


@register.simple_tag
def sign_up_url(rec: Any) -> str:
    """The sign-up form's address while players may sign up, else ""."""
    return reverse("sign-up", args=[rec.pk]) if still_open(rec) else ""
