"""The one error type a user can cause: a message (id and parameters) and its field (all layers)."""

from __future__ import annotations

from tafelrunde.i18n import DEFAULT_LANGUAGE, Gettext, Message, Ngettext


class RuleError(Exception):
    """Refuse a user's input with a message an organiser understands, at its field."""

    def __init__(self, said: Message, *, field: str | None = None) -> None:
        self.msg = said
        self.field = field
        super().__init__(f"{field}: {said}" if field else str(said))

    def with_field(self, field: str | None) -> RuleError:
        """The same refusal at another field."""
        return RuleError(self.msg, field=field)

    def render(self, gettext_: Gettext, ngettext_: Ngettext) -> str:
        """The message made by these translation functions (without the field)."""
        return self.msg.render(gettext_, ngettext_)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The message in one language (without the field)."""
        return self.msg.text(lang)

    def message(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The message in one language, prefixed by the field when there is one."""
        text = self.text(lang)
        return f"{self.field}: {text}" if self.field else text


class _Pair(Message):
    """A log line kept as a German and an English text (written before messages had ids)."""

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The German or the English text."""
        return str(self.params["de"]) if lang == "de" else self.id

    def render(self, gettext_: Gettext, ngettext_: Ngettext) -> str:
        """The English text (a kept pair is shown with `text`)."""
        return self.id

    def __str__(self) -> str:
        """The English text."""
        return self.id


def pair(de: str, en: str) -> Message:
    """A message kept as a German and an English text (log lines of older versions)."""
    return _Pair(en, {"de": de})


def is_pair(m: Message) -> bool:
    """Tell whether a message is kept as two texts rather than an id."""
    return isinstance(m, _Pair)
