"""The one error type a user can cause, with a German and an English message (all layers)."""

from __future__ import annotations


class RuleError(Exception):
    """Refuse a user's input with a message an organiser understands (German and English)."""

    def __init__(self, de: str, en: str, *, field: str | None = None) -> None:
        self.de = de
        self.en = en
        self.field = field
        super().__init__(f"{field}: {de} / {en}" if field else f"{de} / {en}")

    def message(self, lang: str = "de") -> str:
        """Return the message in one language, prefixed by the field when there is one."""
        text = self.de if lang == "de" else self.en
        return f"{self.field}: {text}" if self.field else text
