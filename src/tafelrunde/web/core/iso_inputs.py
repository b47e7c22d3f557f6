"""Date and time inputs whose value is ISO in every language (what the browser's pickers read)."""

from __future__ import annotations

from typing import Any

from django import forms

DATE, TIME, DATE_TIME = "%Y-%m-%d", "%H:%M", "%Y-%m-%dT%H:%M"


class IsoDateInput(forms.DateInput):
    """`<input type=date>` with YYYY-MM-DD, never the language's 31.01.2026."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        """A date picker with the ISO value."""
        super().__init__(attrs, format=DATE)


class IsoTimeInput(forms.TimeInput):
    """`<input type=time>` with HH:MM."""

    input_type = "time"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        """A time picker with the ISO value."""
        super().__init__(attrs, format=TIME)


class IsoDateTimeInput(forms.DateTimeInput):
    """`<input type=datetime-local>` with YYYY-MM-DDTHH:MM."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        """A date-and-time picker with the ISO value."""
        super().__init__(attrs, format=DATE_TIME)
