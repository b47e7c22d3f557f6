"""Messages with English ids and parameters, translated with gettext where they are shown.

The pure layers only mark their texts (`msg`, `msg_n`); the command line and the web
translate them with the one catalogue in `tafelrunde/locale` (domain "django", so that
Django reads the same file). German is the default language.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "django"  # Django looks for this name; the engine and the CLI share the file
SOURCE_LANGUAGE = "en"  # the message ids
DEFAULT_LANGUAGE = "de"

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]
Inner = Callable[["Message"], str]  # renders a message given as a parameter


@dataclass(frozen=True)
class Message:
    """A text to show: its English id (with {name} placeholders), plural form and parameters."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None

    def render(self, gettext_: Gettext, ngettext_: Ngettext) -> str:
        """The text made by these translation functions, parameters filled in."""
        return self.render_with(gettext_, ngettext_, lambda m: m.render(gettext_, ngettext_))

    def render_with(self, gettext_: Gettext, ngettext_: Ngettext, inner: Inner) -> str:
        """The text, each message among the parameters made text by `inner` (a memo's)."""
        if self.plural is not None and self.count is not None:
            pattern = ngettext_(self.id, self.plural, self.count)
        else:
            pattern = gettext_(self.id)
        values = {k: _rendered(v, inner) for k, v in self.params.items()}
        if self.count is not None:
            values.setdefault("n", self.count)
        return pattern.format_map(values) if values else pattern  # no parameters: literal

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The text in one language (the catalogue's, else English)."""
        t = translation(lang)
        return self.render(t.gettext, t.ngettext)

    def __str__(self) -> str:
        """The English text."""
        return self.render(lambda s: s, lambda s, p, n: s if n == 1 else p)


def _rendered(value: Any, inner: Inner) -> Any:
    """A parameter made text: a message translated, a list of messages joined by "; "."""
    if isinstance(value, Message):
        return inner(value)
    if isinstance(value, list | tuple):
        return "; ".join(str(_rendered(v, inner)) for v in value)
    return value


def msg(text: str, /, **params: Any) -> Message:
    """Mark a text for translation (English, with {name} placeholders for `params`)."""
    return Message(text, params)


def msg_n(singular: str, plural: str, count: int, /, **params: Any) -> Message:
    """Mark a text whose form depends on a number ({n} is that number)."""
    return Message(singular, params, plural, count)


Text = Message | str


def text_in(value: Text, lang: str = DEFAULT_LANGUAGE) -> str:
    """A message in one language; a plain string (a name, a number) as it is."""
    return value.text(lang) if isinstance(value, Message) else value


def locale_dir() -> Path:
    """The folder of the catalogues (another one for a test: TAFELRUNDE_LOCALE_DIR)."""
    return Path(os.environ.get("TAFELRUNDE_LOCALE_DIR") or LOCALE_DIR)


@cache
def _translation(folder: str, lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, folder, languages=[lang], fallback=True)


def translation(lang: str) -> gettext.NullTranslations:
    """The translations of one language (English: none needed)."""
    return _translation(str(locale_dir()), lang)


def languages() -> list[str]:
    """The languages there are: German, English, and every other catalogue in the folder."""
    found = {
        p.parent.parent.name
        for p in locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.po")
        if p.parent.parent.name not in (DEFAULT_LANGUAGE, SOURCE_LANGUAGE)
    }
    return [DEFAULT_LANGUAGE, SOURCE_LANGUAGE, *sorted(found)]
