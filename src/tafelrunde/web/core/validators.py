"""Form validators shared by the apps."""

from __future__ import annotations

from typing import Any

from django import forms

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import checked_text
from tafelrunde.web.core.templatetags.tafel import translated


def one_line(value: Any) -> None:
    """Refuse a text with control or invisible format characters (bidi overrides, zero widths)."""
    try:
        checked_text(str(value), field="", length=10_000)
    except RuleError as err:
        raise forms.ValidationError(translated(err.msg)) from None
