"""Template helpers: German/English text, exact numbers in the local format, money."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

from tafelrunde.engine.numbers import Num, display

register = template.Library()


def lang() -> str:
    """Return the active language: "de" or "en"."""
    return "en" if (get_language() or "de").startswith("en") else "de"


@register.simple_tag
def t(de: str, en: str) -> str:
    """Pick the German or English text."""
    return de if lang() == "de" else en


@register.filter
def num(value: Num | str | None) -> str:
    """Show an exact number with the local decimal separator (nothing for no value)."""
    return value if isinstance(value, str) else "" if value is None else display(value, lang())


@register.filter
def euro(value: Any) -> str:
    """Show an amount of money in the local format."""
    text = f"{value:.2f}" if not isinstance(value, str) else value
    if lang() == "de":
        text = text.replace(".", ",")
    return f"{text} €"


@register.filter
def lookup(mapping: dict[Any, Any], key: Any) -> Any:
    """Return mapping[key] (or nothing)."""
    return mapping.get(key) if mapping else None
