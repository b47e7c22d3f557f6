"""A password check beside Django's: no password that is published (the demo's, say)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from tafelrunde.web.core.startup import PUBLISHED_PASSWORDS


class PublishedPasswordValidator:
    """Refuse the passwords Tafelrunde itself publishes (the demo's, the well-known ones)."""

    def validate(self, password: str, user: Any = None) -> None:
        """Refuse a published password."""
        if password.casefold() in PUBLISHED_PASSWORDS:
            raise ValidationError(
                gettext("This password is published (e.g. the demo's); please choose your own."),
                code="password_published",
            )

    def get_help_text(self) -> str:
        """What the check asks for."""
        return gettext("Not a published password such as the demo's.")
